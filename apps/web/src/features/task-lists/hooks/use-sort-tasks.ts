import { messageSchema, type Task } from "@plotline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { patchProjectLists, restoreProjectLists, snapshotProjectLists, withOpenTasks, withoutTask } from "../list-cache.js";

/** A drop of a task: the target list's open tasks in their new order, and the task if it came from another list. */
export interface TaskDrop {
  listId: number;
  /** Every open task the target list shows, in the new order, the moved one included. */
  tasks: Task[];
  /** The task that changed list, if one did. */
  movedTaskId?: number;
}

/**
 * Saves a drag and drop of tasks (`POST pm/v2/projects/{p}/tasks/sorting`). The lists show the result at
 * once; if the server refuses, they return to how they were and the reason is toasted.
 */
export function useSortTasks(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drop: TaskDrop) =>
      api.post(`pm/v2/projects/${projectId}/tasks/sorting`, {
        schema: messageSchema.partial(),
        body: {
          list_id: drop.listId,
          orders: drop.tasks.map((task, index) => ({ id: task.id, index })),
          moved_task_id: drop.movedTaskId,
        },
      }),
    onMutate: async (drop) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.taskLists.all(projectId) });
      const snapshot = snapshotProjectLists(queryClient, projectId);
      const tasks = drop.tasks.map((task) => (task.task_list_id === drop.listId ? task : { ...task, task_list_id: drop.listId }));
      patchProjectLists(queryClient, projectId, (list) => {
        if (list.id === drop.listId) return withOpenTasks(list, tasks);
        return drop.movedTaskId === undefined ? list : withoutTask(list, drop.movedTaskId);
      });
      return { snapshot };
    },
    onError: (error, _drop, context) => {
      if (context) restoreProjectLists(queryClient, context.snapshot);
      notifyError(error);
    },
    onSuccess: (_answer, drop) => {
      void invalidateAfter(queryClient, { entity: "task-order", projectId, movedTaskId: drop.movedTaskId });
    },
    meta: { silent: true },
  });
}
