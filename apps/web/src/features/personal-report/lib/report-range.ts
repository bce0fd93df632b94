/** The personal report's date range: presets, and the range read from the address (YYYY-MM-DD). */

/** A range of days, YYYY-MM-DD, both included. */
export interface DayRange {
  start: string;
  end: string;
}

export const RANGE_PRESETS = ["today", "yesterday", "last_7_days", "last_30_days", "this_month", "last_month"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function asDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function asDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` moved by `days` days. */
export function addDays(day: string, days: number): string {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return asDay(date);
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The range a preset stands for, counted from `today`. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case "today":
      return { start: today, end: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case "last_7_days":
      return { start: addDays(today, -6), end: today };
    case "last_30_days":
      return { start: addDays(today, -29), end: today };
    case "this_month":
      return { start: firstOfMonth(today), end: today };
    case "last_month": {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { start: firstOfMonth(lastDay), end: lastDay };
    }
  }
}

/** Whether a value is a real day written YYYY-MM-DD. */
export function isDay(value: string | null): value is string {
  return value !== null && DAY_PATTERN.test(value) && !Number.isNaN(asDate(value).getTime()) && asDay(asDate(value)) === value;
}

/**
 * The range of the address's `start_date` and `end_date`: this month so far when absent or unreadable, the
 * start alone when the end is missing or before it.
 */
export function rangeFromParams(startDate: string | null, endDate: string | null, today: string): DayRange {
  if (!isDay(startDate)) return presetRange("this_month", today);
  const end = isDay(endDate) && endDate >= startDate ? endDate : startDate;
  return { start: startDate, end };
}
