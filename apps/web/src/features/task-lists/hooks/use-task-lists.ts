import {
  type CreateTaskListBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  messageSchema,
  type TaskList,
  taskListSchema,
  type UpdateTaskListBody,
} from "@plotline/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { offerUndo } from "../../../lib/restore.js";
import { patchProjectLists, restoreProjectLists, snapshotProjectLists, withMoreTasks } from "../list-cache.js";

/** Lists per page on the task lists page, as the documents fix it. */
export const LISTS_PER_PAGE = 15;
/** Open tasks loaded per list and per "load more". */
export const OPEN_TASKS_PER_PAGE = 20;
/** Done tasks loaded per list and per "load more". */
export const DONE_TASKS_PER_PAGE = 10;

const WITH_TASKS = "incomplete_tasks,complete_tasks";
// The lists page shows done tasks folded away; they are fetched when a list's "show completed" opens,
// which halves what the page loads.
const WITH_OPEN_TASKS = "incomplete_tasks";
const taskListsAnswer = listEnvelope(taskListSchema);
const taskListAnswer = itemEnvelope(taskListSchema);

const base = (projectId: number) => `pm/v2/projects/${projectId}/task-lists`;

/** After a list changes: the lists, and the project's counts and feed (the query-key map says which). */
function refreshLists(queryClient: QueryClient, projectId: number) {
  return invalidateAfter(queryClient, { entity: "task-list", projectId });
}

/** One page of a project's current task lists, each with its first open tasks. */
export function useTaskLists(projectId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.taskLists.index(projectId, page),
    queryFn: ({ signal }) =>
      api.get(base(projectId), {
        schema: taskListsAnswer,
        query: { per_page: LISTS_PER_PAGE, page, with: WITH_OPEN_TASKS, incomplete_task_per_page: OPEN_TASKS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Archived lists per page, as many as on the lists page. */
export const ARCHIVED_LISTS_PER_PAGE = LISTS_PER_PAGE;

/** One page of a project's archived lists (status 0), each with its first open and done tasks. */
export function useArchivedTaskLists(projectId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.taskLists.archive(projectId, page),
    queryFn: ({ signal }) =>
      api.get(base(projectId), {
        schema: taskListsAnswer,
        query: {
          status: 0,
          per_page: ARCHIVED_LISTS_PER_PAGE,
          page,
          with: WITH_TASKS,
          incomplete_task_per_page: OPEN_TASKS_PER_PAGE,
          complete_task_per_page: DONE_TASKS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One task list with its first open and done tasks. */
export function useTaskList(projectId: number, listId: number) {
  return useQuery({
    queryKey: queryKeys.taskLists.single(projectId, listId),
    queryFn: ({ signal }) =>
      api.get(`${base(projectId)}/${listId}`, {
        schema: taskListAnswer,
        query: { with: WITH_TASKS, incomplete_task_per_page: OPEN_TASKS_PER_PAGE, complete_task_per_page: DONE_TASKS_PER_PAGE },
        signal,
      }),
    enabled: Number.isInteger(listId) && listId > 0,
  });
}

/** Creates a task list; the lists pages refetch to show it where the server placed it. Callers toast. */
export function useCreateTaskList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskListBody) => api.post(base(projectId), { schema: taskListAnswer, body }),
    onSuccess: () => refreshLists(queryClient, projectId),
    meta: { silent: true },
  });
}

/** Changes a task list: title, description, milestone, privacy, or `status` 0 to archive it and 1 to restore it. Callers toast. */
export function useUpdateTaskList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTaskListBody }) =>
      api.post(`${base(projectId)}/${id}/update`, { schema: taskListAnswer, body }),
    onSuccess: () => refreshLists(queryClient, projectId),
    meta: { silent: true },
  });
}

/** Deletes a task list and its tasks. */
export function useDeleteTaskList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${base(projectId)}/${id}/delete`, { schema: deletedWithUndoSchema }),
    onSuccess: (answer) => {
      offerUndo(queryClient, answer);
      return refreshLists(queryClient, projectId);
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/**
 * Saves a new order of the lists on one page. The page shows the new order at once and returns to the
 * old one if the server refuses.
 */
export function useSortTaskLists(projectId: number, page: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lists: TaskList[]) =>
      api.post(`pm/v2/projects/${projectId}/lists/sorting`, {
        schema: messageSchema.partial(),
        body: { orders: lists.map((list, index) => ({ id: list.id, index: (page - 1) * LISTS_PER_PAGE + index })) },
      }),
    onMutate: async (lists) => {
      const key = queryKeys.taskLists.index(projectId, page);
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = snapshotProjectLists(queryClient, projectId);
      queryClient.setQueryData(key, (old: { data: TaskList[] } | undefined) => old && { ...old, data: lists });
      return { snapshot };
    },
    onError: (error, _lists, context) => {
      if (context) restoreProjectLists(queryClient, context.snapshot);
      notifyError(error);
    },
    meta: { silent: true },
  });
}

/** Loads the next page of a list's open or done tasks and adds it under the ones already shown. */
export function useLoadMoreTasks(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ list, group }: { list: TaskList; group: "incomplete_tasks" | "complete_tasks" }) => {
      const perPage = group === "incomplete_tasks" ? OPEN_TASKS_PER_PAGE : DONE_TASKS_PER_PAGE;
      // Tasks completed or moved since the last load shift the pages; ids already shown are skipped on merge.
      const nextPage = Math.floor((list[group]?.data.length ?? 0) / perPage) + 1;
      const prefix = group === "incomplete_tasks" ? "incomplete_task" : "complete_task";
      const answer = await api.get(`${base(projectId)}/${list.id}`, {
        schema: taskListAnswer,
        query: { with: group, [`${prefix}_page`]: nextPage, [`${prefix}_per_page`]: perPage },
      });
      return { listId: list.id, group, page: answer.data[group] };
    },
    onSuccess: ({ listId, group, page }) => {
      if (page) patchProjectLists(queryClient, projectId, (list) => (list.id === listId ? withMoreTasks(list, group, page) : list));
    },
  });
}
