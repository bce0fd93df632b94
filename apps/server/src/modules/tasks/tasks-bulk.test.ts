import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, type Created } from "./tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Bulk" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
});
afterAll(() => t.close());

function bulk(session: Session, payload: Record<string, unknown>, project = projectId) {
  return session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks/bulk`, payload });
}

async function makeTasks(count: number, payload: Record<string, unknown> = {}, session: Session = cast.manager): Promise<Created[]> {
  const made: Created[] = [];
  for (let index = 0; index < count; index += 1) made.push(await createTask(session, projectId, { title: `Bulk ${index + 1}`, ...payload }));
  return made;
}

const idsOf = (tasks: readonly Created[]) => tasks.map((task) => task.id);

/** The stored rows of the tasks, by id: what a bulk call really left behind. */
async function stored(ids: readonly number[]) {
  const rows = await t.database.db.selectFrom("tasks").select(["id", "status", "task_list_id", "due_date", "priority", "completed_by"]).where("id", "in", [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function activities(ids: readonly number[], action: string) {
  return t.database.db.selectFrom("activities").selectAll().where("resource_type", "=", "task").where("resource_id", "in", [...ids]).where("action", "=", action).execute();
}

async function countRows(table: "activities" | "events"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/pm/v2/projects/:project/tasks/bulk: complete and reopen", () => {
  it("completes every task in one call, answers them as a single read shows them, with one activity each", async () => {
    const tasks = await makeTasks(3);
    const response = await bulk(cast.manager, { action: "complete", task_ids: idsOf(tasks) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Tasks updated successfully");
    expect(body.meta).toEqual({ changed_ids: idsOf(tasks), deleted_ids: [] });
    expect(body.data.map((task: { id: number; status: number }) => [task.id, task.status])).toEqual(tasks.map((task) => [task.id, 1]));
    const single = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${tasks[1]?.id}` });
    expect(body.data[1]).toEqual(single.json().data);
    for (const row of (await stored(idsOf(tasks))).values()) expect(row).toMatchObject({ status: 1, completed_by: cast.manager.userId });
    const entries = await activities(idsOf(tasks), "complete_task");
    expect(entries.map((entry) => entry.resource_id).sort()).toEqual(idsOf(tasks).sort());
    expect(entries[0]).toMatchObject({ actor_id: cast.manager.userId, project_id: projectId, privacy_scope: null });
  });

  it("leaves a task already in the asked status untouched: no event, no activity", async () => {
    const [done, open] = await makeTasks(2);
    if (!done || !open) throw new Error("tasks were not made");
    await bulk(cast.manager, { action: "complete", task_ids: [done.id] });
    const eventsBefore = await countRows("events");
    const response = await bulk(cast.manager, { action: "complete", task_ids: [done.id, open.id] });
    expect(response.json().meta.changed_ids).toEqual([open.id]);
    expect(await countRows("events")).toBe(eventsBefore + 1);
    expect(await activities([done.id], "complete_task")).toHaveLength(1);
  });

  it("reopens, clearing who completed them, with an activity each", async () => {
    const tasks = await makeTasks(2);
    await bulk(cast.manager, { action: "complete", task_ids: idsOf(tasks) });
    const response = await bulk(cast.manager, { action: "reopen", task_ids: idsOf(tasks) });
    expect(response.statusCode, response.body).toBe(200);
    for (const row of (await stored(idsOf(tasks))).values()) expect(row).toMatchObject({ status: 0, completed_by: null });
    expect(await activities(idsOf(tasks), "incomplete_task")).toHaveLength(2);
  });

  it("lets assignees complete their tasks, as the single call does, and writes in a fixed number of task updates", async () => {
    const tasks = await makeTasks(30, { assignees: [cast.client.userId] });
    t.queries.length = 0;
    const response = await bulk(cast.client, { action: "complete", task_ids: idsOf(tasks) });
    expect(response.statusCode, response.body).toBe(200);
    const taskUpdates = t.queries.filter((statement) => /^update "tasks"/i.test(statement));
    expect(taskUpdates).toHaveLength(1);
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/bulk: all or nothing", () => {
  it("refuses a missing id with a 400 naming it, and changes none of the others", async () => {
    const tasks = await makeTasks(3);
    const activitiesBefore = await countRows("activities");
    const response = await bulk(cast.manager, { action: "complete", task_ids: [...idsOf(tasks), 9_999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ task_ids: ["These tasks are not in the project: 9999999."] });
    for (const row of (await stored(idsOf(tasks))).values()) expect(row.status).toBe(0);
    expect(await countRows("activities")).toBe(activitiesBefore);
  });

  it("refuses a task of another project like a missing one", async () => {
    const [mine] = await makeTasks(1);
    const foreign = await createTask(cast.manager, otherProjectId, { title: "Foreign" });
    const response = await bulk(cast.manager, { action: "delete", task_ids: [mine?.id, foreign.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.task_ids).toEqual([`These tasks are not in the project: ${foreign.id}.`]);
    expect((await stored([mine?.id ?? 0, foreign.id])).size).toBe(2);
  });

  it("refuses a client's private task exactly as a missing one, even one assigned to them", async () => {
    const secret = await createTask(cast.manager, projectId, { title: "Secret", privacy: 1, assignees: [cast.client.userId] });
    const [open] = await makeTasks(1, { assignees: [cast.client.userId] });
    const hidden = await bulk(cast.client, { action: "complete", task_ids: [open?.id, secret.id] });
    const missing = await bulk(cast.client, { action: "complete", task_ids: [open?.id, 8_888_888] });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().data.params.task_ids).toEqual([`These tasks are not in the project: ${secret.id}.`]);
    expect(JSON.stringify(hidden.json()).replaceAll(String(secret.id), "?")).toBe(JSON.stringify(missing.json()).replaceAll("8888888", "?"));
    expect((await stored([open?.id ?? 0, secret.id])).get(secret.id)?.status).toBe(0);
    expect((await stored([open?.id ?? 0])).get(open?.id ?? 0)?.status).toBe(0);
    // A co-worker holds view_private_task: the task is there for them, only not theirs to change.
    expect((await bulk(cast.coWorker, { action: "priority", task_ids: [secret.id], priority: 2 })).statusCode).toBe(403);
  });

  it("refuses with 403 naming the tasks the caller may not change, deleting none", async () => {
    const [own] = await makeTasks(1, {}, cast.coWorker);
    const others = await makeTasks(2);
    const ids = [own?.id ?? 0, ...idsOf(others)];
    const response = await bulk(cast.coWorker, { action: "delete", task_ids: ids });
    expect(response.statusCode).toBe(403);
    const message = `Only managers and each task's creator can delete these tasks: ${idsOf(others).join(", ")}.`;
    expect(response.json()).toMatchObject({ code: "forbidden", message, data: { params: { task_ids: [message] } } });
    expect((await stored(ids)).size).toBe(3);
    expect((await bulk(cast.coWorker, { action: "delete", task_ids: [own?.id] })).statusCode).toBe(200);
  });

  it("names the field of bad input", async () => {
    const [task] = await makeTasks(1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: "archive", task_ids: [task?.id] }, "action"],
      [{ action: "complete", task_ids: [] }, "task_ids"],
      [{ action: "complete", task_ids: [task?.id, task?.id] }, "task_ids"],
      [{ action: "complete", task_ids: Array.from({ length: 501 }, (_, index) => index + 1) }, "task_ids"],
      [{ action: "complete", task_ids: ["x"] }, "task_ids.0"],
      [{ action: "move", task_ids: [task?.id] }, "task_list_id"],
      [{ action: "priority", task_ids: [task?.id], priority: 5 }, "priority"],
      [{ action: "due_date", task_ids: [task?.id], due_date: "tomorrow" }, "due_date"],
      [{ action: "due_date", task_ids: [task?.id] }, "due_date"],
      [{ action: "assign", task_ids: [task?.id], assignees: [cast.coWorker.userId], mode: "merge" }, "mode"],
    ];
    for (const [payload, field] of cases) {
      const response = await bulk(cast.manager, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params), JSON.stringify(payload)).toContain(field);
    }
  });

  it("answers 403 to a non-member and 404 for an unknown project", async () => {
    const [task] = await makeTasks(1);
    expect((await bulk(cast.outsider, { action: "complete", task_ids: [task?.id] })).statusCode).toBe(403);
    expect((await bulk(cast.manager, { action: "complete", task_ids: [task?.id] }, 999_999)).statusCode).toBe(404);
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/bulk: the other actions", () => {
  it("moves tasks to the end of a list in the order named, each with a move activity", async () => {
    const target = await createList(cast.manager, projectId, { title: "Target" });
    const [existing] = await makeTasks(1, { board_id: target.id });
    const tasks = await makeTasks(3);
    const order = [tasks[2], tasks[0], tasks[1]].map((task) => task?.id ?? 0);
    const response = await bulk(cast.manager, { action: "move", task_ids: order, task_list_id: target.id });
    expect(response.statusCode, response.body).toBe(200);
    const listed = await t.database.db.selectFrom("tasks").select("id").where("task_list_id", "=", target.id).orderBy("sort_order").execute();
    expect(listed.map((row) => row.id)).toEqual([existing?.id, ...order]);
    const moves = await activities(order, "move_task");
    expect(moves).toHaveLength(3);
    expect(JSON.parse(moves[0]?.meta ?? "{}")).toMatchObject({ task_list_id: target.id });
  });

  it("refuses a list the caller cannot use, an archived list and sub-tasks, moving nothing", async () => {
    const [task] = await makeTasks(1);
    const hiddenList = await createList(cast.manager, projectId, { title: "Hidden", privacy: 1 });
    const ownTask = await createTask(cast.client, projectId, { title: "Client's" });
    const hidden = await bulk(cast.client, { action: "move", task_ids: [ownTask.id], task_list_id: hiddenList.id });
    expect(hidden.statusCode).toBe(400);
    expect(Object.keys(hidden.json().data.params)).toEqual(["task_list_id"]);
    const archived = await createList(cast.manager, projectId, { title: "Old" });
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${archived.id}/update`, payload: { status: 0 } });
    expect((await bulk(cast.manager, { action: "move", task_ids: [task?.id], task_list_id: archived.id })).statusCode).toBe(422);
    const child = await createTask(cast.manager, projectId, { title: "Child", parent_id: task?.id });
    const open = await createList(cast.manager, projectId);
    const subTask = await bulk(cast.manager, { action: "move", task_ids: [task?.id, child.id], task_list_id: open.id });
    expect(subTask.statusCode).toBe(400);
    expect(subTask.json().data.params.task_ids).toEqual([`Sub-tasks move with their parent task: ${child.id}.`]);
    expect((await stored([task?.id ?? 0])).get(task?.id ?? 0)?.task_list_id).not.toBe(open.id);
  });

  it("adds assignees by default, keeping those already there, and replaces them with mode replace", async () => {
    const [first, second] = await makeTasks(2, { assignees: [cast.client.userId] });
    const ids = [first?.id ?? 0, second?.id ?? 0];
    const added = await bulk(cast.manager, { action: "assign", task_ids: ids, assignees: [cast.coWorker.userId] });
    expect(added.statusCode, added.body).toBe(200);
    const assigneesOf = (task: { assignees: { data: Array<{ id: number }> } }) => task.assignees.data.map((user) => user.id).sort();
    for (const task of added.json().data) expect(assigneesOf(task)).toEqual([cast.coWorker.userId, cast.client.userId].sort());
    const updates = await activities(ids, "update_task");
    expect(updates).toHaveLength(2);
    expect(JSON.parse(updates[0]?.changes ?? "[]")[0]).toMatchObject({ field: "assignees" });
    // Adding someone every task already has changes nothing.
    expect((await bulk(cast.manager, { action: "assign", task_ids: ids, assignees: [cast.client.userId] })).json().meta.changed_ids).toEqual([]);
    const replaced = await bulk(cast.manager, { action: "assign", task_ids: ids, assignees: [cast.manager.userId], mode: "replace" });
    for (const task of replaced.json().data) expect(assigneesOf(task)).toEqual([cast.manager.userId]);
    const cleared = await bulk(cast.manager, { action: "assign", task_ids: ids, assignees: [], mode: "replace" });
    for (const task of cleared.json().data) expect(assigneesOf(task)).toEqual([]);
    const stranger = await bulk(cast.manager, { action: "assign", task_ids: ids, assignees: [cast.outsider.userId] });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().data.params)).toEqual(["assignees"]);
    expect((await bulk(cast.coWorker, { action: "assign", task_ids: ids, assignees: [cast.coWorker.userId] })).statusCode).toBe(403);
  });

  it("sets and clears the due date, refusing one before a task's start", async () => {
    const tasks = await makeTasks(2);
    const [late] = await makeTasks(1, { start_at: "2026-06-10" });
    const set = await bulk(cast.manager, { action: "due_date", task_ids: idsOf(tasks), due_date: "2026-06-01" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.map((task: { due_date: { date: string } }) => task.due_date.date)).toEqual(["2026-06-01", "2026-06-01"]);
    const updates = await activities(idsOf(tasks), "update_task");
    expect(JSON.parse(updates[0]?.changes ?? "[]")).toEqual([{ field: "due_date", from: null, to: "2026-06-01" }]);
    const early = await bulk(cast.manager, { action: "due_date", task_ids: [...idsOf(tasks), late?.id], due_date: "2026-06-05" });
    expect(early.statusCode).toBe(400);
    expect(early.json().data.params.due_date).toEqual([`The due date cannot be before the start date of these tasks: ${late?.id}.`]);
    expect([...(await stored(idsOf(tasks))).values()].map((row) => row.due_date)).toEqual(["2026-06-01", "2026-06-01"]);
    const cleared = await bulk(cast.manager, { action: "due_date", task_ids: idsOf(tasks), due_date: null });
    expect(cleared.json().data.map((task: { due_date: { date: string | null } }) => task.due_date.date)).toEqual([null, null]);
  });

  it("sets the priority, with an update activity naming it", async () => {
    const tasks = await makeTasks(2);
    const response = await bulk(cast.manager, { action: "priority", task_ids: idsOf(tasks), priority: 4 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((task: { priority: number }) => task.priority)).toEqual([4, 4]);
    const updates = await activities(idsOf(tasks), "update_task");
    expect(updates.map((entry) => JSON.parse(entry.changes ?? "[]"))).toEqual([
      [{ field: "priority", from: 0, to: 4 }],
      [{ field: "priority", from: 0, to: 4 }],
    ]);
    expect((await bulk(cast.client, { action: "priority", task_ids: idsOf(tasks), priority: 1 })).statusCode).toBe(403);
  });

  it("deletes tasks with their sub-tasks and comments, one activity each", async () => {
    const tasks = await makeTasks(2);
    const child = await createTask(cast.manager, projectId, { title: "Child", parent_id: tasks[0]?.id });
    await t.database.db.insertInto("comments").values({
      project_id: projectId, commentable_type: "task", commentable_id: tasks[1]?.id ?? 0, content: "Hi", created_by: cast.manager.userId,
      created_at: "2026-01-01 00:00:00", updated_at: "2026-01-01 00:00:00",
    }).execute();
    const response = await bulk(cast.manager, { action: "delete", task_ids: idsOf(tasks) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [], meta: { changed_ids: idsOf(tasks), deleted_ids: idsOf(tasks) }, message: "Tasks deleted successfully",
      undo: { id: expect.any(Number), expires_at: expect.any(String) },
    });
    expect((await stored([...idsOf(tasks), child.id])).size).toBe(0);
    const comments = await t.database.db.selectFrom("comments").select("id").where("commentable_type", "=", "task").where("commentable_id", "in", idsOf(tasks)).execute();
    expect(comments).toEqual([]);
    expect(await activities(idsOf(tasks), "delete_task")).toHaveLength(2);
  });
});
