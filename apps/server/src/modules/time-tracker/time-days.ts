import { startOfDayUtc, toDateObject, toStoredTimestamp } from "../../lib/dates.js";

/**
 * Calendar days of the time tracker (`YYYY-MM-DD`): a log belongs to the day its start falls on in the site's
 * time zone, fixed when the log is written (README.md).
 */

const DAY_MS = 86_400_000;

/** The day an instant falls on in `timezone`. */
export function dayOf(instant: Date, timezone: string): string {
  const local = toDateObject(toStoredTimestamp(instant), timezone);
  if (!local) throw new Error(`No day for ${instant.toISOString()}`);
  return local.date;
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** `count` days from `start`, in order. */
export function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(start, index));
}

/**
 * When custom time typed for `day` is said to start, as a stored UTC timestamp: twelve hours after the day
 * began in `timezone`, which is noon, or 11:00 or 13:00 on a day the clocks change, and always within the day.
 */
export function customStartOf(day: string, timezone: string): string {
  return toStoredTimestamp(new Date(Date.parse(`${startOfDayUtc(day, timezone).replace(" ", "T")}Z`) + DAY_MS / 2));
}
