import type { SubTask, SubTaskParentAbilities, Task } from "@plotline/contracts";
import { related } from "../../lib/envelope.js";
import { JsonFragment } from "../../lib/json-fragment.js";

/** The list a sub-task is in (its parent's). */
export interface SubTaskList {
  id: number;
  title: string;
}

/**
 * A sub-task as the API shows it: the task as the tasks module presents it (every field, abilities
 * included), with its list named. A task kept as JSON text (the tasks module's caches) is read back first.
 */
export function presentSubTask(task: Task, list: SubTaskList): SubTask {
  const fields = task instanceof JsonFragment ? (JSON.parse(task.json) as Task) : task;
  return { ...fields, task_list: related({ id: list.id, title: list.title }) };
}

/** What the caller may do with a parent's sub-tasks as a whole. */
export function presentParentAbilities(canCreate: boolean, canSort: boolean): SubTaskParentAbilities {
  return { can_create: canCreate, can_sort: canSort };
}
