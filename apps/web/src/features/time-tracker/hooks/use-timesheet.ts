import { listEnvelope, projectSchema, taskSchema, timesheetResponse, type User } from "@plotline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

/**
 * One week of a timesheet: the caller's (`userId` null) or a member's, for managers. `start` is the
 * week's Monday, or null for this week as the server counts it (the site's time zone). The week shown
 * stays while the next one loads, so the grid does not jump.
 */
export function useTimesheet(userId: number | null, start: string | null) {
  return useQuery({
    queryKey: queryKeys.timeTracker.timesheet(userId, start),
    queryFn: async ({ signal }) =>
      (await api.get("pm-pro/v2/timesheet", { schema: timesheetResponse, query: { user_id: userId ?? undefined, start: start ?? undefined, days: 7 }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Projects read at once to find the members a project manager may open the timesheet of. */
const MANAGED_PROJECTS_MAX = 500;

/**
 * The people whose timesheets a project manager may open: the members of the projects they manage
 * (the server shows them the time of those projects only). Asked only while `enabled`; site managers
 * search every user instead.
 */
export function useManagedMembers(enabled: boolean) {
  const query = { per_page: MANAGED_PROJECTS_MAX, page: 1 };
  return useQuery({
    queryKey: queryKeys.projects.list({ ...query, purpose: "timesheet-members" }),
    queryFn: async ({ signal }) => {
      const answer = await api.get("pm/v2/projects", { schema: listEnvelope(projectSchema), query, signal });
      const members = new Map<number, User>();
      for (const project of answer.data) {
        if (!project.abilities.can_manage) continue;
        for (const member of project.assignees.data) if (!members.has(member.id)) members.set(member.id, member);
      }
      return [...members.values()].sort((a, b) => a.display_name.localeCompare(b.display_name));
    },
    enabled,
    staleTime: 60_000,
  });
}

/** Tasks offered at once when adding a row to the timesheet; typing searches the rest by title. */
const OPEN_TASKS_PER_PAGE = 50;

/** The signed-in user's open tasks (assigned to them) whose title holds `title`, newest first, to log time on. */
export function useOpenTasksForTime(userId: number, title: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myTasks.openForTime(userId, title),
    queryFn: async ({ signal }) =>
      (await api.get("pm/v2/tasks", { schema: listEnvelope(taskSchema), query: { users: userId, status: "incomplete", title: title || undefined, per_page: OPEN_TASKS_PER_PAGE }, signal })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}
