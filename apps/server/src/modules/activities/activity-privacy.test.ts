import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { backfillActivitySubjects, commentTargetOf } from "../../db/migrations/0004-activity-subjects.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

/**
 * An activity entry follows the privacy of the record it is about: when a task, list, milestone or
 * discussion turns private (or a task moves into a private list), its earlier history, and the entries
 * of comments on it, leave the feeds of readers who may not see it.
 */
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

async function post(session: Session, url: string, payload: Record<string, unknown>): Promise<{ id: number }> {
  const response = await session.inject({ method: "POST", url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function feed(session: Session, projectId: number): Promise<string[]> {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/activities?per_page=100` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((entry: { message: string }) => entry.message);
}

function comment(projectId: number, type: string, id: number): Promise<{ id: number }> {
  return post(cast.manager, `/api/pm/v2/projects/${projectId}/comments`, { content: "<p>Noted</p>", commentable_type: type, commentable_id: id });
}

describe("earlier activity of a record that turns private", () => {
  it("hides a task's history and its comments once the task is private, and shows them again when it is public", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const task = await createTask(cast.manager, projectId, { title: "Budget" });
    await comment(projectId, "task", task.id);
    const before = await feed(cast.client, projectId);
    expect(before).toEqual(expect.arrayContaining(["Mia Manager created the task Budget", "Mia Manager added a comment on the task Budget"]));

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, { privacy: 1 });
    expect((await feed(cast.client, projectId)).filter((message) => message.includes("Budget"))).toEqual([]);
    expect(await feed(cast.coWorker, projectId)).toEqual(expect.arrayContaining(["Mia Manager created the task Budget", "Mia Manager added a comment on the task Budget"]));

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, { privacy: 0 });
    expect(await feed(cast.client, projectId)).toEqual(expect.arrayContaining(before));
  });

  it("hides a task's history, its sub-tasks' and their comments when it moves into a private list (update with board_id)", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const secret = await createList(cast.manager, projectId, { title: "Secret", privacy: 1 });
    const task = await createTask(cast.manager, projectId, { title: "Offer" });
    const subTask = await createTask(cast.manager, projectId, { title: "Offer letter", parent_id: task.id });
    await comment(projectId, "task", task.id);
    await comment(projectId, "task", subTask.id);
    expect((await feed(cast.client, projectId)).filter((message) => message.includes("Offer"))).toHaveLength(4);

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, { board_id: secret.id });
    expect((await feed(cast.client, projectId)).filter((message) => message.includes("Offer"))).toEqual([]);
    const scopes = await t.database.db.selectFrom("activities").select("privacy_scope").distinct()
      .where("project_id", "=", projectId).where("subject_type", "=", "task").where("subject_id", "in", [task.id, subTask.id]).execute();
    expect(scopes).toEqual([{ privacy_scope: "view_private_list" }]);
  });

  it("hides a task's history when it is dragged into a private list (tasks/sorting with moved_task_id)", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const secret = await createList(cast.manager, projectId, { title: "Secret", privacy: 1 });
    const task = await createTask(cast.manager, projectId, { title: "Dragged", privacy: 1 });
    await comment(projectId, "task", task.id);
    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/sorting`, { list_id: secret.id, orders: [{ id: task.id, index: 0 }], moved_task_id: task.id });
    const rows = await t.database.db.selectFrom("activities").select(["action", "privacy_scope"])
      .where("project_id", "=", projectId).where("subject_type", "=", "task").where("subject_id", "=", task.id).orderBy("id").execute();
    expect(rows).toEqual([
      { action: "create_task", privacy_scope: "list+task" },
      { action: "create_comment", privacy_scope: "list+task" },
      { action: "move_task", privacy_scope: "list+task" },
    ]);
  });

  it("hides a list's history, its tasks' and the comments on both once the list is private", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const list = await createList(cast.manager, projectId, { title: "Hiring" });
    const open = await createTask(cast.manager, projectId, { title: "Interview", board_id: list.id });
    const secret = await createTask(cast.manager, projectId, { title: "Salary", board_id: list.id, privacy: 1 });
    await comment(projectId, "task_list", list.id);
    await comment(projectId, "task", open.id);
    expect((await feed(cast.client, projectId)).filter((message) => /Hiring|Interview/.test(message))).toHaveLength(4);

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, { privacy: 1 });
    expect((await feed(cast.client, projectId)).filter((message) => /Hiring|Interview|Salary/.test(message))).toEqual([]);
    const scopeOf = async (type: string, id: number) =>
      (await t.database.db.selectFrom("activities").select("privacy_scope").distinct().where("subject_type", "=", type).where("subject_id", "=", id).execute()).map((row) => row.privacy_scope);
    expect(await scopeOf("task_list", list.id)).toEqual(["view_private_list"]);
    expect(await scopeOf("task", open.id)).toEqual(["view_private_list"]);
    expect(await scopeOf("task", secret.id)).toEqual(["list+task"]);

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, { privacy: 0 });
    expect(await scopeOf("task", open.id)).toEqual([null]);
    expect(await scopeOf("task", secret.id)).toEqual(["view_private_task"]);
  });

  it("hides a milestone's and a discussion's history and comments once they are private", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const milestone = await post(cast.manager, `/api/pm/v2/projects/${projectId}/milestones`, { title: "Launch", achieve_date: "2026-06-01" });
    const discussion = await post(cast.manager, `/api/pm/v2/projects/${projectId}/discussion-boards`, { title: "Pricing" });
    await comment(projectId, "milestone", milestone.id);
    await comment(projectId, "discussion_board", discussion.id);
    expect((await feed(cast.client, projectId)).filter((message) => /Launch|Pricing/.test(message))).toHaveLength(4);

    await post(cast.manager, `/api/pm/v2/projects/${projectId}/milestones/${milestone.id}/update`, { privacy: 1 });
    await post(cast.manager, `/api/pm/v2/projects/${projectId}/discussion-boards/${discussion.id}/update`, { privacy: 1 });
    expect((await feed(cast.client, projectId)).filter((message) => /Launch|Pricing/.test(message))).toEqual([]);
    expect((await feed(cast.coWorker, projectId)).filter((message) => /Launch|Pricing/.test(message))).toHaveLength(6);
  });
});

