import { kanboardColumnResponse, kanboardListResponse, type KanboardTaskPage } from "@plotline/contracts";
import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { cardsOf, FIRST_COLUMN_PAGE, nextColumnPage, totalOf, type ColumnPageParam } from "../lib/board-pages.js";
import { kanboardPath } from "./use-kanboard-on.js";

/**
 * The board's two reads, shared by the board and by the warm-up that starts them before the board's code
 * has arrived (`useKanboardWarmUp`). Kept apart from the board's other hooks so the warm-up stays small.
 */

const emptyPage = (param: ColumnPageParam): KanboardTaskPage => ({
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: param.per_page, current_page: param.page, total_pages: 0 } },
});

/** The infinite query of one column's cards: 50 a page, each further page asked from how many are loaded. */
export function columnCardsOptions(projectId: number, columnId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.kanboard.column(projectId, columnId),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.get(`${kanboardPath(projectId)}/${columnId}/`, { schema: kanboardColumnResponse, query: { page: pageParam.page, per_page: pageParam.per_page }, signal });
      return answer.data.task ?? emptyPage(pageParam);
    },
    initialPageParam: FIRST_COLUMN_PAGE,
    getNextPageParam: (_last, pages) => nextColumnPage(cardsOf(pages).length, totalOf(pages)),
  });
}

/**
 * The query of the board's columns. Each column's first page is asked for as soon as the columns are
 * known, before the columns are drawn and ask for it themselves; only for columns never loaded, since the
 * columns are read again after every move and their cards are not.
 */
export function kanboardColumnsOptions(queryClient: QueryClient, projectId: number) {
  return queryOptions({
    queryKey: queryKeys.kanboard.columns(projectId),
    queryFn: async ({ signal }) => {
      const answer = await api.get(kanboardPath(projectId), { schema: kanboardListResponse, signal });
      for (const column of answer.data) {
        const options = columnCardsOptions(projectId, column.id);
        if (queryClient.getQueryData(options.queryKey) === undefined) void queryClient.prefetchInfiniteQuery(options);
      }
      return answer;
    },
  });
}
