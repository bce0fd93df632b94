/**
 * Every date and time the app shows goes through here, in the signed-in user's formats: the date format
 * and time zone chosen in "Your account", and due dates read relative ("Tomorrow", "3 days late") near
 * today. Calendar days (`YYYY-MM-DD`: due dates, milestones) are never shifted between zones; moments
 * (created, commented) are shown in the user's zone. Date inputs take the same format (`dateInputFormat`).
 */
import { DEFAULT_PREFERENCES, TASK_STATUS, daysBetween, type DateObject, type Preferences } from "@plotline/contracts";
import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import i18next from "i18next";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The preferences that change how dates read. */
export type DatePreferences = Pick<Preferences, "date_format" | "time_zone" | "relative_dates">;

/** What the formatting functions may be told instead of the signed-in user's preferences and the clock (tests). */
export interface DateOptions {
  preferences?: DatePreferences;
  /** The current moment; the clock's when absent. */
  now?: Date;
}

/** How far from today, in days, a due date still reads relative; a date further away reads as a date. */
export const RELATIVE_DAYS = 7;

/** A short day (column heads, chart labels) for each date format: the year left out, the order kept. */
const SHORT_FORMATS: Record<Preferences["date_format"], string> = {
  "MM/DD/YYYY": "M/D",
  "DD/MM/YYYY": "D/M",
  "YYYY-MM-DD": "MM-DD",
  "DD.MM.YYYY": "D.M.",
  "MMM D, YYYY": "MMM D",
};

let current: DatePreferences = DEFAULT_PREFERENCES;

/**
 * Sets the preferences every date is shown with: called when `auth/me` answers and when the user changes
 * them. A module value rather than a React context, so that plain functions (a toast's text, a chart's
 * labels) read the same formats as components.
 */
export function setDatePreferences(preferences: DatePreferences | null): void {
  current = preferences ?? DEFAULT_PREFERENCES;
}

/** The preferences dates are shown with now. */
export function datePreferences(): DatePreferences {
  return current;
}

/** The browser's own IANA time zone. */
export function browserTimeZone(): string {
  // Asking Intl builds a formatter each time; a board asks for every card, so the answer is kept.
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}
let browserZone: string | null = null;

/** The zone moments are shown in: the chosen one, or the browser's when the user chose none. */
export function activeTimeZone(preferences: DatePreferences = current): string {
  return preferences.time_zone || browserTimeZone();
}

/** The format a date input shows its value in (Mantine's `valueFormat`), so pickers read like the rest. */
export function dateInputFormat(preferences: DatePreferences = current): string {
  return preferences.date_format;
}

/** A moment in the user's zone. */
function inZone(moment: Dayjs, preferences: DatePreferences): Dayjs {
  return moment.tz(activeTimeZone(preferences));
}

/** Today in the user's zone (their chosen one, else the browser's), written `YYYY-MM-DD` as the API takes days. */
export function todayString(options: DateOptions = {}): string {
  const preferences = options.preferences ?? current;
  if (options.now !== undefined) return inZone(dayjs(options.now), preferences).format("YYYY-MM-DD");
  // Every due date on screen compares with today: worked out once a second per zone, not once per task.
  const zone = activeTimeZone(preferences);
  const now = Date.now();
  if (today?.zone !== zone || now >= today.until) today = { zone, until: now + 1000, day: inZone(dayjs(now), preferences).format("YYYY-MM-DD") };
  return today.day;
}
let today: { zone: string; until: number; day: string } | null = null;

/** A day as `YYYY-MM-DD`: what a date picker gives (a `Date` or text) written the way the API takes days. */
export function toDayString(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format("YYYY-MM-DD") : null;
}

/** A `YYYY-MM-DD` day, or the day of a date object (null fields for none). */
type DayInput = string | { date: string | null } | null | undefined;

function dayOf(value: DayInput): string | null {
  const day = typeof value === "string" ? value : (value?.date ?? null);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day.slice(0, 10)) ? day.slice(0, 10) : null;
}

/** A calendar day read as such, at midnight UTC, so no zone can move it to the day before. */
function calendarDay(day: string): Dayjs {
  return dayjs.utc(day);
}

/** A day in the chosen date format ("11/24/2026", "24.11.2026"); "" for none. */
export function formatDate(value: DayInput, options: DateOptions = {}): string {
  const day = dayOf(value);
  if (day === null) return "";
  const parsed = calendarDay(day);
  return parsed.isValid() ? parsed.format((options.preferences ?? current).date_format) : "";
}

/** A day as a weekday and the short form of the chosen format ("Tue 11/24"), for column heads. */
export function formatWeekday(day: string, options: DateOptions = {}): string {
  return calendarDay(day).format(`ddd ${SHORT_FORMATS[(options.preferences ?? current).date_format]}`);
}

/** A day without its year in the chosen format's order ("11/24", "24.11."), for chart labels. */
export function formatShortDate(day: string, options: DateOptions = {}): string {
  return calendarDay(day).format(SHORT_FORMATS[(options.preferences ?? current).date_format]);
}

