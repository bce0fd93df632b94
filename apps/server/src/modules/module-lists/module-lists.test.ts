import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Switchboard" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const OTHERS: Role[] = ["manager", "coWorker", "client", "outsider"];

const LIST = "/api/pm-pro/v2/module-lists";
const UPDATE = "/api/pm-pro/v2/module-update";

function update(session: Session, module: string, type: string) {
  return session.inject({ method: "POST", url: UPDATE, payload: { module, type } });
}

async function activeModules(session: Session): Promise<string[]> {
  const response = await session.inject({ method: "GET", url: "/api/auth/me" });
  return response.json().data.active_modules as string[];
}

async function savedStates(): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom("module_states").select(["key", "active"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.active]));
}

describe("GET /api/pm-pro/v2/module-lists", () => {
  it("lists every built Pro module with its name, description, thumbnail and switch, all on at first", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: LIST });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Every Pro module, in the catalogue's order.
    expect(body.data.map((module: { key: string }) => module.key)).toEqual([
      "files", "calendar", "reports", "progress", "invoice", "gantt", "kanboard", "sprint", "sub_tasks", "time_tracker", "integrations", "custom_fields", "store_link",
    ]);
    expect(body.meta.pagination).toMatchObject({ total: 13, count: 13, total_pages: 1 });
    expect(body.data.find((module: { key: string }) => module.key === "calendar")).toEqual({
      key: "calendar",
      path: "calendar",
      name: "Calendar",
      description: expect.stringMatching(/calendar/i),
      thumbnail: "/modules/calendar.svg",
      active: true,
    });
    for (const module of body.data) {
      expect(module.name.length).toBeGreaterThan(0);
      expect(module.description.length).toBeGreaterThan(20);
      expect(module.active).toBe(true);
    }
  });

  for (const role of OTHERS) {
    it(`refuses a ${role} with 403`, async () => {
      const response = await cast[role].inject({ method: "GET", url: LIST });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "forbidden", message: "Only site managers can see the modules list." });
    });
  }

  it("refuses a visitor who is not signed in with 401", async () => {
    const response = await t.app.inject({ method: "GET", url: LIST });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/pm-pro/v2/module-update", () => {
  it("switches the Files module off: its calls answer 404 module_inactive and /auth/me drops it", async () => {
    const before = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/files` });
    expect(before.statusCode).toBe(200);

    const response = await update(cast.siteManager, "files", "deactivate");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: expect.objectContaining({ key: "files", active: false }),
      message: "Files deactivated successfully",
    });
    expect((await savedStates()).files).toBe(0);

    const off = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/files` });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: "module_inactive" });
    expect(await activeModules(cast.coWorker)).not.toContain("files");
    const listed = (await cast.siteManager.inject({ method: "GET", url: LIST })).json().data;
    expect(listed.find((module: { key: string }) => module.key === "files").active).toBe(false);

    const on = await update(cast.siteManager, "files", "activate");
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ data: { key: "files", active: true }, message: "Files activated successfully" });
    expect((await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/files` })).statusCode).toBe(200);
    expect(await activeModules(cast.coWorker)).toContain("files");
  });

  it("switches the Calendar module off and on again", async () => {
    const url = "/api/pm-pro/v2/calendar-projects";
    expect((await cast.manager.inject({ method: "GET", url })).statusCode).toBe(200);
    expect((await update(cast.siteManager, "calendar", "deactivate")).statusCode).toBe(200);
    const off = await cast.manager.inject({ method: "GET", url });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: "module_inactive" });
    expect(await activeModules(cast.manager)).not.toContain("calendar");
    expect((await update(cast.siteManager, "calendar", "activate")).statusCode).toBe(200);
    expect((await cast.manager.inject({ method: "GET", url })).statusCode).toBe(200);
  });

  it("accepts switching a module to the state it already has", async () => {
    const response = await update(cast.siteManager, "files", "activate");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ key: "files", active: true });
  });

  it("refuses an unknown module, naming the field, and changes nothing", async () => {
    const before = await savedStates();
    const response = await update(cast.siteManager, "chess", "deactivate");
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("rest_invalid_param");
    expect(Object.keys(body.data.params)).toEqual(["module"]);
    expect(body.message).toMatch(/^Unknown module. module must be one of: files, calendar/);
    expect(await savedStates()).toEqual(before);
  });

  it("refuses an unknown type or a missing field, naming each", async () => {
    const badType = await update(cast.siteManager, "files", "toggle");
    expect(badType.statusCode).toBe(400);
    expect(badType.json().data.params).toEqual({ type: ["type must be activate or deactivate"] });
    const missing = await cast.siteManager.inject({ method: "POST", url: UPDATE, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.params).toEqual({ module: ["module is required"], type: ["type is required"] });
  });

  for (const role of OTHERS) {
    it(`refuses a ${role} with 403 and changes nothing`, async () => {
      const before = await savedStates();
      const response = await update(cast[role], "files", "deactivate");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "forbidden", message: "Only site managers can switch modules on and off." });
      expect(await savedStates()).toEqual(before);
      expect(await activeModules(cast[role])).toContain("files");
    });
  }

  it("refuses a visitor who is not signed in with 401", async () => {
    const response = await t.app.inject({ method: "POST", url: UPDATE, payload: { module: "files", type: "deactivate" } });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a cookie session without the nonce", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: UPDATE, payload: { module: "files", type: "deactivate" }, nonce: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("invalid_nonce");
  });
});
