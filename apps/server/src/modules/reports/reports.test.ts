import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { seedReportsDataSet, type ReportsDataSet } from "./reports.fixtures.js";

let t: TestApp;
let set: ReportsDataSet;

beforeAll(async () => {
  t = await createTestApp();
  set = await seedReportsDataSet(t.app, t.database.db);
});
afterAll(() => t.close());

const URL = "/api/pm-pro/v2/advance-report";

async function report(session: Session, query: string) {
  return session.inject({ method: "GET", url: `${URL}?${query}` });
}

interface ProjectOut {
  title: string;
  meta: { total_tasks: number };
  task_lists: { data: Array<{ title: string; tasks: { data: Array<{ title: string; assignees: { data: Array<{ display_name: string }> } }> } }> };
}

function titlesOf(project: ProjectOut): string[] {
  return project.task_lists.data.flatMap((list) => list.tasks.data.map((task) => task.title)).sort();
}

describe("GET /api/pm-pro/v2/advance-report", () => {
  it("groups the matching tasks by project then list, private ones included for site managers, sub-tasks left out", async () => {
    const response = await report(set.cast.siteManager, `filters[0][skey]=status&filters[0][svalue]=0&filters[1][skey]=project&filters[1][svalue]=${set.alpha}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: ProjectOut[]; meta: { total_tasks: number; pagination: Record<string, number> } };
    expect(body.data.map((project) => project.title)).toEqual(["Alpha"]);
    expect(titlesOf(body.data[0] as ProjectOut)).toEqual(["=SUM(1+1)", "Milestone task", "Overdue one", "Secret"]);
    expect(body.data[0]?.task_lists.data.map((list) => list.title).sort()).toEqual(["Alpha list", "Milestone list"]);
    expect(body.meta.total_tasks).toBe(4);
    expect(body.meta.pagination).toMatchObject({ total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 });
  });

  it("reads pending as its own status, payable, and JSON filters", async () => {
    const pending = await report(set.cast.siteManager, "filters[0][skey]=status&filters[0][svalue]=2");
    expect(titlesOf(pending.json().data[0])).toEqual(["Overdue two"]);
    const payable = await report(set.cast.siteManager, `filters=${encodeURIComponent(JSON.stringify([{ skey: "payable", svalue: 1 }]))}`);
    expect(payable.statusCode, payable.body).toBe(200);
    expect(payable.json().data.map(titlesOf)).toEqual([["=SUM(1+1)"]]);
  });

  it("combines assignee and time filters and pages by project with per_page or the project_per_page setting", async () => {
    const query = `filters[0][skey]=assigned&filters[0][svalue]=${set.cast.coWorker.userId}&filters[1][skey]=time&filters[1][svalue][start_at]=2026-03-01&filters[1][svalue][due_date]=2026-03-10`;
    const all = await report(set.cast.siteManager, query);
    expect(all.json().data.map((project: ProjectOut) => [project.title, titlesOf(project)])).toEqual([
      ["Alpha", ["Overdue one"]],
      ["Beta", ["Done early"]],
    ]);
    const second = await report(set.cast.siteManager, `${query}&per_page=1&page=2`);
    expect(second.json().data.map((project: ProjectOut) => project.title)).toEqual(["Beta"]);
    expect(second.json().meta.pagination).toMatchObject({ total: 2, count: 1, per_page: 1, current_page: 2, total_pages: 2 });

    const saved = await set.cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "project_per_page", value: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const bySetting = await report(set.cast.siteManager, query);
    expect(bySetting.json().meta.pagination).toMatchObject({ total: 2, count: 1, per_page: 1, total_pages: 2 });
    await set.cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "project_per_page", value: 10 } });
  });

  it("names the assignees of each task", async () => {
    const response = await report(set.cast.siteManager, `filters[0][skey]=assigned&filters[0][svalue]=${set.cast.client.userId}`);
    const task = response.json().data[0].task_lists.data[0].tasks.data[0];
    expect(task).toMatchObject({ title: "Overdue two", status: 2, due_date: { date: "2026-03-20" }, creator: { data: { display_name: "Mia Manager" } } });
    expect(task.assignees.data.map((user: { display_name: string }) => user.display_name)).toEqual(["Cleo Client"]);
  });

  it.each([
    ["", "filters", "Choose at least one filter."],
    ["filters[0][skey]=colour&filters[0][svalue]=1", "filters", "Unknown filter colour: use assigned, project, status, payable or time."],
    ["filters[0][skey]=status&filters[0][svalue]=3", "status", "status must be 0 (Incomplete), 1 (Complete) or 2 (Pending)."],
    ["filters[0][skey]=payable&filters[0][svalue]=yes", "payable", "payable must be 0 (Not Payable) or 1 (Payable)."],
    ["filters[0][skey]=time&filters[0][svalue][start_at]=2026-03-10&filters[0][svalue][due_date]=2026-03-01", "time", "time needs start_at and due_date (YYYY-MM-DD), the start not after the due date."],
    ["filters[0][skey]=assigned&filters[0][svalue]=abc", "assigned", "Choose a value for the filter assigned."],
    ["filters[0][skey]=status&filters[0][svalue]=1&filters[1][skey]=status&filters[1][svalue]=0", "filters", "Each filter can be used once: status is given twice."],
    ["filters=not-json", "filters", "filters must be a list of rows, each with skey and svalue."],
    [
      Array.from({ length: 6 }, (_, index) => `filters[${index}][skey]=status&filters[${index}][svalue]=1`).join("&"),
      "filters",
      "At most 5 filters can be used at once.",
    ],
  ])("refuses bad filters with a 400 naming the field (%s)", async (query, field, message) => {
    const response = await report(set.cast.siteManager, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ [field]: [message] });
  });

  it("is for site managers only, project managers included in the refusal", async () => {
    for (const session of [set.cast.manager, set.cast.coWorker, set.cast.client]) {
      const response = await report(session, "filters[0][skey]=status&filters[0][svalue]=1");
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Only site managers can see reports.");
    }
  });

  it("sends every matching task as CSV with csv=1", async () => {
    const response = await report(set.cast.siteManager, "filters[0][skey]=status&filters[0][svalue]=1&csv=1");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="advanced-report-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(",")[2]).sort()).toEqual(["Closed unassigned", "Done early", "Done late"]);
  });
});

describe("GET pm/v2/tasks and pm/v2/activities for the report pages", () => {
  async function titles(query: string): Promise<string[]> {
    const response = await set.cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/tasks?per_page=100&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.map((task: { title: string }) => task.title).sort();
  }

  it("takes users=0 for the unassigned tasks, alone or beside assignees", async () => {
    expect(await titles("users=0")).toEqual(["=SUM(1+1)", "Closed unassigned"]);
    expect(await titles(`users[]=0&users[]=${set.cast.client.userId}`)).toEqual(["=SUM(1+1)", "Closed unassigned", "Overdue two"]);
  });

  it("answers the overdue, completed and milestone queries of the report pages", async () => {
    expect(await titles("status=incomplete&due_date_start=2026-03-01&due_date[operator]=less_than_equal&due_date[date]=2026-03-31")).toEqual([
      "=SUM(1+1)", "Milestone task", "Overdue one", "Overdue two", "Secret",
    ]);
    expect(await titles("status=1&completed_at_start=2026-03-01&completed_at=2026-03-31")).toEqual(["Closed unassigned", "Done early"]);
    expect(await titles(`project_id=${set.alpha}&milestone=${set.milestoneId}`)).toEqual(["Milestone task"]);
  });

  it("filters the cross-project activity feed by project", async () => {
    const all = await set.cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/activities?per_page=200&project_id=${set.beta}&with=project` });
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json().data as Array<{ project_id: number }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.project_id === set.beta)).toBe(true);
    const outsider = await set.cast.outsider.inject({ method: "GET", url: `/api/pm/v2/activities?project_id=${set.beta}` });
    expect(outsider.json().data).toEqual([]);
  });
});

describe("the reports module switch", () => {
  it("answers 404 while the module is off and hides the menu entry", async () => {
    const off = await set.cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "reports", type: "deactivate" } });
    expect(off.statusCode, off.body).toBe(200);
    const response = await report(set.cast.siteManager, "filters[0][skey]=status&filters[0][svalue]=1");
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("module_inactive");
    const exported = await set.cast.siteManager.inject({ method: "GET", url: `/api/pm-pro/v2/users/${set.cast.siteManager.userId}/advance-report/unassigned/csv/?start_date=2026-03-01` });
    expect(exported.statusCode).toBe(404);
    await set.cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "reports", type: "activate" } });
    expect((await report(set.cast.siteManager, "filters[0][skey]=status&filters[0][svalue]=1")).statusCode).toBe(200);
  });
});