/** "Mar 1 – 7, 2026", "Mar 29 – Apr 4, 2026", "Dec 27, 2026 – Jan 2, 2027": a range of days as a heading. */
export function formatDayRange(firstDay: string, lastDay: string): string {
  const first = calendarDay(firstDay);
  const last = calendarDay(lastDay);
  if (first.year() !== last.year()) return `${first.format("MMM D, YYYY")} – ${last.format("MMM D, YYYY")}`;
  if (first.month() !== last.month()) return `${first.format("MMM D")} – ${last.format("MMM D, YYYY")}`;
  return `${first.format("MMM D")} – ${last.format("D, YYYY")}`;
}

/** A moment: a date object of the API, or a stored UTC timestamp `YYYY-MM-DD HH:MM:SS` (tokens). */
type MomentInput = DateObject | string | null | undefined;

function momentOf(value: MomentInput): Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  // The date object's timestamp is the instant; its `datetime` is in the site's zone, not the user's.
  const moment = typeof value === "string" ? dayjs.utc(value.replace(" ", "T")) : dayjs.unix(value.timestamp);
  return moment.isValid() ? moment : null;
}

/** A moment in the user's zone, in the chosen date format and the catalogue's time ("11/24/2026 2:05 PM"); "" for none. */
export function formatDateTime(value: MomentInput, options: DateOptions = {}): string {
  const moment = momentOf(value);
  if (!moment) return "";
  const preferences = options.preferences ?? current;
  return inZone(moment, preferences).format(`${preferences.date_format} ${i18next.t("dates.time")}`);
}

/** How long ago a moment was ("5 minutes ago", "Yesterday"), then the date past a week; "" for none. */
export function formatAgo(value: MomentInput, options: DateOptions = {}): string {
  const moment = momentOf(value);
  if (!moment) return "";
  const preferences = options.preferences ?? current;
  const now = dayjs(options.now);
  const minutes = Math.max(0, now.diff(moment, "minute"));
  if (minutes < 1) return i18next.t("dates.just_now");
  if (minutes < 60) return i18next.t("dates.minutes_ago", { count: minutes });
  const hours = now.diff(moment, "hour");
  if (hours < 12) return i18next.t("dates.hours_ago", { count: hours });
  // Past a few hours, what counts is the calendar day in the user's zone: "Yesterday" at 00:10 means last evening.
  const days = daysBetween(inZone(moment, preferences).format("YYYY-MM-DD"), todayString({ preferences, now: options.now }));
  if (days === 0) return i18next.t("dates.hours_ago", { count: hours });
  if (days === 1) return i18next.t("dates.yesterday");
  if (days <= RELATIVE_DAYS) return i18next.t("dates.days_ago", { count: days });
  return inZone(moment, preferences).format(preferences.date_format);
}

/** A due date as it reads on a task. */
export interface DueDateText {
  /** What to show: "Tomorrow", "In 3 days", "3 days late", or the date. */
  label: string;
  /** The date in the chosen format, for the `title` tooltip and for screen readers. */
  exact: string;
  /** Whether the label is relative rather than the date. */
  isRelative: boolean;
  /** An open task whose due day is before today. */
  isOverdue: boolean;
}

/**
 * A due date, relative when it is within a week of today and the user keeps relative dates on: "Today",
 * "Tomorrow", "In 3 days", and for the past "3 days late" on an open task, "Yesterday" or "3 days ago" on a
 * completed one (or when the status is unknown, `null`). Null for no date.
 */
export function formatDue(value: DayInput, status: number | null, options: DateOptions = {}): DueDateText | null {
  const day = dayOf(value);
  if (day === null) return null;
  const preferences = options.preferences ?? current;
  const exact = formatDate(day, { preferences });
  const distance = daysBetween(todayString({ preferences, now: options.now }), day);
  const isOverdue = status !== null && status !== TASK_STATUS.complete && distance < 0;
  const plain = { label: exact, exact, isRelative: false, isOverdue };
  if (!preferences.relative_dates || Math.abs(distance) > RELATIVE_DAYS) return plain;
  return { ...plain, label: relativeDay(distance, isOverdue), isRelative: true };
}

/** The words for a day `distance` days from today (negative: past). */
function relativeDay(distance: number, isOverdue: boolean): string {
  if (distance === 0) return i18next.t("dates.today");
  if (distance === 1) return i18next.t("dates.tomorrow");
  if (distance > 1) return i18next.t("dates.in_days", { count: distance });
  if (isOverdue) return i18next.t("dates.days_late", { count: -distance });
  if (distance === -1) return i18next.t("dates.yesterday");
  return i18next.t("dates.days_ago", { count: -distance });
}

/** Whether a task is still open and its due day is before today in the user's zone. */
export function isOverdue(task: { status: number; due_date: { date: string | null } }, options: DateOptions = {}): boolean {
  return formatDue(task.due_date, task.status, options)?.isOverdue ?? false;
}
