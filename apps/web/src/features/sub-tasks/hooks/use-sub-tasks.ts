import {
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  messageSchema,
  SUB_TASK_PAGE_SIZE,
  subTaskListMeta,
  subTaskSchema,
  type CreateSubTaskBody,
  type SubTask,
  type Task,
  type UpdateSubTaskBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../api/client.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { offerUndo } from "../../../lib/restore.js";
import { patchProjectLists, withTask } from "../../task-lists/list-cache.js";
import { arrangeByIds, sortOrders } from "../lib/sub-task-order.js";

const listAnswer = listEnvelope(subTaskSchema, subTaskListMeta);
/** A parent's sub-tasks as cached: the page, with what the caller may do with them (`meta.abilities`). */
export type SubTaskListAnswer = z.infer<typeof listAnswer>;
const subTaskAnswer = itemEnvelope(subTaskSchema);

const base = (parentId: number) => `pm-pro/v2/tasks/${parentId}/sub-tasks`;

function fetchSubTasks(parentId: number, signal?: AbortSignal) {
  return api.get(base(parentId), { schema: listAnswer, query: { per_page: SUB_TASK_PAGE_SIZE, page: 1 }, signal });
}

/** A task's sub-tasks in their order, in one page of up to 1000 (as the spec fetches them). */
export function useSubTasks(projectId: number, parentId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.subTasks.of(projectId, parentId),
    queryFn: ({ signal }) => fetchSubTasks(parentId, signal),
    enabled: enabled && Number.isInteger(parentId) && parentId > 0,
  });
}

/** Applies an edit to the cached sub-tasks of a parent, keeping the page's count and total in step. */
function patchSubTasks(queryClient: QueryClient, projectId: number, parentId: number, edit: (subTasks: SubTask[]) => SubTask[]): void {
  queryClient.setQueryData<SubTaskListAnswer>(queryKeys.subTasks.of(projectId, parentId), (old) => {
    if (!old) return old;
    const data = edit(old.data);
    const delta = data.length - old.data.length;
    const pagination = { ...old.meta.pagination, count: data.length, total: Math.max(0, old.meta.pagination.total + delta) };
    return { ...old, data, meta: { ...old.meta, pagination } };
  });
}

/**
 * After a sub-task changed: the parent is read again (its counts and roll-ups), and its new counts are
 * written into the lists showing its row. When the parent is not on screen to be read again, the lists are
 * refetched instead.
 */
async function refreshParent(queryClient: QueryClient, projectId: number, parentId: number): Promise<void> {
  await invalidateAfter(queryClient, { entity: "sub-task", projectId, parentId });
  const key = queryKeys.tasks.one(projectId, parentId);
  const parent = queryClient.getQueryData<{ data: Task }>(key)?.data;
  if (parent && !queryClient.getQueryState(key)?.isInvalidated) {
    patchProjectLists(queryClient, projectId, (list) => withTask(list, parent));
    return;
  }
  await queryClient.invalidateQueries({ queryKey: queryKeys.taskLists.all(projectId) });
}

/** Adds a sub-task at the end of its parent's. Errors are the caller's to show (under the field, or toasted). */
export function useCreateSubTask(projectId: number, parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateSubTaskBody> & Pick<CreateSubTaskBody, "title">) => api.post(base(parentId), { schema: subTaskAnswer, body }),
    onSuccess: (answer) => {
      patchSubTasks(queryClient, projectId, parentId, (subTasks) => (subTasks.some((entry) => entry.id === answer.data.id) ? subTasks : [...subTasks, answer.data]));
      if (answer.message) notifySuccess(answer.message);
      // Not awaited: the next title typed in the quick add is sent without waiting for the parent.
      void refreshParent(queryClient, projectId, parentId);
    },
    meta: { silent: true },
  });
}

/** Changes a sub-task and writes the answer everywhere it shows. */
export async function updateSubTaskNow(queryClient: QueryClient, projectId: number, parentId: number, id: number, body: UpdateSubTaskBody) {
  const answer = await api.post(`${base(parentId)}/${id}/update`, { schema: subTaskAnswer, body });
  patchSubTasks(queryClient, projectId, parentId, (subTasks) => subTasks.map((entry) => (entry.id === answer.data.id ? answer.data : entry)));
  void refreshParent(queryClient, projectId, parentId);
  return answer;
}

/**
 * Changes a sub-task: only the fields given; `status` alone completes or reopens it. Saves as a field
 * changes, so success says nothing; errors are the caller's to show.
 */
export function useUpdateSubTask(projectId: number, parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSubTaskBody }) => updateSubTaskNow(queryClient, projectId, parentId, id, body),
    meta: { silent: true },
  });
}

/** Deletes a sub-task, offering Undo while the server keeps it restorable. */
export function useDeleteSubTask(projectId: number, parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${base(parentId)}/${id}/delete`, { schema: deletedWithUndoSchema }),
    onSuccess: (answer, id) => {
      offerUndo(queryClient, answer);
      patchSubTasks(queryClient, projectId, parentId, (subTasks) => subTasks.filter((entry) => entry.id !== id));
      queryClient.removeQueries({ queryKey: queryKeys.tasks.one(projectId, id) });
      void refreshParent(queryClient, projectId, parentId);
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/**
 * Saves a new order of a parent's sub-tasks (`POST pm-pro/v2/sub-tasks/sorting`). The list shows it at
 * once; when the server refuses, it returns to how it was and the reason is toasted.
 */
export function useSortSubTasks(projectId: number, parentId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.subTasks.of(projectId, parentId);
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      api.post("pm-pro/v2/sub-tasks/sorting", { schema: messageSchema.partial(), body: { task_id: parentId, orders: sortOrders(ids) } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData<SubTaskListAnswer>(key);
      patchSubTasks(queryClient, projectId, parentId, (subTasks) => arrangeByIds(subTasks, ids));
      return { snapshot };
    },
    onError: (error, _ids, context) => {
      if (context?.snapshot) queryClient.setQueryData(key, context.snapshot);
      notifyError(error);
    },
    meta: { silent: true },
  });
}

/**
 * The ids of a task's open sub-tasks, read from the server: what completing the task with its sub-tasks
 * will complete, so that Undo can reopen exactly those.
 */
export async function openSubTaskIds(queryClient: QueryClient, projectId: number, parentId: number): Promise<number[]> {
  const answer = await queryClient.fetchQuery({
    queryKey: queryKeys.subTasks.of(projectId, parentId),
    queryFn: ({ signal }) => fetchSubTasks(parentId, signal),
    staleTime: 0,
  });
  return answer.data.filter((subTask) => subTask.status !== 1).map((subTask) => subTask.id);
}
