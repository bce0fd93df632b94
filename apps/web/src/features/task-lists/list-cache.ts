import type { Task, TaskList } from "@plotline/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys.js";

/**
 * Pure edits of task lists as cached by the lists page and the single-list page. Changes to tasks are
 * written into the cache instead of refetching, because a refetch would drop the extra pages of tasks a
 * person loaded with "load more".
 */

type TaskPage = NonNullable<TaskList["incomplete_tasks"]>;

/** Whether a task counts as done; pending tasks stay with the open ones. */
export function isComplete(task: Pick<Task, "status">): boolean {
  return task.status === 1;
}

function withTotal(page: TaskPage | undefined, data: Task[], delta: number): TaskPage | undefined {
  if (!page) return page;
  const total = Math.max(0, page.meta.pagination.total + delta);
  return { data, meta: { pagination: { ...page.meta.pagination, total, count: data.length } } };
}

function adjustMeta(list: TaskList, incompleteDelta: number, completeDelta: number): TaskList["meta"] {
  const total_incomplete_tasks = Math.max(0, list.meta.total_incomplete_tasks + incompleteDelta);
  const total_complete_tasks = Math.max(0, list.meta.total_complete_tasks + completeDelta);
  return { ...list.meta, total_incomplete_tasks, total_complete_tasks, total_tasks: total_incomplete_tasks + total_complete_tasks };
}

/** The list without a task (after a delete or a move elsewhere), with its counts lowered. */
export function withoutTask(list: TaskList, taskId: number): TaskList {
  const open = list.incomplete_tasks?.data ?? [];
  const done = list.complete_tasks?.data ?? [];
  const wasOpen = open.find((task) => task.id === taskId);
  const wasDone = done.find((task) => task.id === taskId);
  if (!wasOpen && !wasDone) return list;
  return {
    ...list,
    incomplete_tasks: wasOpen ? withTotal(list.incomplete_tasks, open.filter((task) => task.id !== taskId), -1) : list.incomplete_tasks,
    complete_tasks: wasDone ? withTotal(list.complete_tasks, done.filter((task) => task.id !== taskId), -1) : list.complete_tasks,
    meta: adjustMeta(list, wasOpen ? -1 : 0, wasDone ? -1 : 0),
  };
}

/** Inserts a task where the server would list it: by position (`order`), then id. */
function insertByOrder(entries: Task[], task: Task): Task[] {
  const index = entries.findIndex((entry) => entry.order > task.order || (entry.order === task.order && entry.id > task.id));
  return index < 0 ? [...entries, task] : [...entries.slice(0, index), task, ...entries.slice(index)];
}

/**
 * The list after a task changed or was created: replaced in place when its group is unchanged, moved
 * between the open and done groups when its status changed, added when it is new to this list. Sub-tasks
 * are not shown in lists.
 */
export function withTask(list: TaskList, task: Task): TaskList {
  if (task.parent_id !== 0) return list;
  const open = list.incomplete_tasks?.data ?? [];
  const done = list.complete_tasks?.data ?? [];
  const inOpen = open.some((entry) => entry.id === task.id);
  const inDone = done.some((entry) => entry.id === task.id);
  if (task.task_list_id !== list.id) return withoutTask(list, task.id);
  const nowDone = isComplete(task);
  if ((inOpen && !nowDone) || (inDone && nowDone)) {
    const replace = (entries: Task[]) => entries.map((entry) => (entry.id === task.id ? task : entry));
    return {
      ...list,
      incomplete_tasks: list.incomplete_tasks && { ...list.incomplete_tasks, data: replace(open) },
      complete_tasks: list.complete_tasks && { ...list.complete_tasks, data: replace(done) },
    };
  }
  const base = withoutTask(list, task.id);
  if (nowDone) {
    return {
      ...base,
      complete_tasks: withTotal(base.complete_tasks, insertByOrder(base.complete_tasks?.data ?? [], task), 1),
      meta: adjustMeta(base, 0, 1),
    };
  }
  return {
    ...base,
    incomplete_tasks: withTotal(base.incomplete_tasks, insertByOrder(base.incomplete_tasks?.data ?? [], task), 1),
    meta: adjustMeta(base, 1, 0),
  };
}

/** The list with more tasks of one group appended, skipping those already shown. */
export function withMoreTasks(list: TaskList, group: "incomplete_tasks" | "complete_tasks", page: TaskPage): TaskList {
  const current = list[group];
  const known = new Set((current?.data ?? []).map((task) => task.id));
  const data = [...(current?.data ?? []), ...page.data.filter((task) => !known.has(task.id))];
  return { ...list, [group]: { data, meta: page.meta } };
}

/**
 * The list's open tasks in a new order, `tasks` holding every open task it now shows. Positions become
 * the indexes, as the server stores them after a sort.
 */
export function withOpenTasks(list: TaskList, ordered: Task[]): TaskList {
  const tasks = ordered.map((task, index) => (task.order === index ? task : { ...task, order: index }));
  const before = list.incomplete_tasks?.data.length ?? 0;
  const delta = tasks.length - before;
  return {
    ...list,
    incomplete_tasks: withTotal(list.incomplete_tasks, tasks, delta),
    meta: adjustMeta(list, delta, 0),
  };
}

interface ListsPage {
  data: TaskList[];
}
interface OneList {
  data: TaskList;
}

function isListsPage(value: unknown): value is ListsPage {
  return typeof value === "object" && value !== null && Array.isArray((value as { data?: unknown }).data);
}

function isOneList(value: unknown): value is OneList {
  return typeof value === "object" && value !== null && typeof (value as { data?: unknown }).data === "object" && !isListsPage(value);
}

/** Applies an edit to every cached list of a project, on the lists pages and single-list pages alike. */
export function patchProjectLists(queryClient: QueryClient, projectId: number, edit: (list: TaskList) => TaskList): void {
  for (const [key, value] of queryClient.getQueriesData({ queryKey: queryKeys.taskLists.all(projectId) })) {
    if (isListsPage(value)) queryClient.setQueryData(key, { ...value, data: value.data.map(edit) });
    else if (isOneList(value)) queryClient.setQueryData(key, { ...value, data: edit(value.data) });
  }
}

/** Copies every cached list query of a project, to roll an optimistic change back. */
export function snapshotProjectLists(queryClient: QueryClient, projectId: number): Array<[readonly unknown[], unknown]> {
  return queryClient.getQueriesData({ queryKey: queryKeys.taskLists.all(projectId) });
}

/** Puts back what `snapshotProjectLists` copied. */
export function restoreProjectLists(queryClient: QueryClient, snapshot: Array<[readonly unknown[], unknown]>): void {
  for (const [key, value] of snapshot) queryClient.setQueryData(key, value);
}
