/**
 * The timesheet's weeks: Monday to Sunday, named by their Monday (`?start=YYYY-MM-DD`). Days are
 * calendar days written `YYYY-MM-DD`, never moments, so no time zone moves them.
 */
import { addDays, weekOf } from "../../calendar/lib/calendar-dates.js";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is string {
  const match = text ? DAY.exec(text) : null;
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return weekOf(day, 1)[0] as string;
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The Monday `weeks` weeks before (negative) or after `monday`. */
export function shiftWeek(monday: string, weeks: number): string {
  return addDays(monday, weeks * 7);
}

/** The week an address asks for: the Monday of its `start` day, or null (this week) for none or a bad one. */
export function weekFromParam(param: string | null): string | null {
  return isDay(param) ? weekStart(param) : null;
}
