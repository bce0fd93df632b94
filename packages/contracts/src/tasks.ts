import { z } from "zod";
import { attachmentListSchema, zFilesToDelete } from "./attachments.js";
import { dateObjectSchema, optionalDateObjectSchema, paginationSchema, related, richTextSchema } from "./envelope.js";
import { zDateString, zFlag, zId, zInt, zNameList, zTitle } from "./primitives.js";
import { zOptionalDate, zOptionalTypeId } from "./none-values.js";
import { taskLabelSchema, zTaskLabelIds } from "./labels.js";
import { userSchema } from "./users.js";

/** Task status: 0 incomplete, 1 complete, 2 pending. */
export const TASK_STATUS = { incomplete: 0, complete: 1, pending: 2 } as const;
export const zTaskStatus = zInt.min(0).max(2);

/** Privacy as the documents send it in `meta.privacy`: "1" private, "0" public. */
export const privacyMetaSchema = z.enum(["0", "1"]);

/** What the caller may do with a task. */
export const taskAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_complete: z.boolean(),
  /** Move it to another list: an editor of a top-level task (a sub-task moves with its parent). */
  can_move: z.boolean(),
  /** Show the privacy switch in its form: an editor who holds view_private_task. */
  can_set_privacy: z.boolean(),
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

/** `GET /api/pm/v2/tasks` and `GET /api/pm/v2/projects/{p}/tasks` filters. */
export const listTasksQuery = z.object({
  project_id: z.union([zId, z.array(zId)]).optional(),
  users: z.union([zId, z.array(zId)]).optional(),
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
  title: z.string().trim().max(200).optional(),
  /** 1 to 100; every task at once (-1) is not offered, as a reader may see hundreds of thousands. */
  per_page: zInt.min(1).max(100).default(20),
  page: zInt.min(1).default(1),
  with: zNameList,
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
  priority: zInt.min(0).max(10).default(0),
  complexity: zInt.min(0).max(10).default(0),
  payable: zFlag.default(false),
  recurrent: zInt.min(0).max(10).default(0),
  type_id: zOptionalTypeId.optional(),
  parent_id: zInt.min(0).default(0),
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
  priority: zInt.min(0).max(10).optional(),
  complexity: zInt.min(0).max(10).optional(),
  payable: zFlag.optional(),
  recurrent: zInt.min(0).max(10).optional(),
  type_id: zOptionalTypeId.optional(),
  status: zTaskStatus.optional(),
  /** Label ids of this project; replaces the task's labels (`[]` or `[0]`: none). Needs can_edit. */
  task_labels: zTaskLabelIds.optional(),
  /** Attachments of the task to remove; new ones come as multipart `files[]` (create and update). */
  files_to_delete: zFilesToDelete.optional(),
});
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

/** `POST .../tasks/{id}/change-status`. */
export const changeTaskStatusBody = z.object({ status: zTaskStatus });

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
