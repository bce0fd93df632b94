import { bulkTasksResultSchema, dateOf, type BulkTasksBody, type BulkTasksResult, type Task } from "@plotline/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter } from "../../../lib/query-keys.js";
import { patchProjectLists, withoutTask, withTask } from "../list-cache.js";

/** One bulk call: `POST pm/v2/projects/{p}/tasks/bulk`. */
export function postBulk(projectId: number, body: BulkTasksBody): Promise<BulkTasksResult> {
  return api.post(`pm/v2/projects/${projectId}/tasks/bulk`, { schema: bulkTasksResultSchema, body });
}

/** Writes a bulk answer into the lists on screen, then marks stale what shows tasks elsewhere. */
export function storeBulkResult(queryClient: QueryClient, projectId: number, result: BulkTasksResult): Promise<void> {
  patchProjectLists(queryClient, projectId, (list) => {
    let next = list;
    for (const task of result.data) next = withTask(next, task);
    for (const id of result.meta.deleted_ids) next = withoutTask(next, id);
    return next;
  });
  // Counts, the feed, the tasks' activity, My Tasks and the calendar; the lists themselves were written above.
  const taskIds = [...result.data.map((task) => task.id), ...result.meta.deleted_ids];
  return invalidateAfter(queryClient, { entity: "tasks", projectId, taskIds, written: true });
}

/**
 * Groups tasks by what one of their fields was, so that putting the field back takes one bulk call per
 * value (all tasks that were due on the 3rd go back to the 3rd together).
 */
export function groupBy<K>(tasks: readonly Task[], keyOf: (task: Task) => K): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  for (const task of tasks) {
    const key = keyOf(task);
    groups.set(key, [...(groups.get(key) ?? []), task.id]);
  }
  return groups;
}

/**
 * The calls that take a bulk action back, given the tasks as they were before it and the ids it changed.
 * A task the action left alone (already complete, already assigned) is not touched by the undo either.
 */
export function undoBodies(body: BulkTasksBody, before: readonly Task[], changedIds: readonly number[]): BulkTasksBody[] {
  const changed = new Set(changedIds);
  const tasks = before.filter((task) => changed.has(task.id));
  if (tasks.length === 0) return [];
  const ids = tasks.map((task) => task.id);
  switch (body.action) {
    case "complete":
      return [{ action: "reopen", task_ids: ids }];
    case "reopen":
      return [{ action: "complete", task_ids: ids }];
    case "move":
      return [...groupBy(tasks, (task) => task.task_list_id)].map(([listId, taskIds]) => ({ action: "move", task_ids: taskIds, task_list_id: listId }));
    case "assign":
      return [...groupBy(tasks, (task) => task.assignees.data.map((user) => user.id).join(","))].map(([people, taskIds]) => ({
        action: "assign",
        task_ids: taskIds,
        assignees: people === "" ? [] : people.split(",").map(Number),
        mode: "replace",
      }));
    case "due_date":
      return [...groupBy(tasks, (task) => dateOf(task.due_date))].map(([due, taskIds]) => ({ action: "due_date", task_ids: taskIds, due_date: due }));
    case "priority":
      return [...groupBy(tasks, (task) => task.priority)].map(([priority, taskIds]) => ({ action: "priority", task_ids: taskIds, priority }));
    case "delete":
      // Deleted tasks come back through the trash (`undo` of the answer), not through a bulk call.
      return [];
  }
}

/**
 * Runs one bulk action on the selected tasks. The success toast is left to the caller, which offers Undo
 * with it; a refusal (all or nothing: nothing changed) is toasted here.
 */
export function useBulkTasks(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTasksBody) => postBulk(projectId, body),
    onSuccess: (result) => storeBulkResult(queryClient, projectId, result),
    onError: notifyError,
    meta: { silent: true },
  });
}

/**
 * Runs the calls that take a bulk action back, one after another, then fetches the lists again: a task
 * reopened from a folded "done" group was never loaded there, so only the server knows the counts.
 */
export async function runUndo(queryClient: QueryClient, projectId: number, bodies: readonly BulkTasksBody[]): Promise<void> {
  for (const body of bodies) await postBulk(projectId, body);
  await invalidateAfter(queryClient, { entity: "tasks", projectId, taskIds: bodies.flatMap((body) => body.task_ids) });
}
