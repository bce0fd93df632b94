import { itemEnvelope, listEnvelope, subTaskListMeta, subTaskSchema, taskSchema, type SubTask, type Task } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Sub-tasks" })).id;
});
afterAll(() => t.close());

const subTasksUrl = (parentId: number) => `/api/pm-pro/v2/tasks/${parentId}/sub-tasks`;
const listPage = listEnvelope(subTaskSchema, subTaskListMeta);

async function list(session: Session, parentId: number, query = "per_page=1000&page=1") {
  const response = await session.inject({ method: "GET", url: `${subTasksUrl(parentId)}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return listPage.parse(response.json());
}

async function add(session: Session, parentId: number, payload: Record<string, unknown>): Promise<SubTask> {
  const response = await session.inject({ method: "POST", url: subTasksUrl(parentId), payload });
  expect(response.statusCode, response.body).toBe(200);
  const body = itemEnvelope(subTaskSchema).parse(response.json());
  expect(body.message).toBe("Sub-task created successfully");
  return body.data;
}

function update(session: Session, parentId: number, subTaskId: number, payload: Record<string, unknown>) {
  return session.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${subTaskId}/update`, payload });
}

function remove(session: Session, parentId: number, subTaskId: number) {
  return session.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${subTaskId}/delete` });
}

function sort(session: Session, parentId: number, ids: readonly number[]) {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/sub-tasks/sorting", payload: { task_id: parentId, orders: ids.map((id, index) => ({ id, index })) } });
}

/** The parent as one task's answer shows it (its sub-task counts and roll-ups). */
async function parentTask(parentId: number, project = projectId): Promise<Task> {
  const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/tasks/${parentId}` });
  expect(response.statusCode, response.body).toBe(200);
  return itemEnvelope(taskSchema).parse(response.json()).data;
}

type Counted = "tasks" | "task_assignees" | "activities" | "events";
async function countRows(table: Counted): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}
const counts = () => Promise.all((["tasks", "task_assignees", "activities", "events"] as const).map(countRows));

/** The names of the events recorded about a task, oldest first. */
async function eventsAbout(taskId: number): Promise<string[]> {
  const rows = await t.database.db.selectFrom("events").select(["name", "payload"]).where("name", "like", "task.%").orderBy("id").execute();
  return rows.filter((row) => (JSON.parse(row.payload) as { id?: number }).id === taskId).map((row) => row.name);
}

/** The activity actions written about a task, oldest first. */
async function actionsAbout(taskId: number): Promise<string[]> {
  const rows = await t.database.db.selectFrom("activities").select("action")
    .where("resource_type", "=", "task").where("resource_id", "=", taskId).orderBy("id").execute();
  return rows.map((row) => row.action);
}

