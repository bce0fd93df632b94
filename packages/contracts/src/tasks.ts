import { z } from "zod";
import { attachmentListSchema, zFilesToDelete } from "./attachments.js";
import { dateObjectSchema, optionalDateObjectSchema, paginationSchema, related, richTextSchema } from "./envelope.js";
import { zDateString, zFlag, zId, zInt, zNameList, zTitle } from "./primitives.js";
import { zOptionalDate, zOptionalTypeId } from "./none-values.js";
import { taskLabelSchema, zTaskLabelIds } from "./labels.js";
import { userSchema } from "./users.js";
import { undoTicketSchema } from "./undo.js";
import { taskTimeSchema } from "./time-tracker.js";
import { customFieldFiltersQuery, taskCustomFieldsSchema, zTaskCustomFieldsInput } from "./custom-fields.js";

/** Task status: 0 incomplete, 1 complete, 2 pending. */
export const TASK_STATUS = { incomplete: 0, complete: 1, pending: 2 } as const;
export const zTaskStatus = zInt.min(0).max(2);

/**
 * Task priority by name, the one table of names for server and web: 0 none, 1 low, 2 medium, 3 high,
 * 4 urgent. A higher number is more pressing (`orderby=priority` lists the most pressing first).
 */
export const TASK_PRIORITY = { none: 0, low: 1, medium: 2, high: 3, urgent: 4 } as const;
export type TaskPriorityName = keyof typeof TASK_PRIORITY;
/** The priority names, by value: `TASK_PRIORITY_NAMES[3]` is `high`. */
export const TASK_PRIORITY_NAMES = ["none", "low", "medium", "high", "urgent"] as const satisfies readonly TaskPriorityName[];
/** A task's priority as written: 0 (none) to 4 (urgent). */
export const zTaskPriority = zInt.min(0).max(4);

/** Privacy as the documents send it in `meta.privacy`: "1" private, "0" public. */
export const privacyMetaSchema = z.enum(["0", "1"]);

/** What the caller may do with a task. */
export const taskAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_complete: z.boolean(),
  /** Move it to another list: an editor of a top-level task (a sub-task moves with its parent). */
  can_move: z.boolean(),
  /** Show the privacy switch in its form: an editor who holds view_private_task; never on a sub-task (its privacy is its parent's). */
  can_set_privacy: z.boolean(),
  /**
   * Change its title, description, dates and estimation: whoever has can_edit, and a co-worker assigned to
   * the task when the project's setting `assignees_can_edit` is on. Every other field needs can_edit.
   */
  can_edit_details: z.boolean(),
});
export type TaskAbilities = z.infer<typeof taskAbilitiesSchema>;

/** A task type (site setting), e.g. Bug, Feature. */
export const taskTypeSchema = z.object({ id: z.number().int(), title: z.string(), description: z.string() });
export type TaskType = z.infer<typeof taskTypeSchema>;

/** `POST /api/pm/v2/task-types` (site managers). */
export const createTaskTypeBody = z.object({ title: zTitle(100), description: z.string().trim().max(500).default("") });
export type CreateTaskTypeBody = z.infer<typeof createTaskTypeBody>;

/** A task as the API shows it. */
export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  /** Estimated work in minutes. */
  estimation: z.number().int(),
  start_at: optionalDateObjectSchema,
  due_date: optionalDateObjectSchema,
  complexity: z.number().int(),
  priority: z.number().int(),
  payable: z.boolean(),
  recurrent: z.number().int(),
  status: z.number().int(),
  order: z.number().int(),
  project_id: z.number().int(),
  task_list_id: z.number().int(),
  parent_id: z.number().int(),
  /** The Kanban column (`kanboard` module) the task is a card of; null when it is on no board. */
  kan_board_id: z.number().int().nullable(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  completed_at: optionalDateObjectSchema,
  completed_by: z.number().int().nullable(),
  creator: related(userSchema),
  assignees: related(z.array(userSchema)),
  type: related(taskTypeSchema.nullable()),
  /** The task's labels, by name (`data.labels.data`). */
  labels: related(z.array(taskLabelSchema)),
  /** `total_files`: the task's attachments and those of its comments. */
  meta: z.object({ privacy: privacyMetaSchema, total_comment: z.number().int(), total_files: z.number().int() }),
  /** Files attached to the task itself: on one task's answers (get, create, update), not in listings. */
  files: attachmentListSchema.optional(),
  /** The task's sub-tasks: how many, and how many are complete (0 and 0 on a sub-task). */
  sub_tasks: z.object({ total: z.number().int(), complete: z.number().int() }),
  /** The task with its sub-tasks: estimation in minutes, logged time in seconds (everyone's stopped logs). */
  rollup: z.object({ estimation: z.number().int(), logged: z.number().int() }),
  /** Time logged on the task itself; `data` (the caller's logs) on one task's answers only. */
  time: taskTimeSchema,
  /** Custom field values (`custom_fields` module, when on): field id -> value, fields without a value left out. */
  custom_fields: taskCustomFieldsSchema.optional(),
  abilities: taskAbilitiesSchema,
});
export type Task = z.infer<typeof taskSchema>;

