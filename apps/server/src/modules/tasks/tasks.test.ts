import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "./tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;
let inboxId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Website" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
  const inbox = await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 1).executeTakeFirstOrThrow();
  inboxId = inbox.id;
});
afterAll(() => t.close());

async function countRows(table: "tasks" | "task_assignees" | "activities"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

const url = (path = "") => `/api/pm/v2/projects/${projectId}/tasks${path}`;

describe("POST /api/pm/v2/projects/:project/tasks", () => {
  it("answers the new task exactly as reading it back does", async () => {
    const type = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Chore", description: "Routine work" } });
    expect(type.statusCode, type.body).toBe(200);
    const created = await cast.manager.inject({
      method: "POST",
      url: url(),
      payload: {
        title: "Water the plants", description: "<p>Every <b>Monday</b></p>", assignees: [cast.client.userId, cast.coWorker.userId, cast.client.userId],
        start_at: "2026-05-01", due_date: "2026-05-04", estimation: 45, priority: 2, payable: true, type_id: type.json().data.id,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const read = await cast.manager.inject({ method: "GET", url: url(`/${created.json().data.id}`) });
    expect(created.json().data).toEqual(read.json().data);
    expect(created.json().data.assignees.data).toHaveLength(2);
  });

  it("creates a task in the Inbox with assignees, dates and a readable activity", async () => {
    const response = await cast.manager.inject({
      method: "POST",
      url: url(),
      payload: {
        title: "Homepage copy",
        description: "<p>Write it<script>x()</script></p>",
        assignees: [cast.coWorker.userId, cast.client.userId],
        start_at: "2026-03-01",
        due_date: "2026-03-10",
        estimation: 90,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Task created successfully");
    expect(body.data).toMatchObject({
      title: "Homepage copy",
      status: 0,
      estimation: 90,
      task_list_id: inboxId,
      project_id: projectId,
      parent_id: 0,
      start_at: { date: "2026-03-01" },
      due_date: { date: "2026-03-10" },
      completed_at: { date: null },
      creator: { data: { id: cast.manager.userId, display_name: "Mia Manager" } },
      meta: { privacy: "0", total_comment: 0, total_files: 0 },
      abilities: { can_edit: true, can_delete: true, can_complete: true },
    });
    expect(body.data.description.html).toBe("<p>Write it</p>");
    expect(body.data.assignees.data.map((user: { id: number }) => user.id).sort()).toEqual([cast.coWorker.userId, cast.client.userId].sort());
    const activity = await t.database.db.selectFrom("activities").selectAll().where("resource_type", "=", "task").where("resource_id", "=", body.data.id).executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ message: "Mia Manager created the task Homepage copy", action: "create_task", privacy_scope: null });
  });

  it("puts a task in the list named by board_id, at the end", async () => {
    const list = await createList(cast.manager, projectId, { title: "Design" });
    const first = await createTask(cast.coWorker, projectId, { board_id: list.id });
    const second = await createTask(cast.coWorker, projectId, { board_id: list.id });
    expect(first).toMatchObject({ task_list_id: list.id, order: 0 });
    expect(second).toMatchObject({ task_list_id: list.id, order: 1 });
  });

  it("scopes the activity of a private task to view_private_task", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Salary review", privacy: 1 });
    expect(task.meta).toMatchObject({ privacy: "1" });
    const activity = await t.database.db.selectFrom("activities").selectAll().where("resource_type", "=", "task").where("resource_id", "=", task.id).executeTakeFirstOrThrow();
    expect(activity.privacy_scope).toBe("view_private_task");
  });

  it("refuses bad input with the field named, writing nothing", async () => {
    const otherList = await createList(cast.siteManager, otherProjectId);
    const before = await Promise.all([countRows("tasks"), countRows("task_assignees"), countRows("activities")]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "  " }, "title"],
      [{ title: "Dates", start_at: "2026-05-02", due_date: "2026-05-01" }, "due_date"],
      [{ title: "Bad date", due_date: "05/01/2026" }, "due_date"],
      [{ title: "Stranger", assignees: [cast.outsider.userId] }, "assignees"],
      [{ title: "Elsewhere", board_id: otherList.id }, "board_id"],
      [{ title: "Nowhere", board_id: 999999 }, "board_id"],
      [{ title: "Typed", type_id: 999999 }, "type_id"],
      [{ title: "Estimate", estimation: -5 }, "estimation"],
    ];
    for (const [payload, field] of cases) {
      const response = await cast.manager.inject({ method: "POST", url: url(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params), JSON.stringify(payload)).toContain(field);
    }
    expect(await Promise.all([countRows("tasks"), countRows("task_assignees"), countRows("activities")])).toEqual(before);
  });

  it("accepts form data with bracketed assignees", async () => {
    const response = await cast.manager.inject({
      method: "POST",
      url: url(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `title=From+a+form&assignees[]=${cast.coWorker.userId}&privacy=0`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.assignees.data.map((user: { id: number }) => user.id)).toEqual([cast.coWorker.userId]);
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/:id/update", () => {
  it("changes fields, replaces assignees ([0] for none) and moves the task with board_id", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Old title", assignees: [cast.coWorker.userId] });
    const list = await createList(cast.manager, projectId, { title: "Moved here" });
    const renamed = await cast.manager.inject({
      method: "POST",
      url: url(`/${task.id}/update`),
      payload: { title: "New title", assignees: [cast.client.userId], due_date: "2026-04-01", board_id: list.id },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: "Task updated successfully", data: { title: "New title", task_list_id: list.id, due_date: { date: "2026-04-01" } } });
    expect(renamed.json().data.assignees.data.map((user: { id: number }) => user.id)).toEqual([cast.client.userId]);
    const cleared = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/update`), payload: { assignees: [0], due_date: null } });
    // No date is the original's date object with null fields, so clients reading `due_date.date` get null.
    expect(cleared.json().data).toMatchObject({ assignees: { data: [] }, due_date: { date: null, time: null, datetime: null, timezone: "UTC", timestamp: null }, title: "New title" });
    expect(cleared.json().data.start_at).toEqual({ date: null, time: null, datetime: null, timezone: "UTC", timestamp: null });
    const messages = await t.database.db.selectFrom("activities").select("message").where("resource_id", "=", task.id).where("resource_type", "=", "task").orderBy("id").execute();
    expect(messages.map((row) => row.message)).toEqual(["Mia Manager created the task Old title", "Mia Manager moved the task New title", "Mia Manager updated the task New title"]);
  });

  it("checks start_at against the stored due date", async () => {
    const task = await createTask(cast.manager, projectId, { due_date: "2026-06-10" });
    const response = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/update`), payload: { start_at: "2026-06-11" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.due_date).toBeDefined();
  });

  it("records both the move and the status change when one update does both", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Shipped" });
    const list = await createList(cast.manager, projectId, { title: "Done work" });
    const response = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/update`), payload: { status: 1, board_id: list.id } });
    expect(response.json().data).toMatchObject({ status: 1, task_list_id: list.id });
    const entries = await t.database.db.selectFrom("activities").select(["action", "message"]).where("resource_id", "=", task.id).where("resource_type", "=", "task").orderBy("id").execute();
    expect(entries).toEqual([
      { action: "create_task", message: "Mia Manager created the task Shipped" },
      { action: "move_task", message: "Mia Manager moved the task Shipped" },
      { action: "complete_task", message: "Mia Manager completed the task Shipped" },
    ]);
  });

  it("also answers on the task's own path", async () => {
    const task = await createTask(cast.manager, projectId);
    const response = await cast.manager.inject({ method: "POST", url: url(`/${task.id}`), payload: { title: "Via POST" } });
    expect(response.json().data.title).toBe("Via POST");
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/:id/change-status", () => {
  it("stamps completed_at and completed_by on completion and clears them on reopening", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Ship it", assignees: [cast.client.userId] });
    const done = await cast.client.inject({ method: "POST", url: url(`/${task.id}/change-status`), payload: { status: 1 } });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 1, completed_by: cast.client.userId });
    expect(done.json().data.completed_at.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reopened = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/change-status`), payload: { status: 0 } });
    expect(reopened.json().data).toMatchObject({ status: 0, completed_by: null, completed_at: { date: null } });
    const messages = await t.database.db.selectFrom("activities").select("message").where("resource_id", "=", task.id).where("resource_type", "=", "task").orderBy("id").execute();
    expect(messages.map((row) => row.message).slice(1)).toEqual(["Cleo Client completed the task Ship it", "Mia Manager reopened the task Ship it"]);
  });

  it("refuses an unknown status", async () => {
    const task = await createTask(cast.manager, projectId);
    const response = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/change-status`), payload: { status: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.status).toBeDefined();
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/:id/delete", () => {
  it("deletes the task, its assignees and its comments", async () => {
    const task = await createTask(cast.manager, projectId, { assignees: [cast.coWorker.userId] });
    await t.database.db.insertInto("comments").values({
      project_id: projectId, commentable_type: "task", commentable_id: task.id, content: "Hi", created_by: cast.manager.userId,
      created_at: "2026-01-01 00:00:00", updated_at: "2026-01-01 00:00:00",
    }).execute();
    const shown = await cast.manager.inject({ method: "GET", url: url(`/${task.id}`) });
    expect(shown.json().data.meta.total_comment).toBe(1);
    const response = await cast.manager.inject({ method: "POST", url: url(`/${task.id}/delete`) });
    // The ticket of its undo (trash module) comes with the answer.
    expect(response.json()).toEqual({ message: "Task deleted successfully", undo: { id: expect.any(Number), expires_at: expect.any(String) } });
    expect((await cast.manager.inject({ method: "GET", url: url(`/${task.id}`) })).statusCode).toBe(404);
    const leftovers = await t.database.db.selectFrom("comments").select("id").where("commentable_type", "=", "task").where("commentable_id", "=", task.id).execute();
    expect(leftovers).toEqual([]);
    const assignees = await t.database.db.selectFrom("task_assignees").select("user_id").where("task_id", "=", task.id).execute();
    expect(assignees).toEqual([]);
  });

  it("takes the sub-tasks along, which stay out of the listings and move only with their parent", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Parent" });
    const child = await createTask(cast.manager, projectId, { title: "Child", parent_id: parent.id });
    expect(child).toMatchObject({ parent_id: parent.id, task_list_id: inboxId });
    const listed = await cast.manager.inject({ method: "GET", url: `${url()}?per_page=100` });
    expect(listed.json().data.map((task: { id: number }) => task.id)).not.toContain(child.id);
    const list = await createList(cast.manager, projectId);
    const moveChild = await cast.manager.inject({ method: "POST", url: url(`/${child.id}/update`), payload: { board_id: list.id } });
    expect(moveChild.statusCode).toBe(400);
    await cast.manager.inject({ method: "POST", url: url(`/${parent.id}/update`), payload: { board_id: list.id } });
    expect((await cast.manager.inject({ method: "GET", url: url(`/${child.id}`) })).json().data.task_list_id).toBe(list.id);
    await cast.manager.inject({ method: "POST", url: url(`/${parent.id}/delete`) });
    expect((await cast.manager.inject({ method: "GET", url: url(`/${child.id}`) })).statusCode).toBe(404);
  });

  it("answers 404 for a task of another project", async () => {
    const task = await createTask(cast.siteManager, otherProjectId);
    expect((await cast.manager.inject({ method: "POST", url: url(`/${task.id}/delete`) })).statusCode).toBe(404);
    expect((await cast.manager.inject({ method: "GET", url: url(`/${task.id}`) })).statusCode).toBe(404);
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/sorting", () => {
  async function orderOf(listId: number): Promise<string[]> {
    const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${listId}` });
    return response.json().data.incomplete_tasks.data.map((task: { title: string }) => task.title);
  }

  it("saves a new order within a list", async () => {
    const list = await createList(cast.manager, projectId, { title: "Sortable" });
    const [a, b, c] = [await createTask(cast.manager, projectId, { title: "A", board_id: list.id }), await createTask(cast.manager, projectId, { title: "B", board_id: list.id }), await createTask(cast.manager, projectId, { title: "C", board_id: list.id })];
    const response = await cast.coWorker.inject({
      method: "POST",
      url: url("/sorting"),
      payload: { list_id: list.id, orders: [{ id: c?.id, index: 0 }, { id: a?.id, index: 1 }, { id: b?.id, index: 2 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Tasks sorted successfully");
    expect(await orderOf(list.id)).toEqual(["C", "A", "B"]);
  });

  it("moves a task from another list into place, with an activity", async () => {
    const from = await createList(cast.manager, projectId, { title: "From" });
    const to = await createList(cast.manager, projectId, { title: "To" });
    const moving = await createTask(cast.manager, projectId, { title: "Mover", board_id: from.id });
    const x = await createTask(cast.manager, projectId, { title: "X", board_id: to.id });
    const y = await createTask(cast.manager, projectId, { title: "Y", board_id: to.id });
    const response = await cast.manager.inject({
      method: "POST",
      url: url("/sorting"),
      payload: { list_id: to.id, moved_task_id: moving.id, orders: [{ id: x.id, index: 0 }, { id: moving.id, index: 1 }, { id: y.id, index: 2 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(await orderOf(to.id)).toEqual(["X", "Mover", "Y"]);
    expect(await orderOf(from.id)).toEqual([]);
    const activity = await t.database.db.selectFrom("activities").select("message").where("resource_id", "=", moving.id).where("action", "=", "move_task").executeTakeFirstOrThrow();
    expect(activity.message).toBe("Mia Manager moved the task Mover");
  });

  it("refuses ids that are not in the list, and moving someone else's task without edit rights", async () => {
    const list = await createList(cast.manager, projectId);
    const other = await createList(cast.manager, projectId);
    const inside = await createTask(cast.manager, projectId, { board_id: list.id });
    const outside = await createTask(cast.manager, projectId, { board_id: other.id });
    const stranger = await cast.manager.inject({ method: "POST", url: url("/sorting"), payload: { list_id: list.id, orders: [{ id: inside.id, index: 0 }, { id: outside.id, index: 1 }] } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().data.params.orders).toBeDefined();
    const foreignList = await createList(cast.siteManager, otherProjectId);
    const wrongList = await cast.manager.inject({ method: "POST", url: url("/sorting"), payload: { list_id: foreignList.id, orders: [] } });
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().data.params.list_id).toBeDefined();
    const notMine = await cast.coWorker.inject({ method: "POST", url: url("/sorting"), payload: { list_id: list.id, moved_task_id: outside.id, orders: [] } });
    expect(notMine.statusCode).toBe(403);
    const unchanged = await cast.manager.inject({ method: "GET", url: url(`/${outside.id}`) });
    expect(unchanged.json().data.task_list_id).toBe(other.id);
  });
});
