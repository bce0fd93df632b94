import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";
import { createList, createTask } from "./tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectA: number;
let projectB: number;
let projectC: number;
let milestoneListId: number;
let milestoneId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectA = (await createProjectWithCast(cast, { title: "Alpha" })).id;
  projectB = (await createProjectWithCast(cast, { title: "Beta" })).id;
  // The co-worker is not in project C.
  projectC = (await createProjectWithCast(cast, { title: "Gamma", assignees: [{ user_id: cast.manager.userId, role_id: 1 }] })).id;
  const at = "2026-01-01 00:00:00";
  milestoneId = (await t.database.db.insertInto("milestones").values({ project_id: projectA, title: "M1", description: "", achieve_date: null, status: 0, privacy: 0, sort_order: 0, created_by: cast.manager.userId, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()).id;
  milestoneListId = (await createList(cast.manager, projectA, { title: "Milestone list", milestone: milestoneId })).id;

  await createTask(cast.manager, projectA, { title: "A early", start_at: "2026-03-01", due_date: "2026-03-05", assignees: [cast.coWorker.userId] });
  await createTask(cast.manager, projectA, { title: "A late", start_at: "2026-04-01", due_date: "2026-04-20", assignees: [cast.client.userId] });
  await createTask(cast.manager, projectA, { title: "A undated", board_id: milestoneListId, assignees: [cast.coWorker.userId, cast.client.userId] });
  const done = await createTask(cast.manager, projectB, { title: "B done", due_date: "2026-03-10", assignees: [cast.coWorker.userId] });
  await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectB}/tasks/${done.id}/change-status`, payload: { status: 1 } });
  await t.database.db.updateTable("tasks").set({ completed_at: "2026-03-11 15:00:00" }).where("id", "=", done.id).execute();
  const pending = await createTask(cast.manager, projectB, { title: "B pending" });
  await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectB}/tasks/${pending.id}/change-status`, payload: { status: 2 } });
  await createTask(cast.manager, projectC, { title: "C hidden", assignees: [cast.manager.userId] });
  // A sub-task is not a task of the listings.
  await createTask(cast.manager, projectB, { title: "B sub-task", parent_id: done.id });
});
afterAll(() => t.close());