/** A page of tasks inside a list: `{ data, meta: { pagination } }`. */
export const taskPageSchema = z.object({ data: z.array(taskSchema), meta: z.object({ pagination: paginationSchema }) });

/** A comparison written `operator|date`-free: `due_date[operator]=less_than&due_date[date]=2026-01-01` or a plain date (equal). */
export const dateFilter = z.union([
  zDateString,
  z.object({ operator: z.enum(["equal", "less_than", "greater_than", "less_than_equal", "greater_than_equal", "null", "not_null"]), date: zDateString.optional() }),
]);

/** Task statuses by name, as `GET pm/v2/tasks` accepts them: `incomplete` is 0 and pending 2 together. */
export const TASK_STATUS_WORDS = { incomplete: [0, 2], complete: [1], pending: [2] } as const;

/** A status filter: one status (0, 1, 2) or a word of `TASK_STATUS_WORDS`. */
export const taskStatusFilter = z.union([z.enum(["incomplete", "complete", "pending"]), zTaskStatus]);

/** The statuses a status filter stands for. */
export function statusesOf(filter: z.infer<typeof taskStatusFilter>): readonly number[] {
  return typeof filter === "number" ? [filter] : TASK_STATUS_WORDS[filter];
}

/** A priority filter: a value 0 to 4 or its name (`high`). */
export const taskPriorityFilter = z.union([z.enum(TASK_PRIORITY_NAMES), zTaskPriority]).transform((value) => (typeof value === "number" ? value : TASK_PRIORITY[value]));

/** The orders `GET pm/v2/tasks` offers besides its default, newest first. */
export const TASK_ORDERS = ["priority"] as const;

/** `GET /api/pm/v2/tasks` and `GET /api/pm/v2/projects/{p}/tasks` filters. */
export const listTasksQuery = z.object({
  project_id: z.union([zId, z.array(zId)]).optional(),
  /** Tasks assigned to any of these users; `0` (alone or among them) also takes tasks nobody is assigned to (the unassigned report). */
  users: z.union([zInt.min(0), z.array(zInt.min(0))]).optional(),
  /** 0, 1, 2, or `incomplete` (0 and 2), `complete` (1), `pending` (2). */
  status: taskStatusFilter.optional(),
  start_at: dateFilter.optional(),
  due_date: dateFilter.optional(),
  /** Tasks due on or after this day (the reports' `due_date_start`). */
  due_date_start: zDateString.optional(),
  completed_at_start: zDateString.optional(),
  completed_at: zDateString.optional(),
  milestone: zId.optional(),
  task_list_id: zId.optional(),
  /** `id=123`: that task alone, if the caller may see it (the command palette's `#123`). */
  id: zId.optional(),
  title: z.string().trim().max(200).optional(),
  /** `priority=3`, `priority=high` or `priority[]=3&priority[]=4`: tasks of any of these priorities. */
  priority: z.union([taskPriorityFilter, z.array(taskPriorityFilter).max(5)]).optional(),
  /** `priority`: most pressing first, newest first within a priority. Without it: newest first. */
  orderby: z.enum(TASK_ORDERS).optional(),
  /** 1 to 100; every task at once (-1) is not offered, as a reader may see hundreds of thousands. */
  per_page: zInt.min(1).max(100).default(20),
  page: zInt.min(1).default(1),
  with: zNameList,
  /** Custom field filters (`custom_fields` module): `cf[<id>]=value`, `cf[<id>][min]=..`; see custom-fields.ts. */
  cf: customFieldFiltersQuery.optional(),
});
export type ListTasksQuery = z.infer<typeof listTasksQuery>;

/** Assignee ids; `[0]` means none. */
const assigneeIds = z.array(zInt.min(0)).max(200).transform((ids) => ids.filter((id) => id > 0));

/** `POST /api/pm/v2/projects/{p}/tasks`. No `board_id` puts the task in the Inbox. */
export const createTaskBody = z.object({
  title: zTitle(255),
  description: z.string().max(200_000).optional(),
  board_id: zId.optional(),
  assignees: assigneeIds.default([]),
  start_at: zOptionalDate.optional(),
  due_date: zOptionalDate.optional(),
  estimation: zInt.min(0).max(1_000_000).default(0),
  privacy: zFlag.default(false),
  priority: zTaskPriority.default(0),
  complexity: zInt.min(0).max(10).default(0),
  payable: zFlag.default(false),
  recurrent: zInt.min(0).max(10).default(0),
  type_id: zOptionalTypeId.optional(),
  parent_id: zInt.min(0).default(0),
  /** A Kanban column of the project (`kanboard` module): the new task lands at its top. */
  kan_board_id: zId.optional(),
  /** Custom field values (`custom_fields` module): field id -> value; defaults fill the fields left out. */
  custom_fields: zTaskCustomFieldsInput.optional(),
});
export type CreateTaskBody = z.infer<typeof createTaskBody>;

