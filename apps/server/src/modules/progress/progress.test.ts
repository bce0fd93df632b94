import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { recordActivity } from "../activities/activity-recorder.js";
import { privacyScopeOf } from "../privacy/privacy.rules.js";

const PROGRESS = "/api/pm-pro/v2/progress";

interface Day {
  id: number;
  date: string;
  activities: Array<{ id: number; message: string; action_type: string; project: { data: { id: number; title: string } }; actor: { data: { id: number } }; committed_at: { date: string; time: string } }>;
}

async function readPage(session: Session, query = ""): Promise<{ data: Day[]; meta: { pagination: Record<string, number> } }> {
  const response = await session.inject({ method: "GET", url: `${PROGRESS}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/pm-pro/v2/progress", () => {
  let t: TestApp;
  let cast: Cast;
  let alpha: number;
  let beta: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t.app);
    alpha = (await createProjectWithCast(cast, { title: "Alpha" })).id;
    beta = (await createProjectWithCast(cast, { title: "Beta" })).id;
    // Only the scripted entries below: the projects' own creation entries are dated now.
    await t.database.db.deleteFrom("activities").execute();
    const mia = { id: cast.manager.userId, displayName: "Mia Manager" };
    // 25 entries over three days: 10 on March 3rd, 12 on March 2nd, 3 on March 1st, every third in Beta.
    const days = [...Array<string>(10).fill("2026-03-03"), ...Array<string>(12).fill("2026-03-02"), ...Array<string>(3).fill("2026-03-01")];
    for (const [index, day] of days.entries()) {
      const minute = String(59 - (index % 60)).padStart(2, "0");
      await recordActivity(t.database.db, mia, {
        projectId: index % 3 === 2 ? beta : alpha,
        type: "create",
        resource: "task",
        resourceId: index + 1,
        title: `Task ${index + 1}`,
        occurredAt: `${day} 10:${minute}:00`,
        // A private task's entry: the site manager reads every project whole.
        ...(index === 4 && { privacyScope: privacyScopeOf(["view_private_task"]) }),
      });
    }
  });
  afterAll(() => t.close());

  it("answers a site manager with the first 20 entries of every project, newest first, grouped by day", async () => {
    const body = await readPage(cast.siteManager);
    expect(body.meta.pagination).toMatchObject({ total: 25, count: 20, per_page: 20, current_page: 1, total_pages: 2 });
    expect(body.data.map((day) => [day.id, day.date, day.activities.length])).toEqual([
      [20260303, "2026-03-03", 10],
      [20260302, "2026-03-02", 10],
    ]);
    const titles = body.data.flatMap((day) => day.activities.map((entry) => entry.message));
    expect(titles.slice(0, 3)).toEqual(["Mia Manager created the task Task 1", "Mia Manager created the task Task 2", "Mia Manager created the task Task 3"]);
    expect(titles).toContain("Mia Manager created the task Task 5");
    const third = body.data[0]!.activities[2]!;
    expect(third).toMatchObject({
      action_type: "create",
      project: { data: { id: beta, title: "Beta" } },
      actor: { data: { id: cast.manager.userId } },
      committed_at: { date: "2026-03-03", time: "10:57:00" },
    });
  });

  it("continues on the next page, a day cut by the page break keeping its id", async () => {
    const body = await readPage(cast.siteManager, "?page=2&per_page=20");
    expect(body.meta.pagination).toMatchObject({ total: 25, count: 5, per_page: 20, current_page: 2, total_pages: 2 });
    expect(body.data.map((day) => [day.id, day.date, day.activities.length])).toEqual([
      [20260302, "2026-03-02", 2],
      [20260301, "2026-03-01", 3],
    ]);
    expect(body.data.at(-1)!.activities.at(-1)!.message).toBe("Mia Manager created the task Task 25");
  });

  it("answers an empty page past the end, with the total", async () => {
    const body = await readPage(cast.siteManager, "?page=9");
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toMatchObject({ total: 25, count: 0, current_page: 9 });
  });

  for (const role of ["manager", "coWorker", "client", "outsider"] as const) {
    it(`refuses a ${role} with 403: the feed is for the site's manager capability`, async () => {
      const response = await cast[role].inject({ method: "GET", url: PROGRESS });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "forbidden", message: "Only site managers can see the Progress feed." });
    });
  }

  it("refuses a visitor who is not signed in with 401", async () => {
    expect((await t.app.inject({ method: "GET", url: PROGRESS })).statusCode).toBe(401);
  });

  it("refuses a bad page or page size, naming the field", async () => {
    const badPage = await cast.siteManager.inject({ method: "GET", url: `${PROGRESS}?page=0` });
    expect(badPage.statusCode).toBe(400);
    expect(Object.keys(badPage.json().data.params)).toEqual(["page"]);
    const badSize = await cast.siteManager.inject({ method: "GET", url: `${PROGRESS}?per_page=abc` });
    expect(badSize.statusCode).toBe(400);
    expect(Object.keys(badSize.json().data.params)).toEqual(["per_page"]);
  });

  it("puts Progress at order 6 of the site menu, for site managers only, and answers 404 while the module is off", async () => {
    const menu = async (session: Session) =>
      ((await session.inject({ method: "GET", url: "/api/auth/me" })).json() as { data: { menu: Array<{ route: string; order: number; area: string }> } }).data.menu;
    expect(await menu(cast.siteManager)).toContainEqual({ module: "progress", area: "site", label: "menu.progress", order: 6, route: "progress", audience: "site_manager" });
    expect((await menu(cast.manager)).map((entry) => entry.route)).not.toContain("progress");

    const off = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "progress", type: "deactivate" } });
    expect(off.statusCode).toBe(200);
    try {
      const response = await cast.siteManager.inject({ method: "GET", url: PROGRESS });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("module_inactive");
      expect((await menu(cast.siteManager)).map((entry) => entry.route)).not.toContain("progress");
    } finally {
      await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "progress", type: "activate" } });
    }
    expect((await cast.siteManager.inject({ method: "GET", url: PROGRESS })).statusCode).toBe(200);
  });
});

describe("GET /api/pm-pro/v2/progress in a site time zone", () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp({ config: { timezone: "America/New_York" } });
    cast = await createCast(t.app);
  });
  afterAll(() => t.close());

  it("says 'nothing yet' with an empty page", async () => {
    const body = await readPage(cast.siteManager);
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toMatchObject({ total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 1 });
  });

  it("groups entries by the site's day, not UTC's", async () => {
    const projectId = (await createProjectWithCast(cast, { title: "Night shift" })).id;
    await t.database.db.deleteFrom("activities").execute();
    const sam = { id: cast.siteManager.userId, displayName: "Sam Site" };
    // 03:00 UTC on March 2nd is 22:00 on March 1st in New York.
    await recordActivity(t.database.db, sam, { projectId, type: "create", resource: "task", resourceId: 1, title: "Late", occurredAt: "2026-03-02 03:00:00" });
    await recordActivity(t.database.db, sam, { projectId, type: "create", resource: "task", resourceId: 2, title: "Evening", occurredAt: "2026-03-01 23:00:00" });
    await recordActivity(t.database.db, sam, { projectId, type: "create", resource: "task", resourceId: 3, title: "Morning", occurredAt: "2026-03-02 15:00:00" });
    const body = await readPage(cast.siteManager);
    expect(body.data.map((day) => [day.date, day.activities.map((entry) => entry.committed_at.time)])).toEqual([
      ["2026-03-02", ["10:00:00"]],
      ["2026-03-01", ["22:00:00", "18:00:00"]],
    ]);
  });
});