describe("migration 0004-activity-subjects", () => {
  it("fills the subject of older entries: the resource, or a comment's target from meta when it holds one", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const entry = (resource: string, resourceId: number, meta: string) => ({
      project_id: projectId, actor_id: cast.manager.userId, action: `create_${resource}`, action_type: "create", resource_type: resource,
      resource_id: resourceId, privacy_scope: null, message: "old", meta, committed_at: "2020-01-01 00:00:00",
    });
    const inserted = await t.database.db.insertInto("activities").values([
      entry("task", 41, "{}"),
      entry("comment", 7, JSON.stringify({ commentable_type: "milestone", commentable_id: 12 })),
      entry("comment", 8, "{broken"),
      entry("comment", 9, JSON.stringify({ commentable_type: "task" })),
    ]).returning("id").execute();
    await backfillActivitySubjects(t.database.db);
    const rows = await t.database.db.selectFrom("activities").select(["subject_type", "subject_id"])
      .where("id", "in", inserted.map((row) => row.id)).orderBy("id").execute();
    expect(rows).toEqual([
      { subject_type: "task", subject_id: 41 },
      { subject_type: "milestone", subject_id: 12 },
      { subject_type: null, subject_id: null },
      { subject_type: null, subject_id: null },
    ]);
  });

  it("reads a comment's target only from a well-formed meta", () => {
    expect(commentTargetOf('{"commentable_type":"task","commentable_id":3}')).toEqual({ type: "task", id: 3 });
    expect(commentTargetOf('{"commentable_type":"task","commentable_id":"3"}')).toEqual({ type: "task", id: 3 });
    expect(commentTargetOf('{"commentable_type":"planet","commentable_id":3}')).toBeNull();
    expect(commentTargetOf("[]")).toBeNull();
  });

  it("creates the subject index and keeps one-record history indexed", async () => {
    const names = t.database.kind === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'activities'`.execute(t.database.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'activities'`.execute(t.database.db);
    expect(names.rows.map((row) => row.name)).toEqual(expect.arrayContaining(["activities_subject_idx", "activities_resource_idx"]));
  });
});
