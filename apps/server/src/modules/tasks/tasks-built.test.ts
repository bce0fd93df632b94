import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildComment, buildProject, buildTask, buildUser } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";

// Written with the builders of test/factories.ts: each test names only the records it is about.
describe("GET /api/pm/v2/projects/:project/tasks/:id", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it("counts the task's comments in meta.total_comment", async () => {
    const task = await buildTask(t.app, { title: "Wireframes" });
    const on = { type: "task" as const, id: task.id, project: task.project };
    await buildComment(t.app, { on, content: "<p>First</p>" });
    await buildComment(t.app, { on, content: "<p>Second</p>" });

    const response = await task.session.inject({ method: "GET", url: `/api/pm/v2/projects/${task.project.id}/tasks/${task.id}` });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ title: "Wireframes", meta: { total_comment: 2 } });
  });

  it("hides a private task from a client and shows it to a co-worker", async () => {
    const [client, coWorker] = await Promise.all([buildUser(t.app, { display_name: "Cleo Client" }), buildUser(t.app, { display_name: "Carl Coworker" })]);
    const project = await buildProject(t.app, { members: [{ user: client, role: 3 }, { user: coWorker, role: 2 }] });
    const task = await buildTask(t.app, { project, privacy: true, title: "Budget" });
    const url = `/api/pm/v2/projects/${project.id}/tasks/${task.id}`;

    expect((await client.inject({ method: "GET", url })).statusCode).toBe(404);
    const seen = await coWorker.inject({ method: "GET", url });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ id: task.id, title: "Budget" });
  });
});
