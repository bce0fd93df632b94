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

async function countRows(table: "projects" | "project_members"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("project members listed twice", () => {
  it("refuses a user listed twice on create with 400 on assignees, writing nothing", async () => {
    const [projects, members] = [await countRows("projects"), await countRows("project_members")];
    const response = await cast.siteManager.inject({
      method: "POST",
      url: "/api/pm/v2/projects",
      payload: { title: "Twice", assignees: [{ user_id: cast.coWorker.userId, role_id: 2 }, { user_id: cast.coWorker.userId, role_id: 3 }] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.params.assignees).toEqual([`User ${cast.coWorker.userId} is listed twice.`]);
    expect([await countRows("projects"), await countRows("project_members")]).toEqual([projects, members]);
  });

  it("refuses a user listed twice on update, keeping the members as they were", async () => {
    const { id } = await createProjectWithCast(cast);
    const response = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${id}/update`,
      payload: { title: "Renamed", assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.client.userId, role_id: 3 }, { user_id: cast.client.userId, role_id: 3 }] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.params.assignees).toEqual([`User ${cast.client.userId} is listed twice.`]);
    const project = (await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${id}` })).json().data;
    expect(project.title).not.toBe("Renamed");
    expect(project.assignees.data).toHaveLength(4);
  });
});

describe("removing a member", () => {
  it("drops their task assignments and comment notifications in the project, and nowhere else", async () => {
    const { id } = await createProjectWithCast(cast);
    const { id: other } = await createProjectWithCast(cast);
    const task = await createTask(cast.manager, id, { assignees: [cast.client.userId, cast.coWorker.userId] });
    const otherTask = await createTask(cast.manager, other, { assignees: [cast.client.userId] });
    const comment = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${id}/comments`,
      payload: { content: "<p>See this</p>", commentable_type: "task", commentable_id: task.id, notify_users: [cast.client.userId, cast.coWorker.userId] },
    });
    expect(comment.json().data.notify_users.sort()).toEqual([cast.coWorker.userId, cast.client.userId].sort());

    const update = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${id}/update`,
      payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.coWorker.userId, role_id: 2 }] },
    });
    expect(update.statusCode, update.body).toBe(200);

    const assignees = await t.database.db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("task_id", "in", [task.id, otherTask.id]).orderBy("task_id").execute();
    expect(assignees).toEqual([{ task_id: task.id, user_id: cast.coWorker.userId }, { task_id: otherTask.id, user_id: cast.client.userId }]);
    const notified = await t.database.db.selectFrom("comment_notify_users").select("user_id").where("comment_id", "=", comment.json().data.id).execute();
    expect(notified).toEqual([{ user_id: cast.coWorker.userId }]);
  });
});
