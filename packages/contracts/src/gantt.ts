import { z } from "zod";
import { EVERY_WEEKDAY } from "./gantt-dates.js";
import type { GanttLinkType } from "./gantt-schedule.js";
import { zDateString, zFlag, zId, zInt } from "./primitives.js";

export * from "./gantt-dates.js";
export * from "./gantt-schedule.js";

/**
 * The Gantt chart (Pro module `gantt`, spec part 2 "Gantt"): the project's tasks as bars, links between
 * them of four kinds, rescheduling of the successors of a moved task, the critical path and an export.
 * The rules are pure functions in `gantt-dates.ts` and `gantt-schedule.ts`, shared by server and web; the
 * server module's README.md tells the calls.
 */

/** Link kinds by name, as the issue numbers them. */
export const GANTT_LINK_TYPES = {
  finish_to_start: 0,
  start_to_start: 1,
  finish_to_finish: 2,
  start_to_finish: 3,
} as const satisfies Record<string, GanttLinkType>;
export type GanttLinkTypeName = keyof typeof GANTT_LINK_TYPES;

/** The name of each link kind, by its number. */
export const GANTT_LINK_TYPE_NAMES: readonly GanttLinkTypeName[] = ["finish_to_start", "start_to_start", "finish_to_finish", "start_to_finish"];

/** The most days a link's lag may be, either way. */
export const GANTT_MAX_LAG = 365;

/** The default of the project setting `working_days`: every day counts. */
export const DEFAULT_WORKING_DAYS: readonly number[] = EVERY_WEEKDAY;

const LINK_TYPE_MESSAGE = "link.type must be 0 (finish to start), 1 (start to start), 2 (finish to finish) or 3 (start to finish)";

/** A link kind as given: its number (0 to 3, also as text) or its name (`finish_to_start`). */
const zLinkType = z.preprocess(
  (value) => (typeof value === "string" && value in GANTT_LINK_TYPES ? GANTT_LINK_TYPES[value as GanttLinkTypeName] : value),
  zInt.min(0, LINK_TYPE_MESSAGE).max(3, LINK_TYPE_MESSAGE),
).transform((value) => value as GanttLinkType);

/** A link kind as the API sends it. */
const linkTypeOut = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** A lag in days (working days where the project leaves days out), -365 to 365. */
const zLag = zInt
  .min(-GANTT_MAX_LAG, `link.lag must be at least -${GANTT_MAX_LAG} days`)
  .max(GANTT_MAX_LAG, `link.lag must be at most ${GANTT_MAX_LAG} days`);

/** A link between two tasks of a project. */
export const ganttLinkSchema = z.object({
  id: z.number().int(),
  /** The task the link starts from (its predecessor). */
  source: z.number().int(),
  /** The task the link leads to (its successor): the one the link constrains. */
  target: z.number().int(),
  /** 0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish. */
  type: linkTypeOut,
  /** Days between the two ends, -365 to 365 (negative: overlap); working days where the project leaves days out. */
  lag: z.number().int(),
});
export type GanttLink = z.infer<typeof ganttLinkSchema>;

/** `POST pm-pro/v2/projects/{p}/gantt`: `{ link: { source, target, type, lag? } }`. */
export const createGanttLinkBody = z.object({
  link: z.object({
    source: zId,
    target: zId,
    type: zLinkType,
    lag: zLag.optional().default(0),
  }),
});
export type CreateGanttLinkBody = z.infer<typeof createGanttLinkBody>;

/** The answer to a link's creation. */
export const ganttLinkResponse = z.object({ data: ganttLinkSchema, message: z.string().optional() });

/** One task as the Gantt chart draws it: lean, with the links that leave it. */
export const ganttTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** YYYY-MM-DD or null. */
  start_at: z.string().nullable(),
  /** YYYY-MM-DD or null; the bar ends the day after (`toGanttEnd`). */
  due_date: z.string().nullable(),
  /** 0 incomplete, 1 complete, 2 pending. */
  status: z.number().int(),
  task_list_id: z.number().int(),
  /** 0 for a top-level task, else the parent task's id. */
  parent_id: z.number().int(),
  /** The milestone of the task's list, when the reader may see it. */
  milestone_id: z.number().int().nullable(),
  /** Ids of the assigned users. */
  assignees: z.array(z.number().int()),
  /** 0 to 100: 100 when complete, else the share of its sub-tasks that are complete (0 without any). */
  progress: z.number().int(),
  /** Minutes. */
  estimation: z.number().int(),
  /** Whether the reader may move and resize its bar and link to it (change its dates). */
  can_edit: z.boolean(),
  /** The links whose source is this task and whose target the reader sees too. */
  gantt_links: z.object({ data: z.array(ganttLinkSchema) }),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

