import { z } from "zod";
import { paginationSchema } from "./envelope.js";
import { LINE_CONTROL_CHARACTERS, zFlag, zId, zInt, zTitle } from "./primitives.js";
import { taskSchema } from "./tasks.js";

/**
 * The Kanban board (Pro module `kanboard`): a project's columns side by side, each holding cards that are
 * the project's tasks. A task is in at most one column; a card's place is a fractional order key, so a move
 * writes one row however long the column is. The rules are in the server module's README.md.
 */

/** Cards a column page holds unless `per_page` says otherwise, and the most one page may hold. */
export const KANBOARD_PAGE_SIZE = 50;
export const KANBOARD_MAX_PAGE_SIZE = 200;

/** Cards per column a board opening brings (`with=tasks`): a tall screen's worth; the rest page in on scroll. */
export const KANBOARD_OPENING_PAGE_SIZE = 20;

/** Columns one project may have (each one is a request when the board opens). */
export const KANBOARD_MAX_COLUMNS = 50;

/** The highest WIP limit a column takes; no limit is `null`. */
export const KANBOARD_MAX_WIP_LIMIT = 10_000;

/** Longest column title. */
export const KANBOARD_TITLE_MAX = 100;

/** The columns every new project starts with, in order; the last one completes the tasks dropped into it. */
export const KANBOARD_DEFAULT_COLUMNS = [
  { title: "Open", color: "#228be6", is_done: false },
  { title: "In progress", color: "#fab005", is_done: false },
  { title: "Done", color: "#40c057", is_done: true },
] as const;

/**
 * How a project's tasks are shown to one user, remembered per user and project: the task lists, the Kanban
 * board, or the archived lists (search results about the project's tasks then open over the archive).
 */
export const LIST_VIEW_TYPES = ["list", "kanboard", "archive"] as const;
export type ListViewTypeName = (typeof LIST_VIEW_TYPES)[number];

/** A column colour: `#rrggbb`, or null for the theme's default. */
const zColumnColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "color must be a colour written #rrggbb")
  .transform((value) => value.toLowerCase());

/** A WIP limit as given: a whole number from 1, or null, 0 or "" for none. */
const zWipLimit = z.preprocess(
  (value) => (value === "" || value === 0 || value === "0" ? null : value),
  zInt.min(1, "wip_limit must be at least 1 (or empty for no limit)").max(KANBOARD_MAX_WIP_LIMIT).nullable(),
);

/** What the caller may do with one column. */
export const kanboardColumnAbilitiesSchema = z.object({
  /** Rename it, change its colour, WIP limit or done flag: site managers and the project's managers. */
  can_edit: z.boolean(),
  /** Delete it (its tasks stay in their lists and leave the board): the same people. */
  can_delete: z.boolean(),
  /** Quick add at its top: whoever may create tasks in the project. */
  can_create_task: z.boolean(),
});
export type KanboardColumnAbilities = z.infer<typeof kanboardColumnAbilitiesSchema>;

/** A page of a column's cards: `{ data, meta: { pagination } }`, in board order. */
export const kanboardTaskPageSchema = z.object({ data: z.array(taskSchema), meta: z.object({ pagination: paginationSchema }) });
export type KanboardTaskPage = z.infer<typeof kanboardTaskPageSchema>;

/**
 * One column of the board (the documents' "board"). `task` comes with one column's GET only: the list of
 * columns carries each column's count, and the web loads each column's cards page by page.
 */
export const kanboardColumnSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** `#rrggbb`, or null for the theme's default. */
  color: z.string().nullable(),
  /** Cards the column should hold at most; null for no limit. Past it a move still happens, with a warning. */
  wip_limit: z.number().int().nullable(),
  /** A task dropped into this column is completed; one dragged out of it is reopened. */
  is_done: z.boolean(),
  /** Position on the board, 0 first. */
  order: z.number().int(),
  project_id: z.number().int(),
  meta: z.object({
    /** Cards in the column that the caller may see (private tasks they may not see are left out). */
    total_tasks: z.number().int(),
    /** Of those, the incomplete ones. */
    total_incomplete_tasks: z.number().int(),
  }),
  task: kanboardTaskPageSchema.optional(),
  abilities: kanboardColumnAbilitiesSchema,
});
export type KanboardColumn = z.infer<typeof kanboardColumnSchema>;

/** What the caller may do with the board as a whole. */
export const kanboardAbilitiesSchema = z.object({
  /** Add a column: site managers and the project's managers. */
  can_create: z.boolean(),
  /** Reorder the columns (`board-order`): the same people. */
  can_order: z.boolean(),
});
export type KanboardAbilities = z.infer<typeof kanboardAbilitiesSchema>;

/** `GET /api/pm-pro/v2/projects/{p}/kanboard`: every column, in order, with its count. */
export const kanboardListResponse = z.object({
  data: z.array(kanboardColumnSchema),
  meta: z.object({
    /** Cards on the board that the caller may see. */
    total_tasks: z.number().int(),
    abilities: kanboardAbilitiesSchema,
  }),
});
export type KanboardList = z.infer<typeof kanboardListResponse>;

/**
 * `GET /api/pm-pro/v2/projects/{p}/kanboard?with=tasks`: each column also carries its first cards (`task`,
 * as the column call answers page 1 of `KANBOARD_OPENING_PAGE_SIZE`), so a board opens in one call, not one
 * per column.
 */
export const kanboardListQuery = z.object({ with: z.string().max(100).optional() });
export type KanboardListQuery = z.infer<typeof kanboardListQuery>;