async function titles(session: Session, query: string): Promise<string[]> {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/tasks${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((task: { title: string }) => task.title).sort();
}

describe("GET /api/pm/v2/tasks", () => {
  it("covers the caller's projects only; site managers see every project", async () => {
    expect(await titles(cast.coWorker, "")).toEqual(["A early", "A late", "A undated", "B done", "B pending"]);
    expect(await titles(cast.siteManager, "?per_page=100")).toEqual(["A early", "A late", "A undated", "B done", "B pending", "C hidden"]);
    expect(await titles(cast.outsider, "")).toEqual([]);
  });

  it("filters by one or several projects, ignoring projects the caller is not in", async () => {
    expect(await titles(cast.coWorker, `?project_id=${projectB}`)).toEqual(["B done", "B pending"]);
    expect(await titles(cast.coWorker, `?project_id[]=${projectB}&project_id[]=${projectC}`)).toEqual(["B done", "B pending"]);
    expect(await titles(cast.siteManager, `?project_id=${projectC}`)).toEqual(["C hidden"]);
  });

  it("filters by assignees and status", async () => {
    expect(await titles(cast.coWorker, `?users=${cast.client.userId}`)).toEqual(["A late", "A undated"]);
    expect(await titles(cast.coWorker, `?users[]=${cast.client.userId}&users[]=${cast.coWorker.userId}`)).toEqual(["A early", "A late", "A undated", "B done"]);
    expect(await titles(cast.coWorker, "?status=1")).toEqual(["B done"]);
    expect(await titles(cast.coWorker, "?status=2")).toEqual(["B pending"]);
    expect(await titles(cast.coWorker, `?status=0&users=${cast.coWorker.userId}`)).toEqual(["A early", "A undated"]);
  });

  it("reads status words: incomplete is open and pending together", async () => {
    expect(await titles(cast.coWorker, "?status=incomplete")).toEqual(["A early", "A late", "A undated", "B pending"]);
    expect(await titles(cast.coWorker, "?status=complete")).toEqual(["B done"]);
    expect(await titles(cast.coWorker, "?status=pending")).toEqual(["B pending"]);
    const inProject = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/tasks?status=incomplete` });
    expect(inProject.json().data.map((task: { title: string }) => task.title)).toEqual(["B pending"]);
    const wrong = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?status=open" });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().data.params)).toEqual(["status"]);
  });

  it("compares start_at and due_date with operators", async () => {
    expect(await titles(cast.coWorker, "?due_date=2026-03-05")).toEqual(["A early"]);
    expect(await titles(cast.coWorker, "?due_date[operator]=less_than&due_date[date]=2026-04-01")).toEqual(["A early", "B done"]);
    expect(await titles(cast.coWorker, "?due_date[operator]=greater_than_equal&due_date[date]=2026-03-10")).toEqual(["A late", "B done"]);
    expect(await titles(cast.coWorker, "?due_date[operator]=null")).toEqual(["A undated", "B pending"]);
    expect(await titles(cast.coWorker, "?start_at[operator]=not_null")).toEqual(["A early", "A late"]);
    expect(await titles(cast.coWorker, "?start_at[operator]=greater_than&start_at[date]=2026-03-01")).toEqual(["A late"]);
    expect(await titles(cast.coWorker, "?due_date_start=2026-03-06")).toEqual(["A late", "B done"]);
  });

  it("answers 400 naming the field for a comparison without a date or a bad operator", async () => {
    const missing = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?due_date[operator]=less_than" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.params.due_date).toBeDefined();
    const wrong = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?start_at[operator]=around&start_at[date]=2026-01-01" });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().data.params).join()).toContain("start_at");
  });

  it("filters by completion day", async () => {
    expect(await titles(cast.coWorker, "?completed_at_start=2026-03-11&completed_at=2026-03-11")).toEqual(["B done"]);
    expect(await titles(cast.coWorker, "?completed_at_start=2026-03-12")).toEqual([]);
    expect(await titles(cast.coWorker, "?completed_at=2026-03-10")).toEqual([]);
  });

  it("filters by milestone, list and title", async () => {
    expect(await titles(cast.coWorker, `?milestone=${milestoneId}`)).toEqual(["A undated"]);
    expect(await titles(cast.coWorker, `?task_list_id=${milestoneListId}`)).toEqual(["A undated"]);
    expect(await titles(cast.coWorker, "?title=LATE")).toEqual(["A late"]);
  });

  it("finds one task by id across the caller's projects, and nothing where the caller may not look", async () => {
    const [hidden] = (await t.database.db.selectFrom("tasks").select("id").where("title", "=", "C hidden").execute()).map((row) => row.id);
    const [early] = (await t.database.db.selectFrom("tasks").select("id").where("title", "=", "A early").execute()).map((row) => row.id);
    expect(await titles(cast.coWorker, `?id=${early}`)).toEqual(["A early"]);
    expect(await titles(cast.coWorker, `?id=${hidden}`)).toEqual([]);
    expect(await titles(cast.manager, `?id=${hidden}`)).toEqual(["C hidden"]);
    const bad = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?id=abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty("id");
  });

  it("pages newest first", async () => {
    const first = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?per_page=2" });
    expect(first.json().data.map((task: { title: string }) => task.title)).toEqual(["B pending", "B done"]);
    expect(first.json().meta.pagination).toEqual({ total: 5, count: 2, per_page: 2, current_page: 1, links: expect.any(Object), total_pages: 3 });
    const third = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?per_page=2&page=3" });
    expect(third.json().data.map((task: { title: string }) => task.title)).toEqual(["A early"]);
  });

  it("keeps per_page between 1 and 100: every task at once is not offered", async () => {
    for (const perPage of [-1, 0, 101]) {
      const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/tasks?per_page=${perPage}` });
      expect(response.statusCode, `per_page=${perPage}`).toBe(400);
      expect(Object.keys(response.json().data.params)).toEqual(["per_page"]);
    }
    expect((await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?per_page=100" })).statusCode).toBe(200);
  });
});

