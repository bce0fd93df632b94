import { activitySchema, advanceReportEnvelope, listEnvelope, projectSummarySchema, REPORT_PAGE_SIZE, taskSchema, userSchema } from "@plotline/contracts";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** Whether the Reports module is switched on. */
export function useReportsOn(): boolean {
  return useCurrentMe().active_modules.includes("reports");
}

type Query = Record<string, string | number | undefined>;

/**
 * A page of a task report (`GET pm/v2/tasks` with the report's query). `enabled` false while the report
 * lacks a required filter (the milestone report without its milestone), so nothing is asked in vain.
 */
export function useReportTasks(report: string, query: Query, page: number, enabled = true) {
  const params = { ...query, page };
  return useQuery({
    queryKey: queryKeys.reports.page(report, params),
    queryFn: ({ signal }) => api.get("pm/v2/tasks", { schema: listEnvelope(taskSchema), query: { ...query, per_page: REPORT_PAGE_SIZE, page }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A page of one co-worker's activities, oldest first (`GET pm/v2/activities`). */
export function useReportActivities(query: Query, page: number, enabled: boolean) {
  const params = { ...query, page };
  return useQuery({
    queryKey: queryKeys.reports.page("user-activities", params),
    queryFn: ({ signal }) =>
      api.get("pm/v2/activities", {
        schema: listEnvelope(activitySchema),
        query: { ...query, with: "actor,project", orderby: "created_at ASC", per_page: REPORT_PAGE_SIZE, page },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A page of the advanced report; `filters` is the JSON text of the rows, null until Generate. */
export function useAdvanceReport(filters: string | null, page: number) {
  return useQuery({
    queryKey: queryKeys.reports.page("advance-tasks", { filters: filters ?? "", page }),
    queryFn: ({ signal }) => api.get("pm-pro/v2/advance-report", { schema: advanceReportEnvelope, query: { filters: filters ?? undefined, page }, signal }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every project, for the project select and to name a task row's project. */
export function useReportProjects() {
  return useQuery({
    queryKey: queryKeys.reports.projects,
    queryFn: async ({ signal }) => (await api.get("pm/v2/user-all-projects", { schema: z.object({ data: z.array(projectSummarySchema) }), signal })).data,
    staleTime: 60_000,
  });
}

/** Every user, for the co-worker select (by display name). */
export function useReportUsers() {
  return useQuery({
    queryKey: queryKeys.reports.users,
    queryFn: async ({ signal }) => (await api.get("pm/v2/users", { schema: listEnvelope(userSchema), query: { per_page: -1 }, signal })).data,
    staleTime: 60_000,
  });
}

const titledAnswer = z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string() })) });

/** The open milestones of a project for the milestone select (`per_page=20&status=0`, as the documents ask). */
export function useReportMilestones(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.reports.milestones(projectId ?? 0),
    queryFn: async ({ signal }) => (await api.get(`pm/v2/projects/${projectId}/milestones`, { schema: titledAnswer, query: { per_page: 20, status: 0 }, signal })).data,
    enabled: projectId !== null,
    staleTime: 60_000,
  });
}

/** The titles of the task lists of the projects on a page, by list id, to head each group of rows. */
export function useListTitles(projectIds: readonly number[]): Map<number, string> {
  const answers = useQueries({
    queries: projectIds.map((projectId) => ({
      queryKey: queryKeys.reports.lists(projectId),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.get(`pm/v2/projects/${projectId}/task-lists`, { schema: titledAnswer, query: { per_page: -1 }, signal })).data,
      staleTime: 60_000,
    })),
  });
  const titles = new Map<number, string>();
  for (const answer of answers) for (const list of answer.data ?? []) titles.set(list.id, list.title);
  return titles;
}
