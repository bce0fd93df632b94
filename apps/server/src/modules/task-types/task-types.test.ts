import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

describe("task types", () => {
  it("lets a site manager add types that everyone signed in can read", async () => {
    const created = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Bug", description: "Something broken" } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ message: "Task type created successfully", data: { title: "Bug", description: "Something broken" } });
    await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Feature" } });
    const listed = await cast.client.inject({ method: "GET", url: "/api/pm/v2/task-types" });
    expect(listed.json().data.map((type: { title: string }) => type.title)).toEqual(["Bug", "Feature"]);
    expect(listed.json().meta.pagination.total).toBe(2);
    expect((await t.app.inject({ method: "GET", url: "/api/pm/v2/task-types" })).statusCode).toBe(401);
  });

  it("refuses everyone else, a blank title and a duplicate", async () => {
    expect((await cast.manager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Chore" } })).statusCode).toBe(403);
    const blank = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: " " } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data.params.title).toBeDefined();
    const duplicate = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "bug" } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().data.params.title).toEqual(["A task type with this title already exists."]);
  });

  it("shows a task's type, and deleting the type leaves the task without one", async () => {
    const type = (await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Research" } })).json().data;
    const projectId = (await createProjectWithCast(cast)).id;
    const task = await createTask(cast.manager, projectId, { type_id: type.id });
    expect(task.type).toEqual({ data: { id: type.id, title: "Research", description: "" } });
    expect((await cast.manager.inject({ method: "POST", url: `/api/pm/v2/task-types/${type.id}/delete` })).statusCode).toBe(403);
    const deleted = await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/task-types/${type.id}/delete` });
    expect(deleted.json()).toEqual({ message: "Task type deleted successfully" });
    const after = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}` });
    expect(after.json().data.type).toEqual({ data: null });
    expect((await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/task-types/${type.id}/delete` })).statusCode).toBe(404);
  });
});
