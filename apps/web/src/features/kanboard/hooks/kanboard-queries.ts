import { KANBOARD_OPENING_PAGE_SIZE, kanboardColumnResponse, kanboardListResponse, type KanboardTaskPage } from "@plotline/contracts";
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

/** What the board's opening brought of each column: its first cards. */
const OPENING_PAGE: ColumnPageParam = { page: 1, per_page: KANBOARD_OPENING_PAGE_SIZE };

/**
 * The query of the board's columns. The first reading of a board asks for each column's first page with
 * it (`with=tasks`): one call, not one per column. Later readings (the columns are read again after every
 * move) come without cards, and only a column never loaded has its first page asked for.
 */
export function kanboardColumnsOptions(queryClient: QueryClient, projectId: number) {
  const key = queryKeys.kanboard.columns(projectId);
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const isFirstReading = queryClient.getQueryData(key) === undefined;
      const answer = await api.get(kanboardPath(projectId), { schema: kanboardListResponse, query: isFirstReading ? { with: "tasks" } : {}, signal });
      const columns = answer.data.map(({ task, ...column }) => {
        const options = columnCardsOptions(projectId, column.id);
        if (queryClient.getQueryData(options.queryKey) === undefined) {
          if (task) queryClient.setQueryData(options.queryKey, { pages: [task], pageParams: [OPENING_PAGE] });
          else void queryClient.prefetchInfiniteQuery(options);
        }
        return column;
      });
      // The cards live in the columns' own queries: the columns query keeps the columns alone.
      return { ...answer, data: columns };
    },
  });
}
