import { listEnvelope, PROGRESS_PER_PAGE, progressDaySchema } from "@plotline/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../api/client.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { queryKeys } from "../../../lib/query-keys.js";

const progressPageSchema = listEnvelope(progressDaySchema);

/** Whether the Progress module is switched on. */
export function useProgressOn(): boolean {
  return useCurrentMe().active_modules.includes("progress");
}

/**
 * The Progress feed, page after page, until `pages` pages are loaded (the route's page number: Load More
 * moves the route to the next page, and a shared address at page 3 shows the first three).
 */
export function useProgress(pages: number) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.progress.all,
    queryFn: ({ pageParam, signal }) =>
      api.get("pm-pro/v2/progress", { schema: progressPageSchema, query: { page: pageParam, per_page: PROGRESS_PER_PAGE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const { current_page: current, total_pages: totalPages } = last.meta.pagination;
      return current < totalPages ? current + 1 : undefined;
    },
  });
  const loaded = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (loaded > 0 && loaded < pages && hasNextPage && !isFetchingNextPage && !isFetching) void fetchNextPage();
  }, [loaded, pages, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage]);
  return query;
}