/** `POST .../tasks/{id}/update`: only the fields given change. */
export const updateTaskBody = z.object({
  title: zTitle(255).optional(),
  description: z.string().max(200_000).optional(),
  board_id: zId.optional(),
  assignees: assigneeIds.optional(),
  start_at: zOptionalDate.optional(),
  due_date: zOptionalDate.optional(),
  estimation: zInt.min(0).max(1_000_000).optional(),
  privacy: zFlag.optional(),
  priority: zTaskPriority.optional(),
  complexity: zInt.min(0).max(10).optional(),
  payable: zFlag.optional(),
  recurrent: zInt.min(0).max(10).optional(),
  type_id: zOptionalTypeId.optional(),
  status: zTaskStatus.optional(),
  /** Label ids of this project; replaces the task's labels (`[]` or `[0]`: none). Needs can_edit. */
  task_labels: zTaskLabelIds.optional(),
  /** Attachments of the task to remove; new ones come as multipart `files[]` (create and update). */
  files_to_delete: zFilesToDelete.optional(),
  /** Custom field values to change (`custom_fields` module): field id -> value, `null` clears one. Needs can_edit. */
  custom_fields: zTaskCustomFieldsInput.optional(),
});
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

/** `POST .../tasks/{id}/change-status`. */
export const changeTaskStatusBody = z.object({
  status: zTaskStatus,
  /** Completing a task with open sub-tasks: complete them too, in the same transaction. */
  complete_sub_tasks: zFlag.default(false),
});

/**
 * `POST /api/pm/v2/projects/{p}/tasks/sorting`: the new order of a list's tasks, and optionally the task
 * that moved into it from another list.
 */
export const sortTasksBody = z.object({
  list_id: zId,
  orders: z.array(z.object({ id: zId, index: zInt.min(0) })).max(10_000),
  moved_task_id: zId.optional(),
});
export type SortTasksBody = z.infer<typeof sortTasksBody>;

/** Tasks one bulk call may name at most. */
export const MAX_BULK_TASKS = 500;

/** The tasks a bulk call acts on: 1 to 500 ids, none twice. */
const bulkTaskIds = z
  .array(zId)
  .min(1)
  .max(MAX_BULK_TASKS)
  .refine((ids) => new Set(ids).size === ids.length, { error: "task_ids must not name a task twice" });

/** How `assign` treats the tasks' current assignees: `add` keeps them (the default), `replace` drops them. */
export const BULK_ASSIGN_MODES = ["add", "replace"] as const;

/**
 * `POST /api/pm/v2/projects/{p}/tasks/bulk`: one action on many tasks of the project, all or nothing.
 * `complete` and `reopen` set the status; `move` sends the tasks to the end of a list; `assign` adds
 * `assignees` to each task (or with `mode: "replace"` makes them its only assignees, `[]` for none);
 * `due_date` sets or (null) clears the due date; `priority` sets it; `delete` removes the tasks with their
 * sub-tasks and comments.
 */
export const bulkTasksBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("complete"), task_ids: bulkTaskIds }),
  z.object({ action: z.literal("reopen"), task_ids: bulkTaskIds }),
  z.object({ action: z.literal("move"), task_ids: bulkTaskIds, task_list_id: zId }),
  z.object({
    action: z.literal("assign"),
    task_ids: bulkTaskIds,
    assignees: z.array(zId).max(200),
    mode: z.enum(BULK_ASSIGN_MODES).default("add"),
  }),
  z.object({ action: z.literal("due_date"), task_ids: bulkTaskIds, due_date: zOptionalDate }),
  z.object({ action: z.literal("priority"), task_ids: bulkTaskIds, priority: zTaskPriority }),
  z.object({ action: z.literal("delete"), task_ids: bulkTaskIds }),
]);
export type BulkTasksBody = z.infer<typeof bulkTasksBody>;
export type BulkTaskAction = BulkTasksBody["action"];

/**
 * The answer of a bulk call: the named tasks as they are now, in the order named (none after `delete`),
 * and which of them the call changed (a task already in the asked state is left as it was) or deleted.
 */
export const bulkTasksResultSchema = z.object({
  data: z.array(taskSchema),
  meta: z.object({ changed_ids: z.array(z.number().int()), deleted_ids: z.array(z.number().int()) }),
  message: z.string().optional(),
  /** After `delete`: the one undo ticket of the whole batch (see undo.ts and trash.ts). */
  undo: undoTicketSchema.optional(),
});
export type BulkTasksResult = z.infer<typeof bulkTasksResultSchema>;
