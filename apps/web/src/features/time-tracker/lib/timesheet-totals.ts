import type { TimesheetRow } from "@plotline/contracts";

/** The sums a timesheet shows around its cells. */
export interface SheetTotals {
  /** Seconds of each row (task id), over the days shown. */
  byRow: Map<number, number>;
  /** Seconds of each day shown, over every row. */
  byDay: Record<string, number>;
  /** Seconds of every cell shown. */
  total: number;
}

/** The seconds of one cell: a task on a day (0 when nothing was logged). */
export function cellSeconds(row: Pick<TimesheetRow, "days">, day: string): number {
  return row.days[day] ?? 0;
}

/**
 * Row, day and overall sums of the cells on screen, added up from the cells themselves so that every
 * total reads as the sum of what is shown beside it; days outside `days` do not count.
 */
export function sheetTotals(rows: readonly Pick<TimesheetRow, "task" | "days">[], days: readonly string[]): SheetTotals {
  const byRow = new Map<number, number>();
  const byDay: Record<string, number> = Object.fromEntries(days.map((day) => [day, 0]));
  let total = 0;
  for (const row of rows) {
    let rowTotal = 0;
    for (const day of days) {
      const seconds = cellSeconds(row, day);
      rowTotal += seconds;
      byDay[day] = (byDay[day] ?? 0) + seconds;
    }
    byRow.set(row.task.id, (byRow.get(row.task.id) ?? 0) + rowTotal);
    total += rowTotal;
  }
  return { byRow, byDay, total };
}