/** A list as the Gantt chart groups tasks under it (a summary row). */
export const ganttListSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  /** The list's milestone, when the reader may see it. */
  milestone_id: z.number().int().nullable(),
});
export type GanttList = z.infer<typeof ganttListSchema>;

/** A milestone as a diamond on its day. */
export const ganttMilestoneSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** YYYY-MM-DD or null. */
  achieve_date: z.string().nullable(),
});
export type GanttMilestone = z.infer<typeof ganttMilestoneSchema>;

/** `GET pm-pro/v2/projects/{p}/gantt`: every task the reader sees, with its links, and the chart's frame. */
export const ganttListResponse = z.object({
  data: z.array(ganttTaskSchema),
  meta: z.object({
    lists: z.array(ganttListSchema),
    milestones: z.array(ganttMilestoneSchema),
    /** The project's working ISO weekdays (1 Monday to 7 Sunday); all seven: every day counts. */
    working_days: z.array(z.number().int()),
  }),
});
export type GanttListResponse = z.infer<typeof ganttListResponse>;

/** `POST .../gantt/reschedule`: the task that moved, and whether to move its successors now. */
export const ganttRescheduleBody = z.object({
  task_id: zId,
  /** true: move them, in one transaction with one activity; false (the default): only say which would move. */
  apply: zFlag.optional().default(false),
});
export type GanttRescheduleBody = z.infer<typeof ganttRescheduleBody>;

/** One successor a reschedule moves, from its saved dates to its new ones. */
export const ganttShiftSchema = z.object({
  task_id: z.number().int(),
  title: z.string(),
  start_at: z.string(),
  due_date: z.string(),
  new_start_at: z.string(),
  new_due_date: z.string(),
});
export type GanttShift = z.infer<typeof ganttShiftSchema>;

/** The answer of a reschedule: the tasks to move (or moved), in link order. */
export const ganttRescheduleResponse = z.object({
  data: z.array(ganttShiftSchema),
  meta: z.object({ applied: z.boolean() }),
  message: z.string().optional(),
});
export type GanttRescheduleResponse = z.infer<typeof ganttRescheduleResponse>;

/** `GET .../gantt/critical-path`. */
export const ganttCriticalPathResponse = z.object({
  data: z.object({
    /** The longest chain of tasks ending at the project's last due date, first to last. */
    task_ids: z.array(z.number().int()),
    /** Each dated task's slack in days (working days where the project leaves days out), by id. */
    slack: z.record(z.string(), z.number().int()),
    /** The project's last due date; null when no task has both dates. */
    finish: z.string().nullable(),
  }),
});
export type GanttCriticalPathResponse = z.infer<typeof ganttCriticalPathResponse>;

/** The export's formats and zoom levels. */
export const GANTT_EXPORT_FORMATS = ["pdf", "png", "csv"] as const;
export const GANTT_ZOOMS = ["day", "week", "month", "quarter"] as const;

/** `GET .../gantt/export?format=&zoom=&from=&to=`: from and to default to the span of the dated tasks. */
export const ganttExportQuery = z
  .object({
    format: z.enum(GANTT_EXPORT_FORMATS),
    zoom: z.enum(GANTT_ZOOMS).optional().default("week"),
    from: zDateString.optional(),
    to: zDateString.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], message: "to must be on or after from" });
export type GanttExportQuery = z.infer<typeof ganttExportQuery>;

const WEEKDAY_MESSAGE = "working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)";

/**
 * The project setting `working_days`: the ISO weekdays that count (at least one, none twice), kept sorted.
 * All seven (the default) make every day count; five leave the weekend out of lengths and lags.
 */
export const zWorkingDays = z
  .array(zInt.min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE), WEEKDAY_MESSAGE)
  .min(1, "working_days must name at least one working day")
  .max(7, WEEKDAY_MESSAGE)
  .refine((days) => new Set(days).size === days.length, "working_days names a weekday twice")
  .transform((days) => [...days].sort((a, b) => a - b));