describe("GET /api/pm-pro/v2/tasks/:task_id/sub-tasks", () => {
  it("lists the parent's sub-tasks in their order, presented as tasks with their list", async () => {
    const board = await createList(cast.manager, projectId, { title: "Launch" });
    const parent = await createTask(cast.manager, projectId, { title: "Website", board_id: board.id, assignees: [cast.coWorker.userId] });
    const first = await add(cast.manager, parent.id, {
      title: "Wireframes", assignees: [cast.coWorker.userId], start_at: "2026-03-01", due_date: "2026-03-04", estimation: 90,
    });
    const second = await add(cast.manager, parent.id, { title: "Copy" });
    const third = await add(cast.coWorker, parent.id, { title: "Images", description: "Stock photos" });

    const page = await list(cast.manager, parent.id);
    expect(page.data.map((subTask) => subTask.title)).toEqual(["Wireframes", "Copy", "Images"]);
    expect(page.meta).toMatchObject({
      pagination: { total: 3, count: 3, per_page: 1000, current_page: 1, total_pages: 1 },
      abilities: { can_create: true, can_sort: true },
      list_archived: false,
    });
    expect(page.data[0]).toMatchObject({
      id: first.id,
      parent_id: parent.id,
      project_id: projectId,
      task_list_id: board.id,
      task_list: { data: { id: board.id, title: "Launch" } },
      status: 0,
      estimation: 90,
      start_at: { date: "2026-03-01" },
      due_date: { date: "2026-03-04" },
      creator: { data: { id: cast.manager.userId, display_name: "Mia Manager" } },
      assignees: { data: [{ id: cast.coWorker.userId, display_name: "Carl Coworker" }] },
      meta: { privacy: "0", total_comment: 0, total_files: 0 },
      sub_tasks: { total: 0, complete: 0 },
      rollup: { estimation: 90, logged: 0 },
      time: { meta: { totalTime: 0, running: false } },
      abilities: { can_edit: true, can_delete: true, can_complete: true, can_move: false, can_set_privacy: false },
    });
    expect(page.data[2]).toMatchObject({ id: third.id, description: { content: "Stock photos" }, creator: { data: { id: cast.coWorker.userId } } });
    // The co-worker (assigned to the parent) made the third one: it is theirs to edit, the others are not.
    const seenByCoWorker = await list(cast.coWorker, parent.id);
    expect(seenByCoWorker.data.map((subTask) => [subTask.id, subTask.abilities.can_edit])).toEqual([[first.id, false], [second.id, false], [third.id, true]]);
    expect(seenByCoWorker.data[0]?.abilities.can_complete).toBe(true);
  });

  it("pages with per_page and page", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Paged" });
    for (const title of ["One", "Two", "Three"]) await add(cast.manager, parent.id, { title });
    const second = await list(cast.manager, parent.id, "per_page=2&page=2");
    expect(second.data.map((subTask) => subTask.title)).toEqual(["Three"]);
    expect(second.meta.pagination).toMatchObject({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
    const tooMany = await cast.manager.inject({ method: "GET", url: `${subTasksUrl(parent.id)}?per_page=1001` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.params).toHaveProperty("per_page");
  });

  it("answers 404 for an unknown task, a sub-task as parent, and a project the caller is not in", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Parent" });
    const child = await add(cast.manager, parent.id, { title: "Child" });
    for (const [session, id] of [[cast.manager, 987_654], [cast.manager, child.id], [cast.outsider, parent.id]] as const) {
      const response = await session.inject({ method: "GET", url: subTasksUrl(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found", message: "Task not found" });
    }
  });

  it("hides a private parent from a client exactly like a missing one", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Salary review", privacy: 1 });
    await add(cast.manager, parent.id, { title: "Gather offers" });
    const hidden = await cast.client.inject({ method: "GET", url: subTasksUrl(parent.id) });
    const missing = await cast.client.inject({ method: "GET", url: subTasksUrl(987_655) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const refused = await cast.client.inject({ method: "POST", url: subTasksUrl(parent.id), payload: { title: "Peek" } });
    expect(refused.statusCode).toBe(404);
  });
});

describe("POST /api/pm-pro/v2/tasks/:task_id/sub-tasks", () => {
  it("creates a task in the parent's list and project, after the other sub-tasks, and records task.created", async () => {
    const board = await createList(cast.manager, projectId, { title: "Design" });
    const parent = await createTask(cast.manager, projectId, { title: "Logo", board_id: board.id });
    // Another task of the list comes between, so positions are not only the sub-tasks'.
    await createTask(cast.manager, projectId, { title: "Palette", board_id: board.id });
    const first = await add(cast.manager, parent.id, { title: "Sketches", assignees: [cast.coWorker.userId, cast.client.userId] });
    const second = await add(cast.manager, parent.id, { title: "Vector", estimation: 120 });
    expect(first).toMatchObject({ parent_id: parent.id, project_id: projectId, task_list_id: board.id, task_list: { data: { id: board.id, title: "Design" } }, status: 0 });
    expect(first.assignees.data.map((user) => user.id).sort()).toEqual([cast.coWorker.userId, cast.client.userId].sort());
    expect(second.order).toBeGreaterThan(first.order);
    expect(second.estimation).toBe(120);
    expect(await eventsAbout(first.id)).toEqual(["task.created"]);
    expect(await actionsAbout(first.id)).toEqual(["create_task"]);
    // Sub-tasks stay out of the list's tasks.
    const listed = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${board.id}?with=incomplete_tasks` });
    expect(listed.json().data.incomplete_tasks.data.map((task: { title: string }) => task.title)).toEqual(["Logo", "Palette"]);
  });

  it("gives a sub-task its parent's privacy, with the activity scoped like it", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Hiring", privacy: 1, assignees: [cast.coWorker.userId] });
    const child = await add(cast.coWorker, parent.id, { title: "Job ad" });
    expect(child.meta.privacy).toBe("1");
    const activity = await t.database.db.selectFrom("activities").select("privacy_scope").where("resource_type", "=", "task").where("resource_id", "=", child.id).executeTakeFirstOrThrow();
    expect(activity.privacy_scope).toBe("view_private_task");
  });

  it("refuses bad input with the field named, writing nothing", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Strict" });
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, "title", ""],
      [{ title: "   " }, "title", ""],
      [{ title: "Stranger", assignees: [cast.outsider.userId] }, "assignees", `Only members of this project can be assigned; not: ${cast.outsider.userId}.`],
      [{ title: "Backwards", start_at: "2026-05-10", due_date: "2026-05-01" }, "due_date", "The due date cannot be before the start date."],
      [{ title: "Negative", estimation: -5 }, "estimation", ""],
      [{ title: "Bad date", due_date: "2026-13-45" }, "due_date", ""],
    ];
    for (const [payload, field, message] of cases) {
      const response = await cast.manager.inject({ method: "POST", url: subTasksUrl(parent.id), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const params = response.json().data.params as Record<string, string[]>;
      expect(params, JSON.stringify(payload)).toHaveProperty(field);
      if (message) expect(params[field]?.[0]).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for an unknown parent and for a sub-task as parent", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Top" });
    const child = await add(cast.manager, parent.id, { title: "Level one" });
    const before = await counts();
    for (const id of [987_656, child.id]) {
      const response = await cast.manager.inject({ method: "POST", url: subTasksUrl(id), payload: { title: "Level two" } });
      expect(response.statusCode).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/pm-pro/v2/tasks/:task_id/sub-tasks/:sub_task_id/update", () => {
  it("changes the fields given and records task.updated with the changes", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Release" });
    const child = await add(cast.manager, parent.id, { title: "Notes", estimation: 30 });
    const response = await update(cast.manager, parent.id, child.id, { title: "Release notes", estimation: 45, assignees: [cast.coWorker.userId], due_date: "2026-04-02" });
    expect(response.statusCode, response.body).toBe(200);
    const body = itemEnvelope(subTaskSchema).parse(response.json());
    expect(body.message).toBe("Sub-task updated successfully");
    expect(body.data).toMatchObject({
      id: child.id, title: "Release notes", estimation: 45, due_date: { date: "2026-04-02" }, parent_id: parent.id,
      assignees: { data: [{ id: cast.coWorker.userId }] }, task_list: { data: { id: parent.task_list_id } },
    });
    const event = await t.database.db.selectFrom("events").select("payload").where("name", "=", "task.updated").orderBy("id", "desc").executeTakeFirstOrThrow();
    const payload = JSON.parse(event.payload) as { id: number; changes: Record<string, { from: unknown; to: unknown }> };
    expect(payload.id).toBe(child.id);
    expect(payload.changes).toMatchObject({ title: { from: "Notes", to: "Release notes" }, estimation: { from: 30, to: 45 }, due_date: { from: null, to: "2026-04-02" } });
    expect(payload.changes.assignees).toEqual({ from: [], to: [{ id: cast.coWorker.userId, name: "Carl Coworker" }] });
  });

  it("completes and reopens with the status, recording task.completed and task.reopened", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Checklist" });
    const child = await add(cast.manager, parent.id, { title: "Tick", assignees: [cast.coWorker.userId] });
    // An assignee may complete it, as a task's assignees may.
    const done = await update(cast.coWorker, parent.id, child.id, { status: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 1, completed_by: cast.coWorker.userId, completed_at: { date: expect.any(String) } });
    const reopened = await update(cast.manager, parent.id, child.id, { status: 0 });
    expect(reopened.json().data).toMatchObject({ status: 0, completed_by: null, completed_at: { date: null } });
    expect(await eventsAbout(child.id)).toEqual(["task.created", "task.completed", "task.reopened"]);
    expect(await actionsAbout(child.id)).toEqual(["create_task", "complete_task", "incomplete_task"]);
    // Completing the last open sub-task leaves the parent open.
    await update(cast.manager, parent.id, child.id, { status: 1 });
    expect((await parentTask(parent.id)).status).toBe(0);
  });

  it("refuses bad input with the field named, changing nothing", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Guarded" });
    const child = await add(cast.manager, parent.id, { title: "Stays", start_at: "2026-06-10" });
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "" }, "title"],
      [{ assignees: [cast.outsider.userId] }, "assignees"],
      [{ due_date: "2026-06-01" }, "due_date"],
      [{ status: 7 }, "status"],
    ];
    for (const [payload, field] of cases) {
      const response = await update(cast.manager, parent.id, child.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.params, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect(await counts()).toEqual(before);
    expect((await list(cast.manager, parent.id)).data[0]).toMatchObject({ title: "Stays", start_at: { date: "2026-06-10" }, due_date: { date: null }, assignees: { data: [] } });
  });

  it("answers 404 for a sub-task of another parent and for a top-level task", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Mine" });
    const other = await createTask(cast.manager, projectId, { title: "Theirs" });
    const foreign = await add(cast.manager, other.id, { title: "Foreign child" });
    for (const id of [foreign.id, other.id, 987_657]) {
      const changed = await update(cast.manager, parent.id, id, { title: "Taken" });
      expect(changed.statusCode).toBe(404);
      expect(changed.json().message).toBe("Sub-task not found");
      expect((await remove(cast.manager, parent.id, id)).statusCode).toBe(404);
    }
    expect((await list(cast.manager, other.id)).data.map((subTask) => subTask.title)).toEqual(["Foreign child"]);
  });
});

describe("POST /api/pm-pro/v2/tasks/:task_id/sub-tasks/:sub_task_id/delete", () => {
  it("deletes through the trash with an undo ticket, recording task.deleted and task.restored", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Cleanup" });
    const keep = await add(cast.manager, parent.id, { title: "Keep" });
    const drop = await add(cast.manager, parent.id, { title: "Drop", assignees: [cast.coWorker.userId] });
    const response = await remove(cast.manager, parent.id, drop.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { message: string; undo: { id: number; expires_at: string } };
    expect(body.message).toBe("Sub-task deleted successfully");
    expect(body.undo.id).toEqual(expect.any(Number));
    expect((await list(cast.manager, parent.id)).data.map((subTask) => subTask.id)).toEqual([keep.id]);
    expect(await t.database.db.selectFrom("tasks").select("id").where("id", "=", drop.id).executeTakeFirst()).toBeUndefined();

    const undone = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/undo/${body.undo.id}` });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = await list(cast.manager, parent.id);
    expect(back.data.map((subTask) => subTask.id)).toEqual([keep.id, drop.id]);
    expect(back.data[1]?.assignees.data.map((user) => user.id)).toEqual([cast.coWorker.userId]);
    expect(await eventsAbout(drop.id)).toEqual(["task.created", "task.deleted", "task.restored"]);
    expect(await actionsAbout(drop.id)).toEqual(["create_task", "delete_task", "restore_task"]);
  });
});

describe("POST /api/pm-pro/v2/sub-tasks/sorting", () => {
  it("puts one parent's sub-tasks in the given order", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Ordered" });
    const [a, b, c] = [await add(cast.manager, parent.id, { title: "A" }), await add(cast.manager, parent.id, { title: "B" }), await add(cast.manager, parent.id, { title: "C" })];
    const response = await sort(cast.manager, parent.id, [c.id, a.id, b.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: "Sub-tasks sorted successfully" });
    expect((await list(cast.manager, parent.id)).data.map((subTask) => [subTask.title, subTask.order])).toEqual([["C", 0], ["A", 1], ["B", 2]]);
    // A new one still goes last.
    await add(cast.manager, parent.id, { title: "D" });
    expect((await list(cast.manager, parent.id)).data.map((subTask) => subTask.title)).toEqual(["C", "A", "B", "D"]);
  });

  it("refuses ids outside the parent's sub-tasks with a 400 on orders, changing nothing", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Fenced" });
    const other = await createTask(cast.manager, projectId, { title: "Neighbour" });
    const own = await add(cast.manager, parent.id, { title: "Own" });
    const foreign = await add(cast.manager, other.id, { title: "Foreign" });
    const orders = async () => (await t.database.db.selectFrom("tasks").select(["id", "sort_order"]).where("id", "in", [own.id, foreign.id, other.id]).orderBy("id").execute());
    const before = await orders();
    for (const ids of [[own.id, foreign.id], [own.id, other.id], [own.id, 987_658]]) {
      const response = await sort(cast.manager, parent.id, ids);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params.orders).toEqual([`These are not sub-tasks of this task: ${ids[1]}.`]);
    }
    expect(await orders()).toEqual(before);
    expect((await sort(cast.manager, 987_659, [own.id])).statusCode).toBe(404);
  });
});

