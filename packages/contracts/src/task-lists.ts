import { z } from "zod";
import { dateObjectSchema, optionalDateObjectSchema, related, richTextSchema } from "./envelope.js";
import { zMilestoneLink } from "./none-values.js";
import { zFlag, zId, zInt, zNameList, zTitle } from "./primitives.js";
import { privacyMetaSchema, taskPageSchema } from "./tasks.js";
import { userSchema } from "./users.js";

/** Task list status: 1 current, 0 archived. */
export const TASK_LIST_STATUS = { archived: 0, current: 1 } as const;

/** What the caller may do with a task list. */
export const taskListAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_create_task: z.boolean(),
  /** Duplicate the list: a current list, for those who may create lists. */
  can_duplicate: z.boolean(),
  /** Archive it: an editor of any list but the Inbox, where new tasks land. */
  can_archive: z.boolean(),
  /** Show the privacy box in its form: an editor who holds view_private_list, never for the Inbox. */
  can_set_privacy: z.boolean(),
});
export type TaskListAbilities = z.infer<typeof taskListAbilitiesSchema>;

/** A milestone as linked from a list or discussion: just its name and date. */
export const milestoneRefSchema = z.object({ id: z.number().int(), title: z.string(), achieve_date: optionalDateObjectSchema });

/** A task list as the API shows it. */
export const taskListSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  order: z.number().int(),
  status: z.number().int(),
  /** The Inbox that every project has; it cannot be deleted. */
  is_inbox: z.boolean(),
  project_id: z.number().int(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  creator: related(userSchema),
  milestone: related(milestoneRefSchema.nullable()),
  meta: z.object({
    privacy: privacyMetaSchema,
    total_tasks: z.number().int(),
    total_complete_tasks: z.number().int(),
    total_incomplete_tasks: z.number().int(),
    total_comments: z.number().int(),
  }),
  incomplete_tasks: taskPageSchema.optional(),
  complete_tasks: taskPageSchema.optional(),
  abilities: taskListAbilitiesSchema,
});
export type TaskList = z.infer<typeof taskListSchema>;

/**
 * Most lists one task-lists page may ask for: the documents' Kanban fetches every list with
 * `per_page=2000` and Gantt with `per_page=1000`. Other listings stop at 500.
 */
export const TASK_LISTS_MAX_PER_PAGE = 2000;

/** `GET /api/pm/v2/projects/{p}/task-lists` query. */
export const listTaskListsQuery = z.object({
  per_page: zInt.min(-1).max(TASK_LISTS_MAX_PER_PAGE).default(15),
  page: zInt.min(1).default(1),
  status: zInt.min(0).max(1).default(1),
  with: zNameList,
  /** Only the lists linked to this milestone (the milestone's own page lists them with their tasks). */
  milestone: zId.optional(),
  /** Page size of the tasks included with `with=incomplete_tasks,complete_tasks`. */
  incomplete_task_per_page: zInt.min(1).max(500).default(20),
  complete_task_per_page: zInt.min(1).max(500).default(10),
});
export type ListTaskListsQuery = z.infer<typeof listTaskListsQuery>;

/** `GET .../task-lists/{id}` query: the list's tasks page by page. */
export const showTaskListQuery = z.object({
  with: zNameList,
  incomplete_task_page: zInt.min(1).default(1),
  complete_task_page: zInt.min(1).default(1),
  incomplete_task_per_page: zInt.min(1).max(500).default(20),
  complete_task_per_page: zInt.min(1).max(500).default(10),
});
export type ShowTaskListQuery = z.infer<typeof showTaskListQuery>;

/** `POST .../task-lists`. */
export const createTaskListBody = z.object({
  title: zTitle(255),
  description: z.string().max(100_000).optional(),
  milestone: zMilestoneLink.default(0),
  privacy: zFlag.default(false),
});
export type CreateTaskListBody = z.infer<typeof createTaskListBody>;

/** `POST .../task-lists/{id}/update`: also `status` 0 to archive, 1 to restore. */
export const updateTaskListBody = z.object({
  title: zTitle(255).optional(),
  description: z.string().max(100_000).optional(),
  milestone: zMilestoneLink.optional(),
  privacy: zFlag.optional(),
  status: zInt.min(0).max(1).optional(),
});
export type UpdateTaskListBody = z.infer<typeof updateTaskListBody>;

/** `POST /api/pm/v2/projects/{p}/lists/sorting`: list ids in their new order. */
export const sortListsBody = z.object({ orders: z.array(z.object({ id: zId, index: zInt.min(0) })).max(5_000) });
