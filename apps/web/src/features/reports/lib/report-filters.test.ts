import { describe, expect, it } from "vitest";
import { ACTIVITY_FIELDS, checkFilters, defaultRange, exportUrl, readFilters, TASK_REPORTS, taskReportQuery } from "./report-filters.js";

const EMPTY = { start_date: "", end_date: "", project_id: "", user_id: "", milestone: "", status: "-1" };

describe("report filters", () => {
  it("defaults to the first of the month to today", () => {
    expect(defaultRange("2026-11-25")).toEqual({ start_date: "2026-11-01", end_date: "2026-11-25" });
    expect(readFilters(new URLSearchParams(""), "2026-11-25", true).start_date).toBe("2026-11-01");
    expect(readFilters(new URLSearchParams("start_date=&end_date="), "2026-11-25", true).start_date).toBe("");
    expect(readFilters(new URLSearchParams("project_id=abc&user_id=4"), "2026-11-25", false)).toMatchObject({ project_id: "", user_id: "4", start_date: "" });
  });

  it("asks with the spec's messages", () => {
    expect(checkFilters(TASK_REPORTS["overdue-tasks"].fields, EMPTY)).toEqual({ start_date: "start_required" });
    expect(checkFilters(ACTIVITY_FIELDS, EMPTY)).toEqual({ start_date: "start_required", user_id: "user_required" });
    expect(checkFilters(TASK_REPORTS["milestone-tasks"].fields, EMPTY)).toEqual({ project_id: "project_required" });
    expect(checkFilters(TASK_REPORTS["milestone-tasks"].fields, { ...EMPTY, project_id: "3" })).toEqual({ milestone: "milestone_required" });
  });

  it("asks for overdue tasks due before today, whatever the end of the range", () => {
    const filters = { ...EMPTY, start_date: "2026-11-01", end_date: "2026-11-30" };
    expect(taskReportQuery("overdue-tasks", filters, "2026-11-25")).toMatchObject({ "due_date[operator]": "less_than", "due_date[date]": "2026-11-25", status: "incomplete" });
    expect(taskReportQuery("overdue-tasks", { ...filters, end_date: "2026-11-10" }, "2026-11-25")["due_date[date]"]).toBe("2026-11-11");
    expect(taskReportQuery("unassigned-tasks", filters, "2026-11-25")).toMatchObject({ users: 0 });
  });

  it("builds the export addresses, the overdue PDF at the documents' path", () => {
    expect(exportUrl(2, "overdue-tasks", "pdf", { start_date: "2026-11-01", project_id: "" })).toBe("/api/pm-pro/v2/users/2/advance-report/overdue-tasks-PDF?start_date=2026-11-01");
    expect(exportUrl(2, "unassigned", "csv", {})).toBe("/api/pm-pro/v2/users/2/advance-report/unassigned/csv/");
  });
});