describe("an archived list", () => {
  it("refuses adding, changing and ordering sub-tasks with 422, and still lists them", async () => {
    const board = await createList(cast.manager, projectId, { title: "Old" });
    const parent = await createTask(cast.manager, projectId, { title: "Frozen", board_id: board.id });
    const child = await add(cast.manager, parent.id, { title: "Cold" });
    const archived = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${board.id}/update`, payload: { status: 0 } });
    expect(archived.statusCode, archived.body).toBe(200);

    const before = await counts();
    const message = "This task list is archived. Restore it to change its sub-tasks.";
    const attempts = [
      await cast.manager.inject({ method: "POST", url: subTasksUrl(parent.id), payload: { title: "New" } }),
      await update(cast.manager, parent.id, child.id, { title: "Warm" }),
      await update(cast.manager, parent.id, child.id, { status: 1 }),
      await sort(cast.manager, parent.id, [child.id]),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: "rule_broken", message, message_key: "sub_tasks.list_archived_restore_to_change" });
    }
    expect(await counts()).toEqual(before);
    const page = await list(cast.manager, parent.id);
    expect(page.meta.list_archived).toBe(true);
    expect(page.data).toMatchObject([{ id: child.id, title: "Cold", status: 0 }]);

    // Restored, the list takes changes again.
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${board.id}/update`, payload: { status: 1 } });
    expect((await update(cast.manager, parent.id, child.id, { title: "Warm" })).statusCode).toBe(200);
  });
});

