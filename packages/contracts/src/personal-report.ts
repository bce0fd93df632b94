import { z } from "zod";
import { dateObjectSchema, related } from "./envelope.js";

/**
 * The personal estimate report (My Tasks > Reports, Pro module `reports`):
 * `GET pm-pro/v2/report-summary?type=user&users=&startDate=&endDate=`. What each user completed in a range
 * of days, with the estimations of those tasks and the time they logged (the server's personal-report
 * README gives every figure's definition).
 *
 * Durations are sent twice, as the two readings of the documents name them: hours as a number (2 decimals,
 * `estimated_hours`) and the same as `H:MM` text (`estimated_hours_tf`, "time formatted").
 */

/** Most days one report may cover: a year, so a report reads a bounded number of rows. */
export const PERSONAL_REPORT_MAX_DAYS = 366;

/** The dates of the call, as the documents send them. */
export const PERSONAL_REPORT_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The query: dates are MM/DD/YYYY (checked by the server, 400 on the field); `users` ids separated by commas, the caller by default. */
export const personalReportQuery = z.object({
  type: z.literal("user").default("user"),
  users: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
});
export type PersonalReportQuery = z.input<typeof personalReportQuery>;

/** `task` when the report lists top-level tasks, `sub_task` when it lists sub-tasks (estimated through them). */
export const PERSONAL_REPORT_FOR = ["task", "sub_task"] as const;
export type PersonalReportFor = (typeof PERSONAL_REPORT_FOR)[number];

/** An id in an answer. */
const id = z.number().int();
/** A duration as hours (2 decimals) and as `H:MM`. */
const hours = z.number();
const hoursText = z.string();

const projectRef = z.object({ id, title: z.string() });
const typeRef = z.object({ id, title: z.string() }).nullable();

/** One user's totals over the range. */
export const personalReportUserMeta = z.object({
  /** Estimation of the rows reported for the user (tasks or sub-tasks, as `report_for`). */
  total_estimation: hours,
  total_estimation_tf: hoursText,
  /** How many of them the user completed in the range. */
  completed_tasks: z.number().int(),
  /** Estimation per completed row. */
  avg_hour_task: hours,
  avg_hour_task_tf: hoursText,
  /** Time the user logged in the range (stopped logs), per day of the range. */
  avg_work_hour: hours,
  avg_work_hour_tf: hoursText,
  /** Completed rows per day of the range (2 decimals). */
  avg_task_day: z.number(),
  /** Time the user logged in the range in all. */
  total_logged: hours,
  total_logged_tf: hoursText,
});
export type PersonalReportUserMeta = z.infer<typeof personalReportUserMeta>;

export const personalReportUser = z.object({
  id,
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  meta: personalReportUserMeta,
});
export type PersonalReportUser = z.infer<typeof personalReportUser>;

/** A completed task (or sub-task) as a row of the report. */
export const personalReportTaskRow = z.object({
  id,
  title: z.string(),
  project_id: id,
  project_title: z.string(),
  task_list_id: id,
  completed_at: dateObjectSchema,
  type: related(typeRef),
  estimation: hours,
  estimation_tf: hoursText,
  /** Time the reported users logged on it in the range. */
  logged: hours,
  logged_tf: hoursText,
  /** The users of the report it is assigned to. */
  user_ids: z.array(id),
  /** The parent task of a sub-task; null on a task. */
  task: related(z.object({ id, title: z.string() }).nullable()),
});
export type PersonalReportTaskRow = z.infer<typeof personalReportTaskRow>;

/** The rows completed on one day (site time zone). */
export const personalReportTaskGroup = z.object({
  date: z.string(),
  data: z.array(personalReportTaskRow),
  meta: z.object({ total_hours: hours, total_hours_tf: hoursText }),
});
export type PersonalReportTaskGroup = z.infer<typeof personalReportTaskGroup>;

/** One project's completed work; an estimation is null when none of its rows carries one. */
export const personalReportProject = z.object({
  project: related(projectRef),
  completed_tasks: z.number().int(),
  completed_sub_tasks: z.number().int(),
  estimated_task_hours: hours.nullable(),
  estimated_task_hours_tf: hoursText.nullable(),
  estimated_sub_task_hours: hours.nullable(),
  estimated_sub_task_hours_tf: hoursText.nullable(),
  /** The reported estimation (tasks or sub-tasks, as `report_for`): the chart's orange bar. */
  estimated_hours: hours.nullable(),
  estimated_hours_tf: hoursText.nullable(),
  /** Time the reported users logged on the project's tasks and sub-tasks in the range: the chart's teal bar. */
  completed_hours: hours,
  completed_hours_tf: hoursText,
});
export type PersonalReportProject = z.infer<typeof personalReportProject>;

/** Completed rows of one task type (`type.data` null: no type). */
export const personalReportType = z.object({
  type: related(typeRef),
  completed: z.number().int(),
  estimated_hours: hours,
  estimated_hours_tf: hoursText,
});
export type PersonalReportType = z.infer<typeof personalReportType>;

export const personalReport = z.object({
  users: z.object({ data: z.array(personalReportUser) }),
  report_for: z.enum(PERSONAL_REPORT_FOR),
  tasks: z.object({ data: z.array(personalReportTaskGroup), meta: z.object({ total_hours: hours, total_hours_tf: hoursText }) }),
  projects: z.object({
    data: z.array(personalReportProject),
    meta: z.object({
      total_tasks: z.number().int(),
      total_sub_tasks: z.number().int(),
      total_task_estimation: hours,
      total_task_estimation_tf: hoursText,
      total_sub_task_estimation: hours,
      total_sub_task_estimation_tf: hoursText,
    }),
  }),
  task_types: z.object({
    data: z.array(personalReportType),
    meta: z.object({ total_tasks: z.number().int(), total_estimation: hours, total_estimation_tf: hoursText }),
  }),
  /** Only sub-tasks that carry an estimation are counted here. */
  sub_task_types: z.object({
    data: z.array(personalReportType),
    meta: z.object({ total_sub_tasks: z.number().int(), total_estimation: hours, total_estimation_tf: hoursText }),
  }),
});
export type PersonalReport = z.infer<typeof personalReport>;

export const personalReportEnvelope = z.object({
  data: personalReport,
  meta: z.object({ start_date: z.string(), end_date: z.string(), days: z.number().int() }),
});
export type PersonalReportEnvelope = z.infer<typeof personalReportEnvelope>;

/** Minutes as `H:MM` (`90` is `1:30`), the `_tf` form of the report. */
export function minutesAsHoursText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Minutes as hours with 2 decimals. */
export function minutesAsHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** MM/DD/YYYY to YYYY-MM-DD, or null when it is not a real day in that form. */
export function usDateToIso(value: string): string | null {
  const match = PERSONAL_REPORT_DATE_PATTERN.exec(value);
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** YYYY-MM-DD to MM/DD/YYYY, the form of the call's dates and of dates on screen. */
export function isoToUsDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${month}/${day}/${year}`;
}
