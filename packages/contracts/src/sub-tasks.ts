import { z } from "zod";
import { related } from "./envelope.js";
import { zId, zInt, zTitle } from "./primitives.js";
import { zOptionalDate } from "./none-values.js";
import { taskSchema, zTaskStatus } from "./tasks.js";

/**
 * Sub-tasks (Pro module `sub_tasks`): tasks with a `parent_id`, listed and changed under their parent.
 * A sub-task keeps every rule of a task; its list and privacy are its parent's.
 */

/** The web fetches a parent's sub-tasks in one page of this size. */
export const SUB_TASK_PAGE_SIZE = 1000;

/** A sub-task as the API shows it: a task, with its list named. */
export const subTaskSchema = taskSchema.extend({
  task_list: related(z.object({ id: z.number().int(), title: z.string() })),
});
export type SubTask = z.infer<typeof subTaskSchema>;

/** `GET /api/pm-pro/v2/tasks/{task_id}/sub-tasks`: in their order; `per_page` up to 1000. */
export const listSubTasksQuery = z.object({
  per_page: zInt.min(1).max(SUB_TASK_PAGE_SIZE).default(SUB_TASK_PAGE_SIZE),
  page: zInt.min(1).default(1),
});
export type ListSubTasksQuery = z.infer<typeof listSubTasksQuery>;

/**
 * What the caller may do with a parent's sub-tasks as a whole, sent beside its sub-tasks (each sub-task
 * carries its own `abilities`): add one (managers, the parent's creator or an assignee of it; never a client
 * who is not a manager) and reorder them (the same people).
 */
export const subTaskParentAbilitiesSchema = z.object({ can_create: z.boolean(), can_sort: z.boolean() });
export type SubTaskParentAbilities = z.infer<typeof subTaskParentAbilitiesSchema>;

/**
 * `meta` of the sub-tasks list besides its pagination: the caller's abilities on the parent, and whether the
 * parent's list is archived (then nothing may be added or changed until it is restored).
 */
export const subTaskListMeta = {
  abilities: subTaskParentAbilitiesSchema,
  list_archived: z.boolean(),
};

/** Assignee ids; `[0]` means none. */
const assigneeIds = z.array(zInt.min(0)).max(200).transform((ids) => ids.filter((id) => id > 0));

/** `POST /api/pm-pro/v2/tasks/{task_id}/sub-tasks`. It goes to the end of its parent's sub-tasks. */
export const createSubTaskBody = z.object({
  title: zTitle(255),
  description: z.string().max(200_000).optional(),
  assignees: assigneeIds.default([]),
  start_at: zOptionalDate.optional(),
  due_date: zOptionalDate.optional(),
  /** Minutes. */
  estimation: zInt.min(0).max(1_000_000).default(0),
});
export type CreateSubTaskBody = z.infer<typeof createSubTaskBody>;

/** `POST .../sub-tasks/{sub_task_id}/update`: only the fields given change. */
export const updateSubTaskBody = z.object({
  title: zTitle(255).optional(),
  description: z.string().max(200_000).optional(),
  assignees: assigneeIds.optional(),
  start_at: zOptionalDate.optional(),
  due_date: zOptionalDate.optional(),
  estimation: zInt.min(0).max(1_000_000).optional(),
  status: zTaskStatus.optional(),
});
export type UpdateSubTaskBody = z.infer<typeof updateSubTaskBody>;

/** `POST /api/pm-pro/v2/sub-tasks/sorting`: the new order of one parent's sub-tasks. */
export const sortSubTasksBody = z.object({
  task_id: zId,
  orders: z.array(z.object({ id: zId, index: zInt.min(0) })).min(1).max(SUB_TASK_PAGE_SIZE),
});
export type SortSubTasksBody = z.infer<typeof sortSubTasksBody>;

/** Progress of a task with sub-tasks, 0 to 1 (complete / total); null without sub-tasks. */
export function subTaskProgress(counts: { total: number; complete: number }): number | null {
  return counts.total === 0 ? null : counts.complete / counts.total;
}
