import {
  addSprintTasksResponse,
  completeSprintResponse,
  listEnvelope,
  messageSchema,
  projectSchema,
  sprintBurndownResponse,
  sprintListResponse,
  sprintRefreshResponse,
  sprintResponse,
  taskSchema,
  type CreateSprintBody,
  type Sprint,
  type UpdateSprintBody,
} from "@plotline/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { plannableProjects } from "../lib/sprint-planning.js";
import { otherOpenSprints } from "../lib/sprint-tasks.js";

/** Paths of the sprints' calls, under `/api/`. */
export const SPRINTS_PATH = "pm-pro/v2/sprints";
const sprintPath = (sprintId: number) => `${SPRINTS_PATH}/${sprintId}`;

/** Completed sprints a page of the Completed tab shows. */
export const COMPLETED_PAGE_SIZE = 12;
/** Tasks the backlog panel lists for one search. */
export const BACKLOG_PAGE_SIZE = 50;

/** Whether the modules list has sprints on: the pages and the menu entry are gone while it is off. */
export function useSprintsOn(): boolean {
  return useCurrentMe().active_modules.includes("sprint");
}

/** The caller's active and planned sprints with fresh counters (`GET sprints/refresh`), active first. */
export function useOpenSprints() {
  return useQuery({
    queryKey: queryKeys.sprints.open,
    queryFn: async ({ signal }) => (await api.get(`${SPRINTS_PATH}/refresh`, { schema: sprintRefreshResponse, signal })).data,
  });
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

/**
 * The ids of the tasks that the other open sprints over `projectIds` hold, which the backlog leaves out (a
 * task is in at most one open sprint). No call answers the backlog as such yet, so each such sprint is read
 * with its tasks (the same query as its own page, which then opens at once). Empty while they load.
 */
export function useTasksInOtherOpenSprints(sprintId: number, projectIds: readonly number[]) {
  const open = useOpenSprints();
  const others = otherOpenSprints(projectIds.length > 0 ? (open.data ?? []) : [], sprintId, projectIds);
  const reads = useQueries({ queries: others.map((sprint) => sprintOptions(sprint.id)) });
  const ids = new Set(reads.flatMap((read) => read.data?.tasks?.data.map((task) => task.id) ?? []));
  return { ids, isPending: (projectIds.length > 0 && open.isPending) || reads.some((read) => read.isPending) };
}

/** One sprint's burndown: each day's figures against the ideal line, and what happened to its scope. */
export function useSprintBurndown(sprintId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sprints.burndown(sprintId),
    queryFn: async ({ signal }) => (await api.get(`${sprintPath(sprintId)}/burndown`, { schema: sprintBurndownResponse, signal })).data,
    enabled,
  });
}

const tasksAnswer = listEnvelope(taskSchema);

/**
 * Open tasks of `projectIds` whose title holds `title` (every open task when it is empty), newest first,
 * through the tasks listing (`GET pm/v2/tasks?project_id[]=`). The panel drops those already in the sprint.
 */
export function useBacklogSearch(projectIds: readonly number[], title: string) {
  return useQuery({
    queryKey: queryKeys.sprints.backlogSearch(projectIds, title),
    queryFn: ({ signal }) =>
      api.get("pm/v2/tasks", { schema: tasksAnswer, query: { project_id: projectIds, status: "incomplete", title, per_page: BACKLOG_PAGE_SIZE }, signal }),
    enabled: projectIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

const projectsAnswer = listEnvelope(projectSchema);

/** The open projects the signed-in user may plan a sprint over (see `plannableProjects`). */
export function usePlannableProjects() {
  const me = useCurrentMe();
  const query = { status: "incomplete", per_page: -1 };
  return useQuery({
    queryKey: queryKeys.projects.list({ ...query, for: "sprints" }),
    queryFn: async ({ signal }) => (await api.get("pm/v2/projects", { schema: projectsAnswer, query, signal })).data,
    select: (projects) => plannableProjects(projects, me.user.id),
    staleTime: 60_000,
  });
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
