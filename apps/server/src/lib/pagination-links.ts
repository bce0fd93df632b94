import type { PaginationLinks } from "@plotline/contracts";

/** The parts of `meta.pagination` the links are worked out from. */
interface PageNumbers {
  current_page: number;
  total_pages: number;
}

/**
 * The host's `links` of a page: `next` and `previous` as the request's own path and query string with
 * only `page` changed, each left out when there is no such page (as the host's paginator did).
 */
export function paginationLinks(requestUrl: string, pagination: PageNumbers): PaginationLinks {
  const links: PaginationLinks = {};
  if (pagination.current_page < pagination.total_pages) links.next = withPage(requestUrl, pagination.current_page + 1);
  // Past the end, "previous" is the last page that has rows.
  if (pagination.current_page > 1) links.previous = withPage(requestUrl, Math.min(pagination.current_page - 1, pagination.total_pages));
  return links;
}

/** The URL with `page=<n>`, every other parameter kept byte for byte (bracket names included). */
function withPage(requestUrl: string, page: number): string {
  const queryStart = requestUrl.indexOf("?");
  const path = queryStart === -1 ? requestUrl : requestUrl.slice(0, queryStart);
  const query = queryStart === -1 ? "" : requestUrl.slice(queryStart + 1);
  const kept = query.split("&").filter((part) => part !== "" && part.split("=")[0] !== "page");
  return `${path}?${[...kept, `page=${page}`].join("&")}`;
}