describe("priority filters and order", () => {
  beforeAll(async () => {
    const set = (title: string, priority: number) => t.database.db.updateTable("tasks").set({ priority }).where("title", "=", title).execute();
    await set("A late", 4);
    await set("A early", 3);
    await set("B done", 1);
  });

  it("filters by one priority, by several, and by name", async () => {
    expect(await titles(cast.coWorker, "?priority=3")).toEqual(["A early"]);
    expect(await titles(cast.coWorker, "?priority=high")).toEqual(["A early"]);
    expect(await titles(cast.coWorker, "?priority[]=3&priority[]=4")).toEqual(["A early", "A late"]);
    expect(await titles(cast.coWorker, "?priority[]=urgent&priority[]=1&status=0")).toEqual(["A late"]);
    expect(await titles(cast.coWorker, "?priority=0")).toEqual(["A undated", "B pending"]);
    const inProject = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${projectA}/tasks?priority[]=4&priority[]=3` });
    expect(inProject.json().data.map((task: { title: string }) => task.title).sort()).toEqual(["A early", "A late"]);
  });

  it("orders by priority, most pressing first, then newest first", async () => {
    const response = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?orderby=priority" });
    expect(response.json().data.map((task: { title: string }) => task.title)).toEqual(["A late", "A early", "B done", "B pending", "A undated"]);
    const second = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/tasks?orderby=priority&per_page=2&page=2" });
    expect(second.json().data.map((task: { title: string }) => task.title)).toEqual(["B done", "B pending"]);
  });

  it("answers 400 naming the field for a priority or an order it does not know", async () => {
    for (const [query, field] of [["priority=5", "priority"], ["priority=highest", "priority"], ["orderby=title", "orderby"]]) {
      const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/tasks?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().data.params).join(), query).toContain(field);
    }
  });

  it("refuses a priority above urgent on create", async () => {
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectA}/tasks`, payload: { title: "Too pressing", priority: 7 } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.params)).toEqual(["priority"]);
  });

  it("follows a change made in bulk: the kept page is read again", async () => {
    expect(await titles(cast.manager, "?priority=4")).toEqual(["A late"]);
    const early = await t.database.db.selectFrom("tasks").select("id").where("title", "=", "A early").executeTakeFirstOrThrow();
    const bulk = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectA}/tasks/bulk`, payload: { action: "priority", task_ids: [early.id], priority: 4 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await titles(cast.manager, "?priority=4")).toEqual(["A early", "A late"]);
  });
});

describe("GET /api/pm/v2/projects/:project/tasks", () => {
  it("lists one project's tasks with the same filters, and refuses a non-member", async () => {
    const response = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectA}/tasks?users=${cast.client.userId}` });
    expect(response.json().data.map((task: { title: string }) => task.title).sort()).toEqual(["A late", "A undated"]);
    expect((await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${projectC}/tasks` })).statusCode).toBe(403);
  });
});

describe("day bounds in the site's time zone", () => {
  it("turns a local day into UTC bounds", () => {
    expect(startOfDayUtc("2026-03-11", "UTC")).toBe("2026-03-11 00:00:00");
    expect(endOfDayUtc("2026-03-11", "UTC")).toBe("2026-03-11 23:59:59");
    expect(startOfDayUtc("2026-03-11", "Asia/Dhaka")).toBe("2026-03-10 18:00:00");
    expect(endOfDayUtc("2026-03-11", "America/New_York")).toBe("2026-03-12 03:59:59");
    // The day the clocks go forward in New York is 23 hours long.
    expect(startOfDayUtc("2026-03-08", "America/New_York")).toBe("2026-03-08 05:00:00");
    expect(endOfDayUtc("2026-03-08", "America/New_York")).toBe("2026-03-09 03:59:59");
  });
});
