import type { TimesheetRow } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { cellSeconds, sheetTotals } from "./timesheet-totals.js";

const WEEK = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"];

const row = (id: number, days: Record<string, number>): Pick<TimesheetRow, "task" | "days"> => ({
  task: { id, title: `Task ${id}`, status: 0, parent_id: 0, project_id: 1, project_title: "Launch", task_list_id: 1 },
  days,
});

describe("sheetTotals", () => {
  it("adds each row across the days, each day across the rows, and everything", () => {
    const rows = [row(1, { "2026-11-23": 3600, "2026-11-25": 1800 }), row(2, { "2026-11-23": 900, "2026-11-29": 60 })];
    const totals = sheetTotals(rows, WEEK);
    expect(totals.byRow.get(1)).toBe(5400);
    expect(totals.byRow.get(2)).toBe(960);
    expect(totals.byDay).toEqual({ "2026-11-23": 4500, "2026-11-24": 0, "2026-11-25": 1800, "2026-11-26": 0, "2026-11-27": 0, "2026-11-28": 0, "2026-11-29": 60 });
    expect(totals.total).toBe(6360);
  });

  it("counts only the days shown, so the totals match the cells beside them", () => {
    const totals = sheetTotals([row(1, { "2026-11-22": 7200, "2026-11-24": 600, "2026-11-30": 300 })], WEEK);
    expect(totals.byRow.get(1)).toBe(600);
    expect(totals.total).toBe(600);
    expect(totals.byDay["2026-11-22"]).toBeUndefined();
  });

  it("answers zeros for an empty sheet", () => {
    const totals = sheetTotals([], WEEK);
    expect(totals.total).toBe(0);
    expect(Object.values(totals.byDay)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(totals.byRow.size).toBe(0);
  });
});

describe("cellSeconds", () => {
  it("is 0 for a day without time", () => {
    expect(cellSeconds(row(1, { "2026-11-23": 120 }), "2026-11-23")).toBe(120);
    expect(cellSeconds(row(1, {}), "2026-11-23")).toBe(0);
  });
});
