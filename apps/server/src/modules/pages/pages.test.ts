import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_PATH_MESSAGE } from "@plotline/contracts";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  await createProjectWithCast(cast, { title: "Roles" });
});
afterAll(() => t.close());

const URL = "/api/pm/v2/pages";
type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const NON_MANAGERS: Role[] = ["manager", "coWorker", "client", "outsider"];

beforeEach(async () => {
  await t.database.db.deleteFrom("settings").execute();
  await t.database.db.withTables<{ site_pages: { id: number } }>().deleteFrom("site_pages").execute();
});

async function createPage(session: Session, payload: Record<string, unknown>) {
  return session.inject({ method: "POST", url: URL, payload });
}

async function pageId(post_title: string, path: string): Promise<number> {
  const response = await createPage(cast.siteManager, { post_title, path });
  if (response.statusCode !== 200) throw new Error(`page creation failed: ${response.body}`);
  return response.json().data.id as number;
}

describe("GET /api/pm/v2/pages", () => {
  it("lists the pages by title as { id, post_title, path }", async () => {
    const b = await pageId("Workspace", "/workspace");
    const a = await pageId("Client portal", "/clients/portal");
    const response = await cast.siteManager.inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: a, post_title: "Client portal", path: "/clients/portal" },
        { id: b, post_title: "Workspace", path: "/workspace" },
      ],
    });
  });

  it("answers an empty list when there are no pages", async () => {
    expect((await cast.coWorker.inject({ method: "GET", url: URL })).json()).toEqual({ data: [] });
  });

  it.each(["siteManager", "manager", "coWorker", "client", "outsider"] as Role[])("is readable by %s", async (role) => {
    await pageId("Workspace", "/workspace");
    const response = await cast[role].inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
  });

  it("answers 401 to someone not signed in", async () => {
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});

describe("POST /api/pm/v2/pages", () => {
  it("creates a page with a trimmed title and answers it with a message", async () => {
    const response = await createPage(cast.siteManager, { post_title: "  Workspace  ", path: "/workspace" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Page created successfully", data: { post_title: "Workspace", path: "/workspace" } });
  });

  it.each([
    [{ path: "/workspace" }, "post_title", "Page title is required"],
    [{ post_title: "   ", path: "/workspace" }, "post_title", "Page title is required"],
    [{ post_title: "W" }, "path", "Path is required"],
    [{ post_title: "W", path: "" }, "path", "Path is required"],
    [{ post_title: "W", path: "workspace" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/Workspace" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/work_space" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/workspace/" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/work--space" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/a/../b" }, "path", PAGE_PATH_MESSAGE],
    [{ post_title: "W", path: "/api" }, "path", "The path /api is used by Plotline itself; choose another."],
    [{ post_title: "W", path: "/api/pages" }, "path", "The path /api/pages is used by Plotline itself; choose another."],
    [{ post_title: "W", path: "/assets" }, "path", "The path /assets is used by Plotline itself; choose another."],
  ])("refuses %j with 400 naming the field", async (payload, field, message) => {
    const response = await createPage(cast.siteManager, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("rest_invalid_param");
    expect(body.data.params[field]).toEqual([message]);
  });

  it("refuses a path another page has", async () => {
    await pageId("Workspace", "/workspace");
    const response = await createPage(cast.siteManager, { post_title: "Again", path: "/workspace" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ path: ["A page with the path /workspace already exists."] });
  });

  it("accepts /apiary, which only starts with the letters of /api", async () => {
    expect((await createPage(cast.siteManager, { post_title: "Bees", path: "/apiary" })).statusCode).toBe(200);
  });

  it.each(NON_MANAGERS)("refuses %s with 403", async (role) => {
    const response = await createPage(cast[role], { post_title: "W", path: "/workspace" });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Only site managers can change the site's pages.");
  });

  it("answers 401 to someone not signed in", async () => {
    expect((await t.app.inject({ method: "POST", url: URL, payload: { post_title: "W", path: "/w" } })).statusCode).toBe(401);
  });
});

describe("POST /api/pm/v2/pages/:id/update", () => {
  it("renames a page and changes its path", async () => {
    const id = await pageId("Workspace", "/workspace");
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { post_title: "Team", path: "/team" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Page updated successfully", data: { id, post_title: "Team", path: "/team" } });
  });

  it("keeps its own path without calling it taken", async () => {
    const id = await pageId("Workspace", "/workspace");
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { post_title: "Renamed", path: "/workspace" } });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another page's path, an empty title and a bad path", async () => {
    await pageId("Workspace", "/workspace");
    const id = await pageId("Team", "/team");
    const taken = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { path: "/workspace" } });
    expect(taken.json().data.params).toEqual({ path: ["A page with the path /workspace already exists."] });
    const empty = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { post_title: "" } });
    expect(empty.json().data.params).toEqual({ post_title: ["Page title is required"] });
    const bad = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { path: "team" } });
    expect(bad.json().data.params).toEqual({ path: [PAGE_PATH_MESSAGE] });
  });

  it("answers 404 for a page that does not exist", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/9999/update`, payload: { post_title: "X" } });
    expect(response.statusCode).toBe(404);
  });

  it.each(NON_MANAGERS)("refuses %s with 403", async (role) => {
    const id = await pageId("Workspace", "/workspace");
    const response = await cast[role].inject({ method: "POST", url: `${URL}/${id}/update`, payload: { post_title: "Mine" } });
    expect(response.statusCode).toBe(403);
  });

  it("answers 401 to someone not signed in", async () => {
    const id = await pageId("Workspace", "/workspace");
    expect((await t.app.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { post_title: "X" } })).statusCode).toBe(401);
  });
});

describe("POST /api/pm/v2/pages/:id/delete", () => {
  it("deletes a page", async () => {
    const id = await pageId("Workspace", "/workspace");
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/delete` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Page deleted successfully" });
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data).toEqual([]);
  });

  it("puts front_end_page back to 0 when the front-end page is deleted", async () => {
    const id = await pageId("Workspace", "/workspace");
    await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "front_end_page", value: id } });
    await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/delete` });
    const settings = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/settings" });
    expect(settings.json()).toMatchObject({ data: { front_end_page: 0 }, meta: { front_end_page: null } });
  });

  it("keeps front_end_page when another page is deleted", async () => {
    const kept = await pageId("Workspace", "/workspace");
    const other = await pageId("Other", "/other");
    await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "front_end_page", value: kept } });
    await cast.siteManager.inject({ method: "POST", url: `${URL}/${other}/delete` });
    expect((await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/settings" })).json().data.front_end_page).toBe(kept);
  });

  it("answers 404 for a page that does not exist", async () => {
    expect((await cast.siteManager.inject({ method: "POST", url: `${URL}/9999/delete` })).statusCode).toBe(404);
  });

  it.each(NON_MANAGERS)("refuses %s with 403 and keeps the page", async (role) => {
    const id = await pageId("Workspace", "/workspace");
    expect((await cast[role].inject({ method: "POST", url: `${URL}/${id}/delete` })).statusCode).toBe(403);
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data).toHaveLength(1);
  });

  it("answers 401 to someone not signed in", async () => {
    const id = await pageId("Workspace", "/workspace");
    expect((await t.app.inject({ method: "POST", url: `${URL}/${id}/delete` })).statusCode).toBe(401);
  });
});
