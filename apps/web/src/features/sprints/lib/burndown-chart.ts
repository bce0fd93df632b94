import type { SprintBurndownAnswer } from "@plotline/contracts";
import { hoursOfMinutes } from "./sprint-figures.js";

/** The burndown's unit: tasks, or their estimation in hours. */
export type BurndownMode = "count" | "estimation";

type BurndownData = SprintBurndownAnswer["data"];

/** One point of the chart: the day and the three lines; a null draws no point (a day without figures). */
export interface BurndownRow {
  date: string;
  ideal: number;
  remaining: number | null;
  scope: number | null;
}

/**
 * The chart's rows in one unit: the ideal line, what remained at the end of each day, and the scope (what
 * the sprint held, done or not, so added work shows as a step up). By estimation the server's minutes
 * become hours, one decimal.
 */
export function burndownRows(days: BurndownData["days"], mode: BurndownMode): BurndownRow[] {
  if (mode === "count") {
    return days.map((day) => ({ date: day.date, ideal: day.ideal_count, remaining: day.remaining_count, scope: day.scope_count }));
  }
  const hours = (minutes: number | null) => (minutes === null ? null : hoursOfMinutes(minutes));
  return days.map((day) => ({
    date: day.date,
    ideal: hoursOfMinutes(day.ideal_estimation),
    remaining: hours(day.remaining_estimation),
    scope: hours(day.scope_estimation),
  }));
}

/** Whether the chart has anything to draw: a day with figures (a started sprint). */
export function hasFigures(days: BurndownData["days"]): boolean {
  return days.some((day) => day.remaining_count !== null);
}

/** Whether the scope line differs anywhere from the first day's, so it is worth drawing (work was added or removed). */
export function scopeChanged(rows: readonly BurndownRow[]): boolean {
  const figures = rows.flatMap((row) => (row.scope === null ? [] : [row.scope]));
  return figures.some((value) => value !== figures[0]);
}

/** The rows of the completed sprint's report, in the order they are read: each with its count and minutes. */
export const SUMMARY_ROWS = ["original", "added", "removed", "completed", "carried_over"] as const;
export type SummaryRow = (typeof SUMMARY_ROWS)[number];

/** The summary's figures for the report table, in its row order. */
export function summaryTable(summary: BurndownData["summary"]): Array<{ row: SummaryRow; count: number; estimation: number }> {
  return SUMMARY_ROWS.map((row) => ({ row, count: summary[row].count, estimation: summary[row].estimation }));
}
