/**
 * The Gantt chart's date rules, pure and shared by server and web: days are `YYYY-MM-DD` strings, compared
 * and stepped in UTC so that no time zone or daylight-saving change moves them.
 *
 * Working days are ISO weekdays (1 Monday to 7 Sunday). A project that counts every day (the default) uses
 * calendar days throughout; one that leaves weekends out counts lengths and lags in working days.
 */

/** Milliseconds in a day. */
const DAY_MS = 86_400_000;

/** Every ISO weekday: the default `working_days`, where every day counts. */
export const EVERY_WEEKDAY: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01 (a Thursday) of a YYYY-MM-DD day; throws on anything else, so bad input shows. */
export function dayNumber(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const [, year, month, date] = match;
  return Math.round(Date.UTC(Number(year), Number(month) - 1, Number(date)) / DAY_MS);
}

/** The YYYY-MM-DD day of a day number (days since 1970-01-01). */
export function dayOfNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** The ISO weekday of a day: 1 Monday to 7 Sunday. */
export function isoWeekday(day: string): number {
  return isoWeekdayOfNumber(dayNumber(day));
}

function isoWeekdayOfNumber(days: number): number {
  // Day 0 was a Thursday (ISO 4).
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/**
 * The Gantt bar's end of a task due on `due`: the day after, since a bar covers its due date whole (the
 * spec: "the Gantt end date shown is the due date plus one day").
 */
export function toGanttEnd(due: string): string {
  return addDays(due, 1);
}

/** The due date to save for a bar ending on `end`: the day before ("saving subtracts one day"). */
export function fromGanttEnd(end: string): string {
  return addDays(end, -1);
}

/**
 * A project's calendar of working days as whole numbers: `ord(day)` numbers the working days in order, so
 * that lengths and lags in working days become plain subtraction and addition. A day off takes the number
 * of the working day after it (a start on a Saturday counts from Monday), and `ordEnd` gives a day off the
 * number of the working day before it (a due date on a Sunday counts up to Friday). With every weekday
 * working, both are the day number itself.
 */
export interface WorkCalendar {
  /** Whether every weekday counts (then working days are calendar days). */
  everyDay: boolean;
  /** Whether `day` is a working day. */
  isWorking(day: string): boolean;
  /** The number of `day` if it is a working day, else of the next working day. */
  ord(day: string): number;
  /** The number of `day` if it is a working day, else of the working day before it. */
  ordEnd(day: string): number;
  /** The working day numbered `n`. */
  dayOf(n: number): string;
}

/** The working days as given, checked: at least one ISO weekday 1 to 7; none (or bad ones) means every day. */
function weekdaySet(workingDays: readonly number[] | undefined): Set<number> {
  const days = new Set((workingDays ?? []).filter((day) => Number.isInteger(day) && day >= 1 && day <= 7));
  return days.size === 0 ? new Set(EVERY_WEEKDAY) : days;
}

/** The calendar of these working days (ISO weekdays; empty or missing: every day). */
export function workCalendar(workingDays?: readonly number[]): WorkCalendar {
  const working = weekdaySet(workingDays);
  if (working.size === 7) {
    return { everyDay: true, isWorking: () => true, ord: dayNumber, ordEnd: dayNumber, dayOf: dayOfNumber };
  }
  // Positions 0..6 of a 7-day cycle starting on day 0 (a Thursday): which are working, and how many working
  // days come before each.
  const isWorkingAt = Array.from({ length: 7 }, (_, position) => working.has(isoWeekdayOfNumber(position)));
  const before: number[] = [];
  const positions: number[] = [];
  let count = 0;
  for (let position = 0; position < 7; position += 1) {
    before.push(count);
    if (isWorkingAt[position]) {
      positions.push(position);
      count += 1;
    }
  }
  const perWeek = count;
  const ordOfNumber = (days: number) => {
    const week = Math.floor(days / 7);
    return week * perWeek + (before[days - week * 7] ?? 0);
  };
  return {
    everyDay: false,
    isWorking: (day) => isWorkingAt[(((dayNumber(day) % 7) + 7) % 7)] === true,
    ord: (day) => ordOfNumber(dayNumber(day)),
    ordEnd: (day) => ordOfNumber(dayNumber(day) + 1) - 1,
    dayOf: (n) => {
      const week = Math.floor(n / perWeek);
      return dayOfNumber(week * 7 + (positions[n - week * perWeek] ?? 0));
    },
  };
}

/** Whether `day` is one of the working ISO weekdays (every day is, when all seven or none are given). */
export function isWorkingDay(day: string, workingDays?: readonly number[]): boolean {
  return workCalendar(workingDays).isWorking(day);
}

/** `day` itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(day: string, workingDays?: readonly number[]): string {
  const calendar = workCalendar(workingDays);
  return calendar.dayOf(calendar.ord(day));
}

/**
 * `day` moved by `count` working days: the count-th working day after it (or, negative, before it); 0 gives
 * `day` itself. With every day working, calendar days.
 */
export function addWorkingDays(day: string, count: number, workingDays?: readonly number[]): string {
  if (count === 0) return day;
  const calendar = workCalendar(workingDays);
  return calendar.dayOf((count > 0 ? calendar.ordEnd(day) : calendar.ord(day)) + count);
}

/**
 * Working days from `from` to `to`: how many working-day steps lead from the one to the other (negative
 * when `to` is earlier), counting a day off as the working day after it. With every day working, calendar
 * days, as `daysBetween`.
 */
export function workingDaysBetween(from: string, to: string, workingDays?: readonly number[]): number {
  const calendar = workCalendar(workingDays);
  return calendar.ord(to) - calendar.ord(from);
}

/** How many working days lie from `start` to `due`, both included (0 when none do). */
export function workingDaysIn(start: string, due: string, workingDays?: readonly number[]): number {
  const calendar = workCalendar(workingDays);
  return Math.max(0, calendar.ordEnd(due) - calendar.ord(start) + 1);
}