describe("privacy follows the parent", () => {
  it("makes the sub-tasks private with their parent, hiding their history from clients, and public again", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Budget plan" });
    const child = await add(cast.manager, parent.id, { title: "Budget lines" });
    const scopeOf = async () => (await t.database.db.selectFrom("activities").select("privacy_scope").where("resource_type", "=", "task").where("resource_id", "=", child.id).executeTakeFirstOrThrow()).privacy_scope;
    expect(await scopeOf()).toBeNull();

    const made = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${parent.id}/update`, payload: { privacy: 1 } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(cast.manager, parent.id)).data[0]?.meta.privacy).toBe("1");
    expect(await scopeOf()).toBe("view_private_task");
    const bySubTaskId = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${child.id}` });
    expect(bySubTaskId.statusCode).toBe(404);

    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${parent.id}/update`, payload: { privacy: 0 } });
    expect((await list(cast.client, parent.id)).data[0]?.meta.privacy).toBe("0");
    expect(await scopeOf()).toBeNull();
  });

  it("refuses a sub-task a privacy of its own through the task update", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Open parent" });
    const child = await add(cast.manager, parent.id, { title: "Open child" });
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${child.id}/update`, payload: { privacy: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ privacy: ["A sub-task's privacy is its parent task's: change the parent's privacy instead."] });
    // Sending the privacy it already has changes nothing and is fine.
    expect((await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${child.id}/update`, payload: { privacy: 0, title: "Still open" } })).statusCode).toBe(200);
  });
});

describe("sub-tasks added through the task creation call", () => {
  const createWithParent = (session: Session, payload: Record<string, unknown>) =>
    session.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload });

  it("refuses a privacy other than the parent's, writing nothing", async () => {
    const board = await createList(cast.manager, projectId, { title: "Created with a parent" });
    const hidden = await createTask(cast.manager, projectId, { title: "Private parent", privacy: true, board_id: board.id });
    const open = await createTask(cast.manager, projectId, { title: "Public parent", board_id: board.id });
    const before = await counts();
    for (const [parent, privacy] of [[hidden.id, false], [open.id, true]] as const) {
      const response = await createWithParent(cast.manager, { title: "Step", parent_id: parent, privacy });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().data.params as Record<string, string[]>)).toEqual(["privacy"]);
    }
    expect(await counts()).toEqual(before);
    // A public step of the private parent would have shown its title to the client.
    expect((await list(cast.manager, hidden.id)).data).toEqual([]);
    const same = await createWithParent(cast.manager, { title: "Private step", parent_id: hidden.id, privacy: true });
    expect(same.statusCode, same.body).toBe(200);
    expect((await parentTask(hidden.id)).sub_tasks).toEqual({ total: 1, complete: 0 });
  });

  it("keeps the rule of who may add sub-tasks: not a co-worker who neither made nor is assigned to the parent", async () => {
    const board = await createList(cast.manager, projectId, { title: "Not theirs" });
    const parent = await createTask(cast.manager, projectId, { title: "Someone else's", board_id: board.id });
    const before = await counts();
    const response = await createWithParent(cast.coWorker, { title: "Sneaked in", parent_id: parent.id });
    expect(response.statusCode, response.body).toBe(403);
    expect(await counts()).toEqual(before);
    // Through the sub-tasks call the answer is the same.
    expect((await cast.coWorker.inject({ method: "POST", url: subTasksUrl(parent.id), payload: { title: "Sneaked in" } })).statusCode).toBe(403);
  });
});

describe("the parent's roll-ups", () => {
  it("counts sub-tasks and sums estimation after create, update, complete and delete", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Rolled", estimation: 60 });
    expect(await parentTask(parent.id)).toMatchObject({ sub_tasks: { total: 0, complete: 0 }, rollup: { estimation: 60, logged: 0 } });

    const a = await add(cast.manager, parent.id, { title: "Part A", estimation: 30 });
    const b = await add(cast.manager, parent.id, { title: "Part B", estimation: 15 });
    expect(await parentTask(parent.id)).toMatchObject({ sub_tasks: { total: 2, complete: 0 }, rollup: { estimation: 105 } });

    await update(cast.manager, parent.id, a.id, { estimation: 50 });
    expect((await parentTask(parent.id)).rollup.estimation).toBe(125);

    await update(cast.manager, parent.id, b.id, { status: 1 });
    expect((await parentTask(parent.id)).sub_tasks).toEqual({ total: 2, complete: 1 });

    await remove(cast.manager, parent.id, b.id);
    expect(await parentTask(parent.id)).toMatchObject({ sub_tasks: { total: 1, complete: 0 }, rollup: { estimation: 110 } });
    // The same counts on the task lists page.
    const listed = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${parent.task_list_id}?with=incomplete_tasks` });
    const row = (listed.json().data.incomplete_tasks.data as Task[]).find((task) => task.id === parent.id);
    expect(row).toMatchObject({ sub_tasks: { total: 1, complete: 0 }, rollup: { estimation: 110 } });
  });

  it("keeps the roll-ups when the parent moves to another list, its sub-tasks moving with it", async () => {
    const from = await createList(cast.manager, projectId, { title: "From" });
    const to = await createList(cast.manager, projectId, { title: "To" });
    const parent = await createTask(cast.manager, projectId, { title: "Mover", board_id: from.id, estimation: 10 });
    await add(cast.manager, parent.id, { title: "Passenger one", estimation: 5 });
    const second = await add(cast.manager, parent.id, { title: "Passenger two", estimation: 5 });
    await update(cast.manager, parent.id, second.id, { status: 1 });
    const moved = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${parent.id}/update`, payload: { board_id: to.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await parentTask(parent.id)).toMatchObject({ task_list_id: to.id, sub_tasks: { total: 2, complete: 1 }, rollup: { estimation: 20 } });
    const page = await list(cast.manager, parent.id);
    expect(page.data.map((subTask) => [subTask.task_list_id, subTask.task_list.data.title])).toEqual([[to.id, "To"], [to.id, "To"]]);
  });

  it("adds the sub-tasks' logged time to the parent's", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Timed" });
    const child = await add(cast.manager, parent.id, { title: "Timed part" });
    const at = "2026-03-02 09:00:00";
    const log = (taskId: number, seconds: number, runStatus: number) => ({
      task_id: taskId, project_id: projectId, user_id: cast.manager.userId, started_at: at, stopped_at: runStatus === 0 ? at : null,
      total_seconds: seconds, run_status: runStatus, day: "2026-03-02", note: "", source: "custom", stopped_by_cap: 0, cap_seen_at: null,
      created_at: at, updated_at: at,
    });
    // A running timer (on the sub-task) counts for nothing until it stops.
    await t.database.db.insertInto("time_logs").values([log(parent.id, 600, 0), log(child.id, 1800, 0), log(child.id, 0, 1)]).execute();
    const shown = await parentTask(parent.id);
    expect(shown.rollup.logged).toBe(2400);
    expect(shown.time.meta.totalTime).toBe(600);
    expect((await list(cast.manager, parent.id)).data[0]?.time.meta.totalTime).toBe(1800);
  });
});

describe("POST pm/v2/projects/:p/tasks/:id/change-status with complete_sub_tasks", () => {
  it("completes the open sub-tasks with the parent, in one call, an event each", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Wrap up", assignees: [cast.coWorker.userId] });
    const open = await add(cast.manager, parent.id, { title: "Open step" });
    const done = await add(cast.manager, parent.id, { title: "Done step" });
    await update(cast.manager, parent.id, done.id, { status: 1 });
    const response = await cast.coWorker.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${parent.id}/change-status`, payload: { status: 1, complete_sub_tasks: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 1, sub_tasks: { total: 2, complete: 2 } });
    expect((await list(cast.manager, parent.id)).data.map((subTask) => [subTask.title, subTask.status, subTask.completed_by])).toEqual([
      ["Open step", 1, cast.coWorker.userId], ["Done step", 1, cast.manager.userId],
    ]);
    expect(await eventsAbout(open.id)).toEqual(["task.created", "task.completed"]);
    // The one already complete is left as it was.
    expect(await eventsAbout(done.id)).toEqual(["task.created", "task.completed"]);
  });

  it("leaves the sub-tasks open without it", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Partly" });
    await add(cast.manager, parent.id, { title: "Still open" });
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${parent.id}/change-status`, payload: { status: 1 } });
    expect(response.json().data).toMatchObject({ status: 1, sub_tasks: { total: 1, complete: 0 } });
  });
});

describe("the sub_tasks module switch", () => {
  it("answers 404 module_inactive on every call while the module is off", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Switched" });
    const child = await add(cast.manager, parent.id, { title: "Switched child" });
    await t.app.services.moduleStates.setActive("sub_tasks", false);
    try {
      const calls = [
        cast.manager.inject({ method: "GET", url: subTasksUrl(parent.id) }),
        cast.manager.inject({ method: "POST", url: subTasksUrl(parent.id), payload: { title: "Off" } }),
        update(cast.manager, parent.id, child.id, { title: "Off" }),
        remove(cast.manager, parent.id, child.id),
        sort(cast.manager, parent.id, [child.id]),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
    } finally {
      await t.app.services.moduleStates.setActive("sub_tasks", true);
    }
    expect((await list(cast.manager, parent.id)).data.map((subTask) => subTask.title)).toEqual(["Switched child"]);
  });
});
