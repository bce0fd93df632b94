import type { GanttListResponse, GanttTask } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { buildChart, datesOfBar, dayToDate, linkTypeOf } from "./gantt-chart.js";

const task = (id: number, overrides: Partial<GanttTask> = {}): GanttTask => ({
  id,
  title: `Task ${id}`,
  start_at: "2026-03-02",
  due_date: "2026-03-04",
  status: 0,
  task_list_id: 1,
  parent_id: 0,
  milestone_id: null,
  assignees: [],
  progress: 0,
  estimation: 0,
  can_edit: true,
  gantt_links: { data: [] },
  ...overrides,
});

const answer = (tasks: GanttTask[]): GanttListResponse => ({
  data: tasks,
  meta: {
    lists: [
      { id: 2, title: "Later list", order: 2, milestone_id: null },
      { id: 1, title: "First list", order: 1, milestone_id: null },
      { id: 3, title: "Empty list", order: 3, milestone_id: null },
    ],
    milestones: [
      { id: 9, title: "Launch", achieve_date: "2026-03-20" },
      { id: 8, title: "Someday", achieve_date: null },
    ],
    working_days: [1, 2, 3, 4, 5],
  },
});

describe("the chart's rows", () => {
  it("draws lists in order as summaries of their dated tasks, sub-tasks under their parents, tasks without dates as bar-less rows, then dated milestones", () => {
    const chart = buildChart(
      answer([
        task(5, { parent_id: 4, start_at: "2026-03-03", due_date: "2026-03-03" }),
        task(4, { due_date: "2026-03-10" }),
        task(6, { task_list_id: 2, start_at: null, due_date: "2026-03-12", status: 1 }),
        task(7, { start_at: null, due_date: null }),
        task(8, { task_list_id: 3, start_at: null, due_date: null, can_edit: false }),
      ]),
      { today: "2026-03-05" },
    );
    expect(chart.rows.map((row) => [row.id, row.parent, row.type, row.open ?? false, row.scheduled])).toEqual([
      ["list-1", 0, "summary", true, true],
      [4, "list-1", "task", true, true],
      [5, 4, "task", false, true],
      [7, "list-1", "unscheduled", false, false],
      ["list-2", 0, "summary", true, true],
      [6, "list-2", "done", false, true],
      ["list-3", 0, "empty-list", true, false],
      [8, "list-3", "unscheduled", false, false],
      ["milestone-9", 0, "milestone", false, true],
    ]);
    // A task without dates may not be dragged (it has no bar), but says whether the reader may schedule it.
    expect(chart.rows.filter((row) => row.kind === "task" && !row.scheduled).map((row) => [row.id, row.canEdit, row.mayEdit])).toEqual([
      [7, false, true],
      [8, false, false],
    ]);
    const list = chart.rows[0];
    // The bar ends the day after the due date (the spec's +1 day).
    expect([list?.startDay, list?.dueDay, list?.end]).toEqual(["2026-03-02", "2026-03-10", dayToDate("2026-03-11")]);
    // A task with only a due date is a one-day bar on it.
    expect(chart.rows.find((row) => row.id === 6)).toMatchObject({ startDay: "2026-03-12", dueDay: "2026-03-12" });
    expect(chart.unscheduled.map((entry) => entry.id)).toEqual([7, 8]);
    expect(chart.span).toEqual({ start: "2026-03-02", end: "2026-03-20" });
  });

  it("marks critical tasks, keeps done ones dimmed, and joins only links with both ends drawn", () => {
    const chart = buildChart(
      answer([
        task(1, { gantt_links: { data: [{ id: 11, source: 1, target: 2, type: 0, lag: 0 }, { id: 12, source: 1, target: 3, type: 1, lag: 0 }] } }),
        task(2, { status: 1 }),
        task(3, { start_at: null, due_date: null }),
      ]),
      { critical: new Set([1, 2]) },
    );
    expect(chart.rows.filter((row) => row.kind === "task").map((row) => row.type)).toEqual(["critical", "done", "unscheduled"]);
    expect(chart.links).toEqual([{ id: 11, source: 1, target: 2, type: "e2s" }]);
  });
});

describe("saving a bar", () => {
  it("saves the day before the bar's end as the due date (the spec's -1 day), never before the start", () => {
    expect(datesOfBar(dayToDate("2026-03-02"), dayToDate("2026-03-05"))).toEqual({ start_at: "2026-03-02", due_date: "2026-03-04" });
    expect(datesOfBar(dayToDate("2026-03-02"), dayToDate("2026-03-02"))).toEqual({ start_at: "2026-03-02", due_date: "2026-03-02" });
  });

  it("reads the widget's link kinds as Plotline's four types", () => {
    expect(["e2s", "s2s", "e2e", "s2e", "x"].map(linkTypeOf)).toEqual([0, 1, 2, 3, null]);
  });
});
