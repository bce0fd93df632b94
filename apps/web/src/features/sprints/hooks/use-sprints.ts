import {
  addSprintTasksResponse,
  completeSprintResponse,
  listEnvelope,
  messageSchema,
  projectSchema,
  SPRINT_BACKLOG_PAGE_SIZE,
  sprintBacklogResponse,
  sprintBurndownResponse,
  sprintListResponse,
  sprintRefreshResponse,
  sprintResponse,
  type CreateSprintBody,
  type Sprint,
  type UpdateSprintBody,
} from "@plotline/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** Paths of the sprints' calls, under `/api/`. */
export const SPRINTS_PATH = "pm-pro/v2/sprints";
const sprintPath = (sprintId: number) => `${SPRINTS_PATH}/${sprintId}`;

/** Completed sprints a page of the Completed tab shows. */
export const COMPLETED_PAGE_SIZE = 12;
/** Tasks the backlog panel lists for one search (the server's page size for the backlog). */
export const BACKLOG_PAGE_SIZE = SPRINT_BACKLOG_PAGE_SIZE;

/** Whether the modules list has sprints on: the pages and the menu entry are gone while it is off. */
export function useSprintsOn(): boolean {
  return useCurrentMe().active_modules.includes("sprint");
}

/**
 * `GET sprints/refresh`: the caller's active and planned sprints with fresh counters, and in `meta` who may
 * plan one. One query; the hooks below each select their part of it.
 */
const openSprintsOptions = queryOptions({
  queryKey: queryKeys.sprints.open,
  queryFn: ({ signal }) => api.get(`${SPRINTS_PATH}/refresh`, { schema: sprintRefreshResponse, signal }),
});

/** The caller's active and planned sprints with fresh counters, active first. */
export function useOpenSprints() {
  return useQuery({ ...openSprintsOptions, select: (answer) => answer.data });
}

/**
 * Who may plan a sprint, as the server decides it: `abilities.can_create` shows "New sprint" and
 * `plannable_project_ids` are the form's project choices.
 */
export function useSprintPlanning() {
  return useQuery({ ...openSprintsOptions, select: (answer) => answer.meta });
}

