import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { recordActivity, type ActivityChange } from "./activity-recorder.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

/** The feed's sentences of one record's history (a task's by default), oldest first, as a member reads them. */
async function history(session: Cast["client"], projectId: number, id: number, type = "task"): Promise<string[]> {
  const response = await session.inject({
    method: "GET", url: `/api/pm/v2/projects/${projectId}/activities?resource_type=${type}&resource_id=${id}&orderby=created_at%20ASC`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((entry: { message: string }) => entry.message);
}

/** Mia's update of a task, written as the activities subscriber writes it for a `task.updated` event. */
function taskUpdate(projectId: number, taskId: number, title: string, changes: ActivityChange[], extra: { type?: "update" | "move"; eventId?: string } = {}) {
  return recordActivity(t.database.db, { id: cast.manager.userId, displayName: "Mia Manager" }, {
    projectId, type: extra.type ?? "update", resource: "task", resourceId: taskId, title, changes, ...(extra.eventId && { eventId: extra.eventId }),
  });
}

describe("GET /api/pm/v2/projects/:project/activities: structured entries", () => {
  it("says what an update changed: due date, assignees, title, list and privacy", async () => {
    const { id: projectId } = await createProjectWithCast(cast, { title: "Structured" });
    const ben = { id: cast.coWorker.userId, name: "Carl Coworker" };
    await taskUpdate(projectId, 11, "Wireframes", [{ field: "due_date", from: "2026-11-20", to: "2026-11-25" }]);
    await taskUpdate(projectId, 11, "Wireframes", [{ field: "due_date", from: "2026-11-25", to: null }]);
    await taskUpdate(projectId, 11, "Wireframes", [{ field: "assignees", from: [], to: [ben] }]);
    await taskUpdate(projectId, 11, "Landing page", [{ field: "title", from: "Wireframes", to: "Landing page" }]);
    await taskUpdate(projectId, 11, "Landing page", [{ field: "task_list", from: { id: 1, title: "Inbox" }, to: { id: 2, title: "Design" } }], { type: "move" });
    await taskUpdate(projectId, 11, "Landing page", [{ field: "privacy", from: 0, to: 1 }]);
    await taskUpdate(projectId, 11, "Landing page", []);
    expect(await history(cast.manager, projectId, 11)).toEqual([
      "Mia Manager changed the due date of Wireframes from 11/20 to 11/25",
      "Mia Manager changed the due date of Wireframes from 11/25 to no due date",
      "Mia Manager assigned Wireframes to Carl Coworker",
      "Mia Manager renamed the task Wireframes to Landing page",
      "Mia Manager moved Landing page to the list Design",
      "Mia Manager made the task Landing page private",
      "Mia Manager updated the task Landing page",
    ]);
  });

  it("stores the structure, and the English summary for readers of the table", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    await taskUpdate(projectId, 12, "Wireframes", [{ field: "due_date", from: "2026-11-20", to: "2026-11-25" }]);
    const row = await t.database.db.selectFrom("activities").select(["title", "changes", "message", "action"]).where("project_id", "=", projectId)
      .where("resource_id", "=", 12).executeTakeFirstOrThrow();
    expect(row).toEqual({
      title: "Wireframes",
      changes: JSON.stringify([{ field: "due_date", from: "2026-11-20", to: "2026-11-25" }]),
      message: "Mia Manager updated the task Wireframes",
      action: "update_task",
    });
  });

  it("names the list a task moved to only to readers who may see private lists", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    await taskUpdate(projectId, 13, "Wireframes", [{ field: "task_list", from: { id: 1, title: "Secret plans" }, to: { id: 2, title: "Design" } }], { type: "move" });
    expect(await history(cast.coWorker, projectId, 13)).toEqual(["Mia Manager moved Wireframes to the list Design"]);
    expect(await history(cast.client, projectId, 13)).toEqual(["Mia Manager moved the task Wireframes"]);
  });

  it("renders with the actor's name as it is now", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    await taskUpdate(projectId, 14, "Wireframes", [{ field: "privacy", from: 1, to: 0 }]);
    const row = await t.database.db.selectFrom("users").select("display_name").where("id", "=", cast.manager.userId).executeTakeFirstOrThrow();
    await t.database.db.updateTable("users").set({ display_name: "Mia Moreau" }).where("id", "=", cast.manager.userId).execute();
    try {
      expect(await history(cast.coWorker, projectId, 14)).toEqual(["Mia Moreau made the task Wireframes public"]);
    } finally {
      await t.database.db.updateTable("users").set({ display_name: row.display_name }).where("id", "=", cast.manager.userId).execute();
    }
  });

  it("shows entries written before structured rows with their stored text", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    await t.database.db.insertInto("activities").values({
      project_id: projectId, actor_id: cast.manager.userId, action: "update_task", action_type: "update", resource_type: "task", resource_id: 15,
      subject_type: "task", subject_id: 15, privacy_scope: null, message: "Mia Manager updated the task Old wording", meta: "{}", committed_at: "2020-01-01 00:00:00",
    }).execute();
    await taskUpdate(projectId, 15, "New wording", [{ field: "title", from: "Old wording", to: "New wording" }]);
    expect(await history(cast.coWorker, projectId, 15)).toEqual([
      "Mia Manager updated the task Old wording",
      "Mia Manager renamed the task Old wording to New wording",
    ]);
  });

  it("writes one entry per event and action when an event is delivered twice", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const change: ActivityChange[] = [{ field: "due_date", from: null, to: "2026-11-25" }];
    await taskUpdate(projectId, 16, "Wireframes", change, { eventId: "evt-16" });
    await taskUpdate(projectId, 16, "Wireframes", change, { eventId: "evt-16" });
    // One event may stand for two entries (a move and an update), which differ by action.
    await taskUpdate(projectId, 16, "Wireframes", [{ field: "task_list", from: null, to: { id: 2, title: "Design" } }], { type: "move", eventId: "evt-16" });
    // Entries without an event (written by a service directly) never clash.
    await taskUpdate(projectId, 16, "Wireframes", change);
    await taskUpdate(projectId, 16, "Wireframes", change);
    const rows = await t.database.db.selectFrom("activities").select(["action", "event_id"]).where("project_id", "=", projectId)
      .where("resource_id", "=", 16).orderBy("id").execute();
    expect(rows).toEqual([
      { action: "update_task", event_id: "evt-16" },
      { action: "move_task", event_id: "evt-16" },
      { action: "update_task", event_id: null },
      { action: "update_task", event_id: null },
    ]);
  });
});

