import {
  activitySchema,
  type CreateTaskBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  type Task,
  taskSchema,
  type UpdateTaskBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { offerUndo } from "../../../lib/restore.js";
import { postMultipart } from "../../files/lib/multipart.js";
import { patchProjectLists, withoutTask, withTask } from "../../task-lists/list-cache.js";
import { patchBoardTask, removeBoardTask } from "../../kanboard/lib/board-cache.js";

const taskAnswer = itemEnvelope(taskSchema);
const base = (projectId: number) => `pm/v2/projects/${projectId}/tasks`;

/**
 * Writes a changed task everywhere it is cached (its own query and every list showing it), then lets the
 * query-key map mark stale what the answer cannot update: counts, feeds, My Tasks, the calendar.
 */
function storeTask(queryClient: QueryClient, task: Task): void {
  queryClient.setQueryData(queryKeys.tasks.one(task.project_id, task.id), (old: { data: Task } | undefined) => ({ ...old, data: task }));
  patchProjectLists(queryClient, task.project_id, (list) => withTask(list, task));
  patchBoardTask(queryClient, task);
  void invalidateAfter(queryClient, { entity: "task", projectId: task.project_id, taskId: task.id, written: true });
}

/** One task of a project. */
export function useTask(projectId: number, taskId: number) {
  return useQuery({
    queryKey: queryKeys.tasks.one(projectId, taskId),
    queryFn: ({ signal }) => api.get(`${base(projectId)}/${taskId}`, { schema: taskAnswer, signal }),
    enabled: Number.isInteger(taskId) && taskId > 0,
  });
}

/** Creates a task; without `board_id` it lands in the Inbox. */
export function useCreateTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateTaskBody> & Pick<CreateTaskBody, "title">) => api.post(base(projectId), { schema: taskAnswer, body }),
    onSuccess: (answer) => storeTask(queryClient, answer.data),
  });
}

/**
 * Changes a task; only the fields given change. `quiet` skips the success toast, for fields that save as
 * they change and show their new value anyway; errors are always toasted.
 */
export function useUpdateTask(projectId: number, { quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTaskBody }) => api.post(`${base(projectId)}/${id}/update`, { schema: taskAnswer, body }),
    onSuccess: (answer) => storeTask(queryClient, answer.data),
    onError: quiet ? notifyError : undefined,
    meta: { silent: quiet },
  });
}

/** Attaches files to a task at once (multipart `files[]` on its update call). */
export function useAttachToTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: readonly File[] }) => postMultipart(`${base(projectId)}/${id}/update`, { files }, taskAnswer),
    onSuccess: (answer) => storeTask(queryClient, answer.data),
  });
}

/**
 * Marks a task complete, incomplete or pending; assignees may do this without edit rights. `quiet` skips
 * the success toast, for callers that show their own (with Undo); errors are always toasted.
 * `completeSubTasks` completes its open sub-tasks with it (ask first: sub-tasks' `usePlanStatusChange`).
 */
export function useChangeTaskStatus(projectId: number, { quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, completeSubTasks = false }: { id: number; status: number; completeSubTasks?: boolean }) =>
      changeTaskStatus(queryClient, projectId, id, status, completeSubTasks),
    onError: quiet ? notifyError : undefined,
    meta: { silent: quiet },
  });
}

/** Changes a task and writes the answer everywhere it shows; for the palette and undo, which toast on their own. */
export async function updateTaskNow(queryClient: QueryClient, projectId: number, id: number, body: UpdateTaskBody) {
  const answer = await api.post(`${base(projectId)}/${id}/update`, { schema: taskAnswer, body });
  storeTask(queryClient, answer.data);
  return answer;
}

/**
 * Sets a task's status and writes the answer everywhere the task shows; for undo, which toasts on its own.
 * `completeSubTasks` completes its open sub-tasks in the same call.
 */
export async function changeTaskStatus(queryClient: QueryClient, projectId: number, id: number, status: number, completeSubTasks = false) {
  const body = completeSubTasks ? { status, complete_sub_tasks: true } : { status };
  const answer = await api.post(`${base(projectId)}/${id}/change-status`, { schema: taskAnswer, body });
  storeTask(queryClient, answer.data);
  return answer;
}

/** Deletes a task. */
export function useDeleteTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${base(projectId)}/${id}/delete`, { schema: deletedWithUndoSchema }),
    onError: notifyError,
    meta: { silent: true },
    onSuccess: (answer, id) => {
      offerUndo(queryClient, answer);
      patchProjectLists(queryClient, projectId, (list) => withoutTask(list, id));
      removeBoardTask(queryClient, projectId, id);
      queryClient.removeQueries({ queryKey: queryKeys.tasks.one(projectId, id) });
      void invalidateAfter(queryClient, { entity: "task", projectId, taskId: id, written: true });
    },
  });
}

/**
 * What happened to one task, newest first. The project's activity is asked for with the task as the
 * resource; entries about other records are dropped in case the server answers with more.
 */
export function useTaskActivity(projectId: number, taskId: number) {
  return useQuery({
    queryKey: queryKeys.tasks.activity(projectId, taskId),
    queryFn: async ({ signal }) => {
      const answer = await api.get(`pm/v2/projects/${projectId}/activities`, {
        schema: listEnvelope(activitySchema),
        query: { resource_type: "task", resource_id: taskId, with: "actor", per_page: 50 },
        signal,
      });
      return answer.data.filter((activity) => activity.resource_type === "task" && activity.resource_id === taskId);
    },
  });
}
