import { z } from "zod";
import { zDateString, zId, zInt } from "./primitives.js";
import { userSchema } from "./users.js";

/**
 * The time tracker (Pro module `time_tracker`): a timer per user that runs on the server, and time logged
 * by hand. Durations are whole seconds everywhere; hours and minutes are only how they are shown.
 */

/** A log's timer state: 1 while it runs, 0 once stopped. */
export const TIME_RUN_STATUS = { stopped: 0, running: 1 } as const;

/** The least and most time one custom log may hold, in seconds: 1 minute to 24 hours. */
export const CUSTOM_TIME_MIN_SECONDS = 60;
export const CUSTOM_TIME_MAX_SECONDS = 24 * 60 * 60;

/** The earliest day custom time may be put on: older dates are typing mistakes, and not every time zone reaches them. */
export const CUSTOM_TIME_EARLIEST_DAY = "1970-01-01";

/** How a log was written: by the timer, or typed in (custom time, a timesheet cell). */
export const TIME_SOURCES = ["timer", "custom"] as const;

/** One time log. */
export const timeLogSchema = z.object({
  time_id: z.number().int(),
  task_id: z.number().int(),
  project_id: z.number().int(),
  created_by: z.number().int(),
  user: z.object({ data: userSchema }),
  /** When it started, ISO 8601 in UTC. */
  start: z.string(),
  /** When it stopped, ISO 8601 in UTC; null while it runs. */
  stop: z.string().nullable(),
  /** Seconds logged; for a running timer, the seconds up to the answer. */
  total: z.number().int(),
  run_status: z.number().int(),
  /** `total` split for display: whole hours, then the minutes left. */
  hour: z.number().int(),
  minute: z.number().int(),
  /** The day it belongs to: the day it started in the site's time zone (YYYY-MM-DD). */
  day: z.string(),
  note: z.string(),
  source: z.enum(TIME_SOURCES),
  /** The server stopped it at `PLOTLINE_TIMER_MAX_HOURS` because it was left running. */
  stopped_by_cap: z.boolean(),
  abilities: z.object({ can_delete: z.boolean() }),
});
export type TimeLog = z.infer<typeof timeLogSchema>;

/** A task's time: `meta` on every task answer, `data` (the caller's own logs) on one task's answers. */
export const taskTimeSchema = z.object({
  meta: z.object({
    /** Seconds logged on the task itself, by everyone (stopped logs). */
    totalTime: z.number().int(),
    /** The caller's timer runs on this task. */
    running: z.boolean(),
  }),
  data: z.array(timeLogSchema).optional(),
});
export type TaskTime = z.infer<typeof taskTimeSchema>;

/** `POST /api/pm-pro/v2/time/`: starts the caller's timer on a task (stopping one that ran elsewhere). */
export const startTimerBody = z.object({ task_id: zId, project_id: zId, list_id: zId.optional() });
export type StartTimerBody = z.infer<typeof startTimerBody>;

/** `POST /api/pm-pro/v2/time/update`: stops the caller's running timer (`task_id`, when given, must be its task). */
export const stopTimerBody = z.object({ task_id: zId.optional(), note: z.string().trim().max(1000).optional() });
export type StopTimerBody = z.infer<typeof stopTimerBody>;

/** `POST /api/pm-pro/v2/custom-time/`: time typed in. `date` defaults to today in the site's time zone. */
export const customTimeBody = z.object({
  task_id: zId,
  project_id: zId.optional(),
  hour: zInt.min(0, "Hours cannot be negative.").max(24, "Custom time can be at most 24 hours."),
  minute: zInt.min(0, "Minutes cannot be negative.").max(59, "Minutes go from 0 to 59: write 60 minutes as 1 hour."),
  date: zDateString.refine((day) => day >= CUSTOM_TIME_EARLIEST_DAY, "The date cannot be before 1970.").optional(),
  note: z.string().trim().max(1000).default(""),
});
export type CustomTimeBody = z.infer<typeof customTimeBody>;

/** The answer of starting a timer: the running log, and what the web shows as sticky warnings. */
export const startTimerResponse = z.object({
  data: timeLogSchema,
  message: z.string(),
  meta: z.object({ warnings: z.array(z.string()), stopped: timeLogSchema.nullable() }),
});
export type StartedTimer = z.infer<typeof startTimerResponse>;

/** `GET /api/pm-pro/v2/time/running`: the caller's running timer, and timers the server stopped unseen. */
export const runningTimerResponse = z.object({
  data: timeLogSchema.nullable(),
  meta: z.object({
    /** The task the timer runs on, to show its title and link in the header. */
    task: z.object({ id: z.number().int(), title: z.string(), project_id: z.number().int(), task_list_id: z.number().int() }).nullable(),
    /** Logs the server stopped at the cap that the caller has not been told of yet (newest first). */
    capped: z.array(timeLogSchema),
    /** The cap in hours (`PLOTLINE_TIMER_MAX_HOURS`). */
    max_hours: z.number(),
  }),
});
export type RunningTimer = z.infer<typeof runningTimerResponse>;

/** `GET /api/pm-pro/v2/others-time/?task_id=`: the other users' logs on a task, for its managers. */
export const othersTimeQuery = z.object({ task_id: zId });
export const othersTimeResponse = z.object({
  data: z.array(z.object({ user: z.object({ data: userSchema }), total: z.number().int(), logs: z.array(timeLogSchema) })),
  meta: z.object({ total: z.number().int() }),
});
export type OthersTime = z.infer<typeof othersTimeResponse>;

/** The longest timesheet one call answers: a month and a few days. */
export const TIMESHEET_MAX_DAYS = 42;

/** `GET /api/pm-pro/v2/timesheet`: `start` (default: this week's Monday) and `days` (default 7). */
export const timesheetQuery = z.object({
  user_id: zId.optional(),
  start: zDateString.optional(),
  days: zInt.min(1).max(TIMESHEET_MAX_DAYS).default(7),
});
export type TimesheetQuery = z.infer<typeof timesheetQuery>;

/** One row of a timesheet: a task, and the seconds logged on it each day. */
export const timesheetRowSchema = z.object({
  task: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    parent_id: z.number().int(),
    project_id: z.number().int(),
    project_title: z.string(),
    task_list_id: z.number().int(),
  }),
  /** Seconds by day (YYYY-MM-DD); days without time are absent. */
  days: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  /** The sheet's owner may add time on it here: an assignee of an incomplete task in an open list. */
  can_add: z.boolean(),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

export const timesheetResponse = z.object({
  data: z.object({
    user: z.object({ data: userSchema }),
    /** The days shown, in order (YYYY-MM-DD, site time zone). */
    days: z.array(z.string()),
    rows: z.array(timesheetRowSchema),
    /** Seconds by day, and in all. */
    totals: z.object({ days: z.record(z.string(), z.number().int()), total: z.number().int() }),
    /** The sheet is the caller's own: cells take new time. */
    editable: z.boolean(),
  }),
});
export type Timesheet = z.infer<typeof timesheetResponse>["data"];

/** Seconds as the spec shows a time value: hours + minutes / 60, rounded to 2 decimals. */
export function hoursOf(seconds: number): number {
  const minutes = Math.floor(seconds / 60);
  return Math.round((Math.floor(minutes / 60) + (minutes % 60) / 60) * 100) / 100;
}

/** Seconds split into whole hours, minutes and seconds. */
export function splitSeconds(seconds: number): { hour: number; minute: number; second: number } {
  const whole = Math.max(0, Math.floor(seconds));
  return { hour: Math.floor(whole / 3600), minute: Math.floor((whole % 3600) / 60), second: whole % 60 };
}
