import { daysBetween, type CalendarEvent, type UpdateTaskBody } from "@plotline/contracts";
import dayjs from "dayjs";

/** A `YYYY-MM-DD` day moved by whole days. */
export function addDays(day: string, days: number): string {
  return dayjs(day).add(days, "day").format("YYYY-MM-DD");
}

/** The local calendar day of a date, as the API takes days. */
export function dayOf(date: Date): string {
  return dayjs(date).format("YYYY-MM-DD");
}

/** A day moved by `shift` days, or null for no day. */
function shifted(day: string | null, shift: number): string | null {
  return day === null ? null : addDays(day, shift);
}

/** The dates a task keeps after a drag that moves its first day to `newStart`: both move, so its length stays. */
export function movedTaskDates(event: Pick<CalendarEvent, "start" | "start_at" | "due_date">, newStart: string): Pick<UpdateTaskBody, "start_at" | "due_date"> {
  const shift = daysBetween(event.start, newStart);
  return {
    start_at: shifted(event.start_at, shift),
    due_date: shifted(event.due_date, shift),
  };
}

/**
 * The dates after a resize to `newEnd`, a calendar's exclusive end: the due date is the day before it. A
 * task that had no start date gets its shown first day as one, so the bar keeps the shape it was given.
 */
export function resizedTaskDates(event: Pick<CalendarEvent, "start" | "start_at">, newEnd: string): Pick<UpdateTaskBody, "start_at" | "due_date"> {
  const start = event.start_at ?? event.start;
  const due = addDays(newEnd, -1);
  return { start_at: start, due_date: due < start ? start : due };
}

/** The update a calendar move sends, as the spec lists it: title, assignees (`[0]` for none) and both dates. */
export function taskUpdateBody(
  event: Pick<CalendarEvent, "title" | "assignees">,
  dates: Pick<UpdateTaskBody, "start_at" | "due_date">,
  assigneeIds: readonly number[] = event.assignees.data.map((user) => user.id),
): UpdateTaskBody {
  return { title: event.title, assignees: assigneeIds.length > 0 ? [...assigneeIds] : [0], ...dates };
}

/** The seven days of the week holding `anchor`, the week starting on `firstDay` (0 Sunday). */
export function weekOf(anchor: string, firstDay = 0): string[] {
  const date = dayjs(anchor);
  const start = date.subtract((date.day() - firstDay + 7) % 7, "day");
  return Array.from({ length: 7 }, (_, index) => start.add(index, "day").format("YYYY-MM-DD"));
}

/** An event placed in a week: which columns it covers, its lane in the row, and whether it runs on past the week. */
export interface PlacedEvent<E> {
  event: E;
  /** First column (0-6) and number of columns. */
  column: number;
  span: number;
  lane: number;
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Lays the events of one row out in lanes for a week: each event takes the first lane free on all its
 * days. `days` are the week's seven days; events outside it are left out.
 */
export function placeInLanes<E extends Pick<CalendarEvent, "start" | "end">>(events: readonly E[], days: readonly string[]): PlacedEvent<E>[] {
  const first = days[0];
  const afterLast = days.length > 0 ? addDays(days[days.length - 1] ?? "", 1) : undefined;
  if (!first || !afterLast) return [];
  const visible = events
    .filter((event) => event.start < afterLast && event.end > first)
    .sort((a, b) => a.start.localeCompare(b.start) || b.end.localeCompare(a.end));
  const laneEnds: string[] = [];
  return visible.map((event) => {
    const start = event.start < first ? first : event.start;
    const end = event.end > afterLast ? afterLast : event.end;
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    return {
      event,
      column: daysBetween(first, start),
      span: Math.max(1, daysBetween(start, end)),
      lane,
      continuesBefore: event.start < first,
      continuesAfter: event.end > afterLast,
    };
  });
}
