import type { Pagination } from "@plotline/contracts";

/** A page request resolved to SQL terms. `limit` is null when every row was asked for (`per_page=-1`). */
export interface PageRequest {
  page: number;
  perPage: number;
  limit: number | null;
  offset: number;
}

/** Resolves `page` and `per_page` (-1 for all) to a limit and offset. */
export function pageRequest(page: number | undefined, perPage: number | undefined, defaultPerPage: number): PageRequest {
  const size = perPage === undefined || perPage === 0 ? defaultPerPage : perPage;
  const current = Math.max(1, page ?? 1);
  if (size < 0) return { page: 1, perPage: -1, limit: null, offset: 0 };
  return { page: current, perPage: size, limit: size, offset: (current - 1) * size };
}

/** The `meta.pagination` block for a page of `count` rows out of `total`. */
export function paginationMeta(request: PageRequest, total: number, count: number): Pagination {
  const perPage = request.limit === null ? Math.max(total, count) : request.perPage;
  return {
    total,
    count,
    per_page: perPage,
    current_page: request.page,
    total_pages: perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1,
  };
}
