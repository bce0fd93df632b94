import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { buildExportView } from "./gantt.export-view.js";
import type { KeptChart } from "./gantt.chart.js";
import { datedTask, fieldMessage, ganttBase, get, link } from "./gantt.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Export Ünïcode & Co" })).id;
  const a = await datedTask(cast.manager, projectId, "Survey", "2026-02-02", "2026-02-06", { assignees: [cast.coWorker.userId] });
  const b = await datedTask(cast.manager, projectId, "=HYPERLINK(\"x\")", "2026-02-09", "2026-02-11");
  await link(cast.manager, projectId, a, b);
});
afterAll(() => t.close());

describe("GET /api/pm-pro/v2/projects/:project/gantt/export", () => {
  it("answers each format with its content type and a file name", async () => {
    const expected: Array<[string, string, (body: Buffer) => boolean]> = [
      ["pdf", "application/pdf", (body) => body.subarray(0, 4).toString() === "%PDF"],
      ["png", "image/png", (body) => body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
      ["csv", "text/csv; charset=utf-8", (body) => body.toString().includes("Survey")],
    ];
    for (const [format, type, looksRight] of expected) {
      const response = await get(cast.client, `${ganttBase(projectId)}/export?format=${format}&zoom=week`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["content-type"]).toBe(type);
      expect(response.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="gantt-export-unicode-co-\\d{4}-\\d{2}-\\d{2}\\.${format}"`));
      expect(looksRight(response.rawPayload), format).toBe(true);
    }
  });

  it("writes the CSV rows the reader sees, formulas escaped", async () => {
    const csv = (await get(cast.manager, `${ganttBase(projectId)}/export?format=csv&from=2026-02-01&to=2026-02-28&zoom=day`)).body;
    expect(csv).toContain("Carl Coworker");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("refuses a bad format, zoom or range with a 400 on the field", async () => {
    expect(fieldMessage(await get(cast.manager, `${ganttBase(projectId)}/export?format=svg`), "format")).toBeDefined();
    expect(fieldMessage(await get(cast.manager, `${ganttBase(projectId)}/export?format=pdf&zoom=year`), "zoom")).toBeDefined();
    expect(fieldMessage(await get(cast.manager, `${ganttBase(projectId)}/export?format=pdf&from=2026-03-01&to=2026-02-01`), "to")).toBe("to must be on or after from");
    expect(fieldMessage(await get(cast.manager, `${ganttBase(projectId)}/export?format=pdf&from=2026-02-30`), "from")).toBeDefined();
  });
});

describe("buildExportView", () => {
  const chart = {
    tasks: [
      { id: 11, title: "Top", start_at: "2026-01-05", due_date: "2026-01-09", status: 0, task_list_id: 1, parent_id: 0, estimation: 0, created_by: 1, privacy: 0 },
      { id: 12, title: "Step", start_at: "2026-01-06", due_date: "2026-01-12", status: 1, task_list_id: 1, parent_id: 11, estimation: 0, created_by: 1, privacy: 0 },
      { id: 13, title: "Later", start_at: null, due_date: "2026-01-20", status: 1, task_list_id: 2, parent_id: 0, estimation: 0, created_by: 1, privacy: 0 },
    ],
    assignees: new Map([[11, [5, 6]]]),
    links: [{ id: 1, source: 11, target: 13, type: 0, lag: 0 }],
    lists: [
      { id: 1, title: "First", sort_order: 0, milestone_id: null, privacy: 0 },
      { id: 2, title: "Second", sort_order: 1, milestone_id: null, privacy: 0 },
      { id: 3, title: "Empty", sort_order: 2, milestone_id: null, privacy: 0 },
    ],
    milestones: [{ id: 4, title: "Ship", achieve_date: "2026-01-21" }],
    progress: new Map([[11, 100], [12, 100], [13, 100]]),
  } as unknown as KeptChart;
  const frame = { projectTitle: "P", today: "2026-01-07", critical: new Set([11]), names: new Map([[5, "Ann"], [6, "Ben"]]) };

  it("puts each list before its tasks and their sub-tasks, then the milestones, over the dated tasks' span", () => {
    const view = buildExportView(chart, { ...frame, query: { format: "pdf", zoom: "month" } });
    expect(view.rows.map((row) => [row.kind, row.depth, row.id, row.start, row.due])).toEqual([
      ["list", 0, 1, "2026-01-05", "2026-01-12"],
      ["task", 1, 11, "2026-01-05", "2026-01-09"],
      ["task", 2, 12, "2026-01-06", "2026-01-12"],
      ["list", 0, 2, "2026-01-20", "2026-01-20"],
      ["task", 1, 13, null, "2026-01-20"],
      ["list", 0, 3, null, null],
      ["milestone", 0, 4, "2026-01-21", "2026-01-21"],
    ]);
    expect(view.rows[1]).toMatchObject({ critical: true, assignees: "Ann, Ben", done: false });
    expect(view.rows[3]).toMatchObject({ done: true, progress: 100 });
    expect([view.from, view.to, view.zoom, view.today]).toEqual(["2026-01-05", "2026-01-20", "month", "2026-01-07"]);
    expect(view.links).toEqual([{ source: 11, target: 13, type: 0 }]);
  });

  it("takes the range asked for, and a month from today without dated tasks", () => {
    expect(buildExportView(chart, { ...frame, query: { format: "png", zoom: "day", from: "2026-01-01", to: "2026-01-31" } })).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
    const empty = { ...chart, tasks: [], links: [] } as unknown as KeptChart;
    expect(buildExportView(empty, { ...frame, query: { format: "csv", zoom: "week" } })).toMatchObject({ from: "2026-01-07", to: "2026-02-06" });
  });
});