describe("activity sentences of changes made through the API", () => {
  it("tells a task's new due date, assignee, title, list and privacy", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const task = await createTask(cast.manager, projectId, { title: "Wireframes", due_date: "2026-11-20" });
    const design = await createList(cast.manager, projectId, { title: "Design" });
    const update = async (payload: Record<string, unknown>) => {
      const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    await update({ due_date: "2026-11-25" });
    await update({ assignees: [cast.coWorker.userId] });
    await update({ title: "Landing page" });
    await update({ board_id: design.id });
    await update({ privacy: true });
    await update({ due_date: null });
    expect(await history(cast.coWorker, projectId, task.id)).toEqual([
      "Mia Manager created the task Wireframes",
      "Mia Manager changed the due date of Wireframes from 11/20 to 11/25",
      "Mia Manager assigned Wireframes to Carl Coworker",
      "Mia Manager renamed the task Wireframes to Landing page",
      "Mia Manager moved Landing page to the list Design",
      "Mia Manager made the task Landing page private",
      "Mia Manager changed the due date of Landing page from 11/25 to no due date",
    ]);
  });

  it("tells the labels put on a task and taken off it", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const task = await createTask(cast.manager, projectId, { title: "Wireframes" });
    const label = async (title: string): Promise<number> => {
      const response = await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/settings/labels`, payload: { title, color: "#cc0000" } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id;
    };
    const [later, urgent] = [await label("Later"), await label("Urgent")];
    const update = (taskLabels: number[]) =>
      cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { task_labels: taskLabels } });
    expect((await update([urgent, later])).statusCode).toBe(200);
    expect((await update([later])).statusCode).toBe(200);
    expect((await history(cast.coWorker, projectId, task.id)).slice(1)).toEqual([
      "Mia Manager added the labels Later and Urgent to Wireframes",
      "Mia Manager removed the label Urgent from Wireframes",
    ]);
  });

  it("tells the list a task was dragged to", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const task = await createTask(cast.manager, projectId, { title: "Mover" });
    const done = await createList(cast.manager, projectId, { title: "Done" });
    const response = await cast.manager.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/sorting`, payload: { list_id: done.id, moved_task_id: task.id, orders: [] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect((await history(cast.coWorker, projectId, task.id)).at(-1)).toBe("Mia Manager moved Mover to the list Done");
  });

  it("tells a task list's rename and its privacy", async () => {
    const { id: projectId } = await createProjectWithCast(cast);
    const list = await createList(cast.manager, projectId, { title: "Design" });
    const update = (payload: Record<string, unknown>) =>
      cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, payload });
    expect((await update({ title: "Visual design" })).statusCode).toBe(200);
    expect((await update({ privacy: true })).statusCode).toBe(200);
    expect(await history(cast.coWorker, projectId, list.id, "task_list")).toEqual([
      "Mia Manager created the task list Design",
      "Mia Manager renamed the task list Design to Visual design",
      "Mia Manager made the task list Visual design private",
    ]);
  });

  it("tells a project's rename", async () => {
    const { id: projectId } = await createProjectWithCast(cast, { title: "Relaunch" });
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/update`, payload: { title: "Relaunch 2027" } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await history(cast.coWorker, projectId, projectId, "project")).at(-1)).toBe("Mia Manager renamed the project Relaunch to Relaunch 2027");
  });
});
