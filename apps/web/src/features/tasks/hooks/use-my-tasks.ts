import { listEnvelope, projectSummarySchema, taskSchema } from "@plotline/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { todayString } from "../../../lib/dates.js";

/**
 * The parts of My Tasks. "Current" is open work not yet late; the API filters one due-date comparison at
 * a time, so it is read as two parts: due today or later, and without a due date.
 */
export type MyTasksPart = "due_later" | "no_due_date" | "outstanding" | "completed";

/** Tasks per page of each part. */
export const MY_TASKS_PER_PAGE = 20;

function filters(part: MyTasksPart, today: string): Record<string, string | number> {
  switch (part) {
    case "due_later":
      return { status: "incomplete", "due_date[operator]": "greater_than_equal", "due_date[date]": today };
    case "no_due_date":
      return { status: "incomplete", "due_date[operator]": "null" };
    case "outstanding":
      return { status: "incomplete", "due_date[operator]": "less_than", "due_date[date]": today };
    case "completed":
      return { status: 1 };
  }
}

/** One part of the signed-in user's tasks across projects, page after page. */
export function useMyTasks(userId: number, part: MyTasksPart) {
  const today = todayString();
  return useInfiniteQuery({
    queryKey: queryKeys.myTasks.part(userId, part, today),
    queryFn: ({ pageParam, signal }) =>
      api.get("pm/v2/tasks", {
        schema: listEnvelope(taskSchema),
        query: { users: userId, ...filters(part, today), per_page: MY_TASKS_PER_PAGE, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pagination.current_page < last.meta.pagination.total_pages ? last.meta.pagination.current_page + 1 : undefined),
  });
}

/** Titles of the projects the user may enter, by id, to name each task's project. */
export function useProjectTitles() {
  return useQuery({
    queryKey: queryKeys.projects.forUser,
    queryFn: async ({ signal }) => {
      const answer = await api.get("pm/v2/user-all-projects", { schema: z.object({ data: z.array(projectSummarySchema) }), signal });
      return new Map(answer.data.map((project) => [project.id, project.title]));
    },
    staleTime: 60_000,
  });
}
