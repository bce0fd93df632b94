import { SEARCH_LIMITS, searchAnswerSchema, type SearchAnswer, type SearchModel } from "@plotline/contracts";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** What the projects-list box searches: projects, and everything inside them the project box searches. */
export const GLOBAL_SEARCH_MODELS: readonly SearchModel[] = ["project", "task", "task_list", "discussion_board", "milestone", "comment", "doc"];

/** Where a search box searches. */
export type SearchScope = { kind: "global" } | { kind: "project"; projectId: number };

/** The text a box searches for once typing pauses: trimmed, or "" while it is too short for the box. */
export function useSearchText(typed: string, scope: SearchScope): string {
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_LIMITS.debounceMs);
  const min = scope.kind === "global" ? SEARCH_LIMITS.globalMinLength : SEARCH_LIMITS.projectMinLength;
  return debounced.length >= min ? debounced : "";
}

/** The page after `last`, while the search has more (the server reaches no deeper than its best 1,000). */
function nextPage(last: SearchAnswer): number | undefined {
  const { current_page: current, total_pages: pages } = last.meta.pagination;
  return current < pages ? current + 1 : undefined;
}

/**
 * Results for a box, a page at a time ("Show more" asks for the next). A new search aborts the pending
 * one: TanStack Query cancels the signal of a query nobody observes any longer, and the client passes it
 * to fetch. Blank text asks nothing.
 */
export function useSearch(text: string, scope: SearchScope) {
  const enabled = text.length > 0;
  return useInfiniteQuery({
    queryKey: scope.kind === "global" ? queryKeys.search.global(text) : queryKeys.project.search(scope.projectId, text),
    queryFn: ({ signal, pageParam }) =>
      scope.kind === "global"
        ? api.get("pm/v2/search", { schema: searchAnswerSchema, query: { query: text, model: GLOBAL_SEARCH_MODELS, page: pageParam }, signal })
        : api.get("pm-pro/v2/search_by_client", { schema: searchAnswerSchema, query: { query: text, project_id: scope.projectId, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    // The panel keeps the last results on screen while the next ones load, with a spinner.
    placeholderData: keepPreviousData,
  });
}
