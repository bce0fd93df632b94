import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import type { Actor } from "../../lib/actor.js";
import { dayRangeUtc } from "./activities.service.js";
import { privacyScopeOf, readableScopes } from "../privacy/privacy.rules.js";
import { recordActivity } from "./activity-recorder.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Feed" })).id;
});
afterAll(() => t.close());

function actorOf(userId: number, displayName: string): Actor {
  return { id: userId, displayName, email: "", avatarUrl: null, isSiteManager: false, via: "token", sessionId: null, nonce: null };
}

/** Writes an activity row directly, with a chosen time and scope (the tasks module is built separately). */
async function insertActivity(project: number, values: { actorId?: number; message: string; scope?: string | null; at?: string }): Promise<void> {
  await t.database.db.insertInto("activities").values({
    project_id: project,
    actor_id: values.actorId ?? cast.manager.userId,
    action: "create_task",
    action_type: "create",
    resource_type: "task",
    resource_id: 1,
    privacy_scope: values.scope ?? null,
    message: values.message,
    meta: "{}",
    committed_at: values.at ?? "2026-01-01 00:00:00",
  }).execute();
}

async function messages(session: { inject: Cast["client"]["inject"] }, url: string): Promise<string[]> {
  const response = await session.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((a: { message: string }) => a.message);
}

