import { z } from "zod";
import { related } from "./envelope.js";
import { PROJECT_STATUSES } from "./projects.js";
import { zId, zInt } from "./primitives.js";
import { privacyMetaSchema } from "./tasks.js";

/** The longest range one calendar call may cover, in days (a year view with its spill-over weeks fits). */
export const CALENDAR_MAX_RANGE_DAYS = 400;

/** The most events one calendar call returns; beyond it the answer says `truncated` (narrow the filters). */
export const CALENDAR_MAX_EVENTS = 5000;

/** The user id that stands for "no assignee" in the users filter and for the user view's Unassigned row. */
export const UNASSIGNED_USER_ID = 0;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Whether `YYYY-MM-DD` names a day that exists (2026-02-30 does not). */
function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * A calendar bound: `YYYY-MM-DD`, or an ISO date-time as calendars send it (`2026-03-01T00:00:00+02:00`),
 * of which the written day counts: the calendar's own day, whatever the offset. Parsed to `YYYY-MM-DD`.
 */
const zCalendarBound = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a date written YYYY-MM-DD`) })
    .trim()
    .transform((value, ctx) => {
      const day = DATE_ONLY.test(value) ? value : ISO_DATE_TIME.exec(value)?.[1];
      if (!day || !isRealDate(day)) {
        ctx.addIssue({ code: "custom", message: `${field} must be a date written YYYY-MM-DD or an ISO date-time` });
        return z.NEVER;
      }
      return day;
    });

/** Days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** An empty `project_id` (or 0, "all projects" in the original's select) means no project filter. */
const zOptionalProject = z.preprocess((value) => (value === "" || value === "0" || value === 0 ? undefined : value), zId.optional());

/** `users=3`, `users[]=3&users[]=5`; 0 stands for "no assignee". */
const zUserFilter = z
  .union([zInt.min(0), z.array(zInt.min(0)).max(200)])
  .optional()
  .transform((value) => (value === undefined ? undefined : [...new Set(Array.isArray(value) ? value : [value])]));

/**
 * `GET /api/pm-pro/v2/calendar-events` and `.../calendar-resource`: the range `[start, end)` (end excluded,
 * as calendars send it), an optional project and an optional users filter.
 */
export const calendarQuery = z
  .object({
    start: zCalendarBound("start"),
    end: zCalendarBound("end"),
    project_id: zOptionalProject,
    users: zUserFilter,
  })
  .superRefine((query, ctx) => {
    const days = daysBetween(query.start, query.end);
    if (days <= 0) ctx.addIssue({ code: "custom", path: ["end"], message: "end must be after start" });
    else if (days > CALENDAR_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["end"], message: `The range from start to end may cover at most ${CALENDAR_MAX_RANGE_DAYS} days` });
    }
  });
export type CalendarQuery = z.infer<typeof calendarQuery>;

/** A person on an event or a row of the user view. */
export const calendarUserSchema = z.object({ id: z.number().int(), display_name: z.string(), avatar_url: z.string().nullable() });
export type CalendarUser = z.infer<typeof calendarUserSchema>;

/**
 * One calendar event: a task (shown from its start to its due date) or a milestone (on its achieve date).
 * `start` and `end` are ready for a calendar: whole days of the site's time zone, `end` excluded. The shape
 * is lean (a month of a big project is thousands of events): the task window loads the whole task.
 */
export const calendarEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(["task", "milestone"]),
  title: z.string(),
  project_id: z.number().int(),
  /** First day shown, `YYYY-MM-DD`: a milestone's achieve date. */
  start: z.string(),
  /** The day after the last day shown, `YYYY-MM-DD` (a calendar's end is exclusive). */
  end: z.string(),
  /** Tasks: the saved start and due days, `YYYY-MM-DD`; null when not set (and for a milestone). */
  start_at: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Tasks 0 incomplete, 1 complete, 2 pending; milestones 0 incomplete, 1 complete. */
  status: z.number().int(),
  assignees: related(z.array(calendarUserSchema)),
  /** The task's list; null for a milestone. */
  task_list: related(z.object({ id: z.number().int(), title: z.string() })).nullable(),
  meta: z.object({ privacy: privacyMetaSchema }),
  /** Whether the caller may move or resize it (the task or milestone update call would accept it). */
  abilities: z.object({ can_edit: z.boolean() }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** `GET .../calendar-events`: the events by start day; `truncated` when more than CALENDAR_MAX_EVENTS matched. */
export const calendarEventsAnswer = z.object({
  data: z.array(calendarEventSchema),
  meta: z.object({ count: z.number().int(), truncated: z.boolean() }),
});
export type CalendarEventsAnswer = z.infer<typeof calendarEventsAnswer>;

/** An event placed on a row of the user view; a task with two assignees is on both rows. */
export const calendarResourceEventSchema = calendarEventSchema.extend({
  /** The row: an assignee's user id, or UNASSIGNED_USER_ID. */
  resource_id: z.number().int(),
});
export type CalendarResourceEvent = z.infer<typeof calendarResourceEventSchema>;

/** `GET .../calendar-resource`: the rows (people) and the task events on them. */
export const calendarResourceAnswer = z.object({
  data: z.object({
    resources: z.array(calendarUserSchema),
    events: z.array(calendarResourceEventSchema),
  }),
  meta: z.object({ count: z.number().int(), truncated: z.boolean() }),
});
export type CalendarResourceAnswer = z.infer<typeof calendarResourceAnswer>;

/** A project as the calendar's filters and New Task form need it. */
export const calendarProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** Current lists the caller may see, Inbox first: where a new task may go. */
  task_lists: related(z.array(z.object({ id: z.number().int(), title: z.string(), is_inbox: z.boolean() }))),
  /** Members, who may be assigned. */
  users: related(z.array(calendarUserSchema)),
  abilities: z.object({
    create_task: z.boolean(),
    view_private_task: z.boolean(),
    /** The New Task form's privacy switch: may a new task here be made private. */
    can_set_privacy_task: z.boolean(),
  }),
});
export type CalendarProject = z.infer<typeof calendarProjectSchema>;

/** `GET .../calendar-projects`: every project the caller belongs to (site managers: every project). */
export const calendarProjectsAnswer = z.object({
  projects: z.array(calendarProjectSchema),
  /** Everyone who is a member of one of those projects, by name. */
  users: z.array(calendarUserSchema),
  current_user_id: z.number().int(),
});
export type CalendarProjectsAnswer = z.infer<typeof calendarProjectsAnswer>;

/** How an event is drawn, from the legend: complete tasks finished, open ones running or expired. */
export type CalendarEventState = "finished" | "running" | "expired" | "milestone";

/**
 * A task is finished when complete; an open one is running while its due date (or, without one, its start)
 * is today or later, and expired after. `today` is `YYYY-MM-DD` in the reader's zone.
 */
export function calendarEventState(event: Pick<CalendarEvent, "type" | "status" | "start" | "end" | "due_date">, today: string): CalendarEventState {
  if (event.type === "milestone") return "milestone";
  if (event.status === 1) return "finished";
  const lastDay = event.due_date ?? event.start;
  return lastDay >= today ? "running" : "expired";
}