/** A page of completed sprints, the latest first. */
export function useCompletedSprints(page: number) {
  const query = { status: "completed", page, per_page: COMPLETED_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.sprints.list(query),
    queryFn: ({ signal }) => api.get(SPRINTS_PATH, { schema: sprintListResponse, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The query of one sprint with its tasks, projects and creator. */
function sprintOptions(sprintId: number) {
  return queryOptions({
    queryKey: queryKeys.sprints.one(sprintId),
    queryFn: async ({ signal }) => (await api.get(sprintPath(sprintId), { schema: sprintResponse, query: { with: "tasks,projects,creator" }, signal })).data,
    enabled: Number.isInteger(sprintId) && sprintId > 0,
  });
}

/** One sprint with its tasks, projects and creator. */
export function useSprint(sprintId: number) {
  return useQuery(sprintOptions(sprintId));
}

/** One sprint's burndown: each day's figures against the ideal line, and what happened to its scope. */
export function useSprintBurndown(sprintId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sprints.burndown(sprintId),
    queryFn: async ({ signal }) => (await api.get(`${sprintPath(sprintId)}/burndown`, { schema: sprintBurndownResponse, signal })).data,
    enabled,
  });
}

/**
 * A page of the backlog of `projectIds` (`GET sprints/backlog`): their open top-level tasks in no planned or
 * active sprint that the caller may see, whose title holds `title` (all when empty), newest first.
 */
export function useBacklogSearch(projectIds: readonly number[], title: string) {
  return useQuery({
    queryKey: queryKeys.sprints.backlogSearch(projectIds, title),
    queryFn: ({ signal }) =>
      api.get(`${SPRINTS_PATH}/backlog`, { schema: sprintBacklogResponse, query: { project_id: projectIds, title, per_page: BACKLOG_PAGE_SIZE }, signal }),
    enabled: projectIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

const projectsAnswer = listEnvelope(projectSchema);

/**
 * The open projects the signed-in user may plan a sprint over: the server's `plannable_project_ids`, with
 * their titles from the projects list. Empty while either loads.
 */
export function usePlannableProjects() {
  const planning = useSprintPlanning();
  const plannable = planning.data?.plannable_project_ids;
  const query = { status: "incomplete", per_page: -1 };
  const projects = useQuery({
    queryKey: queryKeys.projects.list({ ...query, for: "sprints" }),
    queryFn: async ({ signal }) => (await api.get("pm/v2/projects", { schema: projectsAnswer, query, signal })).data,
    staleTime: 60_000,
    enabled: (plannable?.length ?? 0) > 0,
  });
  const data = useMemo(() => {
    const ids = new Set(plannable ?? []);
    return (projects.data ?? []).filter((project) => ids.has(project.id));
  }, [plannable, projects.data]);
  return { data, isPending: planning.isPending || ((plannable?.length ?? 0) > 0 && projects.isPending) };
}

/** Writes a sprint's new answer over the one on screen (keeping its tasks when the answer has none), then marks the rest stale. */
function storeSprint(queryClient: QueryClient, sprint: Sprint): Promise<void> {
  queryClient.setQueryData(queryKeys.sprints.one(sprint.id), (old: Sprint | undefined) => ({ ...sprint, tasks: sprint.tasks ?? old?.tasks }));
  return invalidateAfter(queryClient, { entity: "sprint" });
}

/** Plans a sprint. */
export function useCreateSprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSprintBody) => api.post(SPRINTS_PATH, { schema: sprintResponse, body }),
    onSuccess: (answer) => storeSprint(queryClient, answer.data),
  });
}

/** Changes a sprint's fields; only those given change. */
export function useUpdateSprint(sprintId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSprintBody) => api.post(`${sprintPath(sprintId)}/update`, { schema: sprintResponse, body }),
    onSuccess: (answer) => storeSprint(queryClient, answer.data),
  });
}

/** Deletes a sprint; its tasks go back to the backlog. */
export function useDeleteSprint(sprintId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${sprintPath(sprintId)}/delete`, { schema: messageSchema }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.sprints.one(sprintId) });
      return invalidateAfter(queryClient, { entity: "sprint" });
    },
  });
}

/** Starts a planned sprint: its scope is snapshotted for the burndown. */
export function useStartSprint(sprintId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${sprintPath(sprintId)}/start`, { schema: sprintResponse }),
    onSuccess: (answer) => storeSprint(queryClient, answer.data),
  });
}

/** Completes an active sprint, its open tasks carried over to a planned sprint (an id) or to the backlog (null). */
export function useCompleteSprint(sprintId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carryOverTo: number | null) => api.post(`${sprintPath(sprintId)}/complete`, { schema: completeSprintResponse, body: { carry_over_to: carryOverTo } }),
    onSuccess: (answer) => storeSprint(queryClient, answer.data),
  });
}

/**
 * Puts tasks in the sprint, or takes one out. Silent: the page toasts these itself (a drag's toast names
 * the task and offers to undo it), and shows refusals with the task put back where it was.
 */
export function useSprintTaskMoves(sprintId: number) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (taskIds: readonly number[]) => api.post(`${sprintPath(sprintId)}/tasks`, { schema: addSprintTasksResponse, body: { task_ids: taskIds } }),
    meta: { silent: true },
    onSettled: () => invalidateAfter(queryClient, { entity: "sprint" }),
  });
  const remove = useMutation({
    mutationFn: (taskId: number) => api.post(`${sprintPath(sprintId)}/tasks/${taskId}/delete`, { schema: messageSchema }),
    meta: { silent: true },
    onSettled: () => invalidateAfter(queryClient, { entity: "sprint" }),
  });
  return { add, remove };
}
