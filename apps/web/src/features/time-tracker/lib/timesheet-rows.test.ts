import type { TimesheetRow } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { emptyRowFor, withPickedRows } from "./timesheet-rows.js";

const task = (id: number) => ({ id, title: `Task ${id}`, status: 0, parent_id: 0, project_id: 2, task_list_id: 5 });
const serverRow = (id: number, days: Record<string, number>): TimesheetRow => ({ ...emptyRowFor(task(id), "Launch"), days, total: Object.values(days).reduce((a, b) => a + b, 0) });

describe("rows picked on the timesheet", () => {
  it("start empty and take time", () => {
    expect(emptyRowFor(task(7), "Launch")).toEqual({
      task: { id: 7, title: "Task 7", status: 0, parent_id: 0, project_id: 2, project_title: "Launch", task_list_id: 5 },
      days: {},
      total: 0,
      can_add: true,
    });
  });

  it("follow the server's rows, and give way to the server's row once their task has time", () => {
    const picked = [emptyRowFor(task(7), "Launch"), emptyRowFor(task(8), "Launch")];
    const merged = withPickedRows([serverRow(3, { "2026-11-23": 600 }), serverRow(8, { "2026-11-24": 60 })], picked);
    expect(merged.map((row) => row.task.id)).toEqual([3, 8, 7]);
    expect(merged[1]?.days).toEqual({ "2026-11-24": 60 });
  });
});
