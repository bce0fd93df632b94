import { activitySchema, listEnvelope } from "@plotline/contracts";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

const activityListSchema = listEnvelope(activitySchema);

/** The largest page the activities call serves. */
const MAX_PER_PAGE = 200;
/** Pages read at most for the graph, so a very busy project costs a bounded number of calls. */
const MAX_GRAPH_PAGES = 5;

/** The latest activities of a project, newest first, with their actors. */
export function useRecentActivities(projectId: number, perPage = 10) {
  const params = { with: "actor", per_page: perPage, page: 1 };
  return useQuery({
    queryKey: queryKeys.project.activityPage(projectId, params),
    queryFn: ({ signal }) => api.get(`pm/v2/projects/${projectId}/activities`, { schema: activityListSchema, query: params, signal }),
  });
}

/** One day of the activity graph. */
export interface ActivityDay {
  /** YYYY-MM-DD. */
  date: string;
  count: number;
}

/**
 * Activities per day over the last `days` days (today included), zeros filled in. Reads up to
 * MAX_GRAPH_PAGES pages of the feed; `truncated` says when the project was busier than that.
 */
export function useActivityGraph(projectId: number, days = 30) {
  const end = dayjs();
  const start = end.subtract(days - 1, "day");
  const params = { updated_at_start: start.format("YYYY-MM-DD"), updated_at: end.format("YYYY-MM-DD"), per_page: MAX_PER_PAGE };
  return useQuery({
    queryKey: queryKeys.project.activityPage(projectId, { ...params, graph: days }),
    queryFn: async ({ signal }) => {
      const counts = new Map<string, number>();
      let page = 1;
      let totalPages = 1;
      do {
        const answer = await api.get(`pm/v2/projects/${projectId}/activities`, { schema: activityListSchema, query: { ...params, page }, signal });
        for (const activity of answer.data) counts.set(activity.committed_at.date, (counts.get(activity.committed_at.date) ?? 0) + 1);
        totalPages = answer.meta.pagination.total_pages;
        page += 1;
      } while (page <= totalPages && page <= MAX_GRAPH_PAGES);
      const series: ActivityDay[] = Array.from({ length: days }, (_unused, index) => {
        const date = start.add(index, "day").format("YYYY-MM-DD");
        return { date, count: counts.get(date) ?? 0 };
      });
      return { series, truncated: totalPages > MAX_GRAPH_PAGES, total: series.reduce((sum, day) => sum + day.count, 0) };
    },
  });
}