/** `GET /api/pm-pro/v2/projects/{p}/kanboard/{board_id}/`: one column with a page of its cards. */
export const kanboardColumnQuery = z.object({
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(KANBOARD_MAX_PAGE_SIZE).default(KANBOARD_PAGE_SIZE),
});
export type KanboardColumnQuery = z.infer<typeof kanboardColumnQuery>;

export const kanboardColumnResponse = z.object({ data: kanboardColumnSchema, message: z.string().optional() });

/** `POST /api/pm-pro/v2/projects/{p}/kanboard`: a new column, at the end of the board. */
export const createKanboardColumnBody = z.object({
  title: zTitle(KANBOARD_TITLE_MAX),
  color: zColumnColor.nullable().optional(),
  wip_limit: zWipLimit.optional(),
  is_done: zFlag.default(false),
});
export type CreateKanboardColumnBody = z.infer<typeof createKanboardColumnBody>;

/** `POST .../kanboard/{board_id}/update`: only the fields given change. */
export const updateKanboardColumnBody = z.object({
  title: zTitle(KANBOARD_TITLE_MAX).optional(),
  color: zColumnColor.nullable().optional(),
  wip_limit: zWipLimit.optional(),
  is_done: zFlag.optional(),
});
export type UpdateKanboardColumnBody = z.infer<typeof updateKanboardColumnBody>;

/**
 * `POST .../kanboard/board-order`: the columns' new positions. Every column named must be one of the
 * project's, once; columns left out keep their position.
 */
export const kanboardBoardOrderBody = z.object({
  board_orders: z
    .array(z.object({ id: zId, order: zInt.min(0).max(KANBOARD_MAX_COLUMNS * 10) }))
    .min(1)
    .max(KANBOARD_MAX_COLUMNS)
    .refine((orders) => new Set(orders.map((order) => order.id)).size === orders.length, { error: "board_orders must not name a column twice" }),
});
export type KanboardBoardOrderBody = z.infer<typeof kanboardBoardOrderBody>;

/** Where a card goes when it has no neighbour to go beside: the column's top (the default) or bottom. */
export const KANBOARD_DROP_ENDS = ["top", "bottom"] as const;

/**
 * `POST .../kanboard/task-order`: moves a card within its column or into another one (or puts a task of the
 * project on the board). The card lands right below `before_task_id` (the card above it after the move);
 * without it, right above `after_task_id` (the card below it); with neither, at the column's `to` end. The
 * neighbours must be cards of the target column that the caller sees.
 */
export const kanboardTaskOrderBody = z.object({
  task_id: zId,
  /** The target column. */
  board_id: zId,
  before_task_id: zId.nullable().optional(),
  after_task_id: zId.nullable().optional(),
  to: z.enum(KANBOARD_DROP_ENDS).default("top"),
});
export type KanboardTaskOrderBody = z.infer<typeof kanboardTaskOrderBody>;

/** The state of a column's WIP limit after a change. */
export const kanboardWipSchema = z.object({
  limit: z.number().int().nullable(),
  /** Cards in the column that the caller sees, after the change. */
  total: z.number().int(),
  /** `total` equals the limit (amber). */
  at_limit: z.boolean(),
  /** `total` is past the limit (red). */
  exceeded: z.boolean(),
});
export type KanboardWip = z.infer<typeof kanboardWipSchema>;

/**
 * The answer of a move (`task-order`) and of adding a task (`.../task/{task_id}`): where the card is now.
 * `position` counts the cards the caller sees above it, so the web can place a card dropped into a part of
 * the column it has not loaded. A move into or out of a done column changes the task's status
 * (`status_changed`): the web then refreshes what shows the task.
 */
export const kanboardPlacementResponse = z.object({
  data: z.object({
    task_id: z.number().int(),
    board_id: z.number().int(),
    /** The column it came from; null when it was not on the board. */
    from_board_id: z.number().int().nullable(),
    /** 0-based index among the cards of the column that the caller sees. */
    position: z.number().int(),
    /** The card's order key (compares as text, byte by byte). */
    order: z.string(),
    status: z.number().int(),
    status_changed: z.boolean(),
  }),
  meta: z.object({
    wip: kanboardWipSchema,
    /** Messages to show: a WIP limit passed by this change. */
    warnings: z.array(z.string()),
  }),
  message: z.string().optional(),
});
export type KanboardPlacement = z.infer<typeof kanboardPlacementResponse>;

/**
 * `GET /api/pm-pro/v2/projects/{p}/kanboard/view` and `POST` with `{ view_type }`: how the caller last
 * looked at the project's tasks (the board or the lists). The web sets it when the user opens either; it
 * decides where search results about the project's tasks lead.
 */
export const kanboardViewBody = z.object({ view_type: z.enum(LIST_VIEW_TYPES) });
export type KanboardViewBody = z.infer<typeof kanboardViewBody>;
export const kanboardViewResponse = z.object({ data: z.object({ project_id: z.number().int(), view_type: z.enum(LIST_VIEW_TYPES) }) });
export type KanboardView = z.infer<typeof kanboardViewResponse>["data"];

/**
 * `GET /api/pm-pro/v2/kanboard/views`: the caller's remembered view types of every project where one is
 * remembered, by project id (as text, JSON's key type); a project not named shows lists.
 */
export const kanboardViewsResponse = z.object({ data: z.record(z.string(), z.enum(LIST_VIEW_TYPES)) });
export type KanboardViews = z.infer<typeof kanboardViewsResponse>["data"];

/** A column title is one line of text; exported for forms that check before sending. */
export function isValidColumnTitle(title: string): boolean {
  const trimmed = title.trim();
  return trimmed.length > 0 && trimmed.length <= KANBOARD_TITLE_MAX && !LINE_CONTROL_CHARACTERS.test(trimmed);
}