describe("GET /api/pm/v2/projects/:project/activities", () => {
  let feedProject: number;

  beforeAll(async () => {
    feedProject = (await createProjectWithCast(cast, { title: "Privacy feed" })).id;
    const mia = actorOf(cast.manager.userId, "Mia Manager");
    await recordActivity(t.database.db, mia, { projectId: feedProject, type: "create", resource: "task", resourceId: 1, title: "Public task" });
    await recordActivity(t.database.db, mia, { projectId: feedProject, type: "create", resource: "task", resourceId: 2, title: "Private task", privacyScope: privacyScopeOf(["view_private_task"]) });
    await recordActivity(t.database.db, mia, { projectId: feedProject, type: "create", resource: "task", resourceId: 3, title: "Task in a private list", privacyScope: privacyScopeOf(["view_private_list", "view_private_task"]) });
    await recordActivity(t.database.db, mia, { projectId: feedProject, type: "create", resource: "milestone", resourceId: 4, title: "Private milestone", privacyScope: "view_private_milestone" });
  });

  it("shows a co-worker every entry, newest first", async () => {
    expect(await messages(cast.coWorker, `/api/pm/v2/projects/${feedProject}/activities`)).toEqual([
      "Mia Manager created the milestone Private milestone",
      "Mia Manager created the task Task in a private list",
      "Mia Manager created the task Private task",
      "Mia Manager created the task Public task",
      "Sam Site created the project Privacy feed",
    ]);
  });

  it("hides entries about private records from a client without the matching view_private_*", async () => {
    expect(await messages(cast.client, `/api/pm/v2/projects/${feedProject}/activities`)).toEqual([
      "Mia Manager created the task Public task",
      "Sam Site created the project Privacy feed",
    ]);
    const body = (await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${feedProject}/activities` })).json();
    expect(body.meta.pagination.total).toBe(2);
  });

  it("needs every capability of a joined scope", async () => {
    await t.database.db.insertInto("project_settings")
      .values({ project_id: feedProject, key: "capabilities", value: JSON.stringify({ client: { view_private_task: true } }), updated_at: "2026-01-01 00:00:00" })
      .execute();
    expect(await messages(cast.client, `/api/pm/v2/projects/${feedProject}/activities`)).toEqual([
      "Mia Manager created the task Private task",
      "Mia Manager created the task Public task",
      "Sam Site created the project Privacy feed",
    ]);
    await t.database.db.updateTable("project_settings")
      .set({ value: JSON.stringify({ client: { view_private_task: true, view_private_list: true } }) })
      .where("project_id", "=", feedProject).execute();
    const seen = await messages(cast.client, `/api/pm/v2/projects/${feedProject}/activities`);
    expect(seen).toContain("Mia Manager created the task Task in a private list");
    expect(seen).not.toContain("Mia Manager created the milestone Private milestone");
  });

  it("narrows to one record's history with resource_type and resource_id", async () => {
    expect(await messages(cast.coWorker, `/api/pm/v2/projects/${feedProject}/activities?resource_type=task&resource_id=2`)).toEqual([
      "Mia Manager created the task Private task",
    ]);
  });

  it("refuses a non-member", async () => {
    const response = await cast.outsider.inject({ method: "GET", url: `/api/pm/v2/projects/${feedProject}/activities` });
    expect(response.statusCode).toBe(403);
  });

  it("includes the actor and project when asked for", async () => {
    const plain = (await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${feedProject}/activities?per_page=1` })).json().data[0];
    expect(plain.actor).toBeUndefined();
    expect(plain.project).toBeUndefined();
    const full = (await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${feedProject}/activities?per_page=1&with=actor,project` })).json().data[0];
    expect(full).toMatchObject({
      action: "create_milestone",
      action_type: "create",
      resource_type: "milestone",
      project_id: feedProject,
      actor: { data: { id: cast.manager.userId, display_name: "Mia Manager" } },
      project: { data: { id: feedProject, title: "Privacy feed" } },
    });
    expect(full.committed_at.datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe("GET /api/pm/v2/activities", () => {
  let hiddenProject: number;

  beforeAll(async () => {
    // A project the client, co-worker and site manager do not belong to.
    hiddenProject = (await createProjectWithCast(cast, { title: "Managers only" })).id;
    await cast.siteManager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${hiddenProject}/update`,
      payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }] },
    });
    await insertActivity(hiddenProject, { message: "Mia worked alone" });
  });

  it("covers only the caller's projects, and every project for a site manager", async () => {
    const forClient = await messages(cast.client, "/api/pm/v2/activities?per_page=200");
    expect(forClient).not.toContain("Mia worked alone");
    expect(forClient).toContain("Sam Site created the project Feed");
    const forSite = await messages(cast.siteManager, "/api/pm/v2/activities?per_page=200");
    expect(forSite).toContain("Mia worked alone");
    expect(forSite).toContain("Mia Manager created the milestone Private milestone");
    expect(await messages(cast.outsider, "/api/pm/v2/activities")).toEqual([]);
  });

  it("applies each project's privacy to a client across projects", async () => {
    await insertActivity(projectId, { message: "Secret in Feed", scope: "view_private_task" });
    const forClient = await messages(cast.client, "/api/pm/v2/activities?per_page=200");
    expect(forClient).not.toContain("Secret in Feed");
    // In "Privacy feed" the client was granted view_private_task above; in "Feed" they were not.
    expect(forClient).toContain("Mia Manager created the task Private task");
    expect(await messages(cast.coWorker, "/api/pm/v2/activities?per_page=200")).toContain("Secret in Feed");
  });

  it("filters by user and by inclusive days", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Dates" });
    await insertActivity(id, { message: "before", at: "2031-02-10 23:59:59" });
    await insertActivity(id, { message: "first day", at: "2031-02-11 00:00:00" });
    await insertActivity(id, { message: "last day", at: "2031-02-12 23:59:59", actorId: cast.coWorker.userId });
    await insertActivity(id, { message: "after", at: "2031-02-13 00:00:00" });
    const url = "/api/pm/v2/activities?updated_at_start=2031-02-11&updated_at=2031-02-12";
    expect(await messages(cast.client, url)).toEqual(["last day", "first day"]);
    expect(await messages(cast.client, `${url}&user_id=${cast.coWorker.userId}`)).toEqual(["last day"]);
    expect(await messages(cast.client, "/api/pm/v2/activities?updated_at_start=2031-02-12")).toEqual(["after", "last day"]);
    expect(await messages(cast.client, `/api/pm/v2/projects/${id}/activities?updated_at=2031-02-10&orderby=created_at%20ASC`)).toEqual([
      "Sam Site created the project Dates",
      "before",
    ]);
  });

  it("pages 20 at a time by default", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Pages" });
    for (let i = 1; i <= 24; i += 1) await insertActivity(id, { message: `entry ${i}`, at: `2020-01-01 00:00:${String(i).padStart(2, "0")}` });
    const first = (await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${id}/activities` })).json();
    expect(first.data.length).toBe(20);
    expect(first.meta.pagination).toEqual({ total: 25, count: 20, per_page: 20, current_page: 1, links: expect.any(Object), total_pages: 2 });
    const second = await messages(cast.client, `/api/pm/v2/projects/${id}/activities?page=2`);
    expect(second).toEqual(["entry 5", "entry 4", "entry 3", "entry 2", "entry 1"]);
  });

  it("answers 400 for a badly written date", async () => {
    const response = await cast.client.inject({ method: "GET", url: "/api/pm/v2/activities?updated_at=02/11/2031" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.params)).toEqual(["updated_at"]);
  });

  it("runs the same number of SQL statements for 2 entries as for 25, across projects", async () => {
    const projects = [(await createProjectWithCast(cast, { title: "Q1" })).id, (await createProjectWithCast(cast, { title: "Q2" })).id];
    const actors = [cast.manager.userId, cast.coWorker.userId, cast.client.userId, cast.siteManager.userId];
    async function add(n: number): Promise<void> {
      for (let i = 0; i < n; i += 1) {
        await insertActivity(projects[i % 2] ?? projectId, { message: `q${i}`, actorId: actors[i % 4], scope: i % 3 === 0 ? "view_private_task" : null, at: "2040-01-01 00:00:00" });
      }
    }
    async function queries(): Promise<number> {
      t.queries.length = 0;
      const response = await cast.client.inject({ method: "GET", url: "/api/pm/v2/activities?with=actor,project&per_page=50&updated_at_start=2040-01-01" });
      expect(response.statusCode).toBe(200);
      return t.queries.length;
    }
    await add(2);
    const few = await queries();
    await add(23);
    const many = await queries();
    expect(many).toBe(few);
    // Session look-up, access, the page and its count, then one query per kind of related record.
    expect(few).toBeLessThanOrEqual(6);
  });
});

describe("activity scopes and days", () => {
  it("joins several capabilities into one scope that only holders of all of them read", () => {
    expect(privacyScopeOf([])).toBeNull();
    expect(privacyScopeOf(["view_private_task"])).toBe("view_private_task");
    expect(privacyScopeOf(["view_private_task", "view_private_list"])).toBe("list+task");
    const both = readableScopes((capability) => capability === "view_private_task" || capability === "view_private_list");
    expect(both.sort()).toEqual(["list+task", "view_private_list", "view_private_task"]);
    expect(readableScopes((capability) => capability === "view_private_task")).toEqual(["view_private_task"]);
  });

  it("reads days in the site's time zone", () => {
    expect(dayRangeUtc("2026-02-11", "2026-02-11", "UTC")).toEqual({ from: "2026-02-11 00:00:00", to: "2026-02-11 23:59:59" });
    expect(dayRangeUtc("2026-02-11", "2026-02-11", "Asia/Dhaka")).toEqual({ from: "2026-02-10 18:00:00", to: "2026-02-11 17:59:59" });
    // The spring-forward day in New York is 23 hours long.
    expect(dayRangeUtc("2026-03-08", "2026-03-08", "America/New_York")).toEqual({ from: "2026-03-08 05:00:00", to: "2026-03-09 03:59:59" });
  });
});
