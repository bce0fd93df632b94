import { dateOf, type Task } from "@plotline/contracts";
import dayjs from "dayjs";

/** How dates read on screen, as the documents show them. */
export const DISPLAY_DATE_FORMAT = "MM/DD/YYYY";

/** Today's date in the browser's time zone, written YYYY-MM-DD as the API takes dates. */
export function todayString(): string {
  return dayjs().format("YYYY-MM-DD");
}

/** A date object of the API shown MM/DD/YYYY, or null when there is none. */
export function formatDate(date: { date: string | null } | null | undefined): string | null {
  return formatDay(dateOf(date));
}

/** A `YYYY-MM-DD` day as the app shows dates, or null for none. */
export function formatDay(day: string | null): string | null {
  if (!day) return null;
  const parsed = dayjs(day);
  return parsed.isValid() ? parsed.format(DISPLAY_DATE_FORMAT) : null;
}

/** Whether a task is still open and its due date is before today. */
export function isOverdue(task: Pick<Task, "status" | "due_date">): boolean {
  const due = dateOf(task.due_date);
  if (task.status === 1 || !due) return false;
  return due < todayString();
}

/** Splits minutes into whole hours and the minutes left, for the estimation fields. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.floor(total));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}
