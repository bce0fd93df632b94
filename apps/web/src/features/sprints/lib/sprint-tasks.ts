import type { Task } from "@plotline/contracts";

/**
 * The groups a sprint's tasks are shown in, by task status (0 incomplete, 2 pending, 1 complete), and on a
 * completed sprint the tasks it carried over, whatever became of them since.
 */
export const TASK_GROUPS = ["open", "pending", "done", "carried"] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

/** The group of a task's status; an unknown status reads as open, since it is not done. */
export function groupOf(status: number): TaskGroup {
  if (status === 1) return "done";
  return status === 2 ? "pending" : "open";
}

/**
 * The sprint's tasks by group, in the server's order within each, every group present (possibly empty).
 * `carriedIds` (a completed sprint's `carried_over_ids`) go to their own group: they were not done in this
 * sprint, even if they were done in the next, so the report agrees with the sprint's own counters.
 */
export function groupTasks<T extends Pick<Task, "id" | "status">>(tasks: readonly T[], carriedIds: ReadonlySet<number> = new Set()): Record<TaskGroup, T[]> {
  const groups: Record<TaskGroup, T[]> = { open: [], pending: [], done: [], carried: [] };
  for (const task of tasks) groups[carriedIds.has(task.id) ? "carried" : groupOf(task.status)].push(task);
  return groups;
}

/** Where a task is while a drag or a menu move waits for the server: headed to the sprint or to the backlog. */
export type PendingMove = "to_sprint" | "to_backlog";

/**
 * The sprint's list and the backlog as they will be once the moves waiting for the server are done, so a
 * dropped task shows at once where it was dropped. A task headed to the sprint leaves the backlog and joins
 * the sprint's end; one headed to the backlog leaves the sprint and tops the backlog. Moves the answers
 * already reflect (the task is where it is headed) change nothing. The two lists hold different shapes (the
 * sprint's full tasks, the backlog's lean ones), so a moved task keeps the shape it came with.
 */
export function withPendingMoves<S extends { id: number }, B extends { id: number }>(
  sprintTasks: readonly S[],
  backlogTasks: readonly B[],
  moves: ReadonlyMap<number, { to: PendingMove; task: S | B }>,
): { sprint: Array<S | B>; backlog: Array<S | B> } {
  if (moves.size === 0) return { sprint: [...sprintTasks], backlog: [...backlogTasks] };
  const headed = (to: PendingMove) => [...moves.values()].filter((move) => move.to === to).map((move) => move.task);
  const toSprint = headed("to_sprint");
  const toBacklog = headed("to_backlog");
  const inSprint = new Set(sprintTasks.map((task) => task.id));
  const sprint = [...sprintTasks.filter((task) => moves.get(task.id)?.to !== "to_backlog"), ...toSprint.filter((task) => !inSprint.has(task.id))];
  const shownInSprint = new Set(sprint.map((task) => task.id));
  const inBacklog = new Set(backlogTasks.map((task) => task.id));
  const backlog = [...toBacklog.filter((task) => !inBacklog.has(task.id)), ...backlogTasks].filter((task) => !shownInSprint.has(task.id));
  return { sprint, backlog };
}

/** Where a drag ended: in the sprint's list, in the backlog panel, or elsewhere. */
export type DropZone = "sprint" | "backlog" | null;

/** What a drop asks for: add a backlog task to the sprint, take a sprint task out, or nothing (dropped where it was). */
export function dropAction(from: Exclude<DropZone, null>, over: DropZone): "add" | "remove" | null {
  if (over === null || over === from) return null;
  return over === "sprint" ? "add" : "remove";
}
