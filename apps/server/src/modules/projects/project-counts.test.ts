import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

/** The overview counts follow the same privacy rules as the listings they sum up. */
let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Counted" })).id;
  const url = (path: string) => `/api/pm/v2/projects/${projectId}/${path}`;
  const secretList = await createList(cast.manager, projectId, { title: "Secret list", privacy: 1 });
  const targets: Array<[string, number]> = [
    ["task", (await createTask(cast.manager, projectId, { title: "Public task" })).id],
    ["task", (await createTask(cast.manager, projectId, { title: "Private task", privacy: 1 })).id],
    ["task", (await createTask(cast.manager, projectId, { title: "In a private list", board_id: secretList.id })).id],
    ["task_list", secretList.id],
  ];
  for (const [kind, body] of [["milestones", { title: "Private milestone", privacy: 1 }], ["discussion-boards", { title: "Private talk", privacy: 1 }]] as const) {
    const response = await cast.manager.inject({ method: "POST", url: url(kind), payload: body });
    targets.push([kind === "milestones" ? "milestone" : "discussion_board", response.json().data.id]);
  }
  for (const [type, id] of targets) {
    const response = await cast.manager.inject({ method: "POST", url: url("comments"), payload: { content: "<p>Hi</p>", commentable_type: type, commentable_id: id } });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(() => t.close());

async function counts(session: Session): Promise<{ total_comments: number; total_activities: number }> {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.meta.data;
}

async function feedTotal(session: Session): Promise<number> {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/activities` });
  return response.json().meta.pagination.total;
}

describe("GET /api/pm/v2/projects/:id counts", () => {
  it("counts only the comments on records the reader may see", async () => {
    expect((await counts(cast.manager)).total_comments).toBe(6);
    expect((await counts(cast.coWorker)).total_comments).toBe(6);
    expect((await counts(cast.client)).total_comments).toBe(1);
    await saveCapabilities(t.database.db, projectId, { client: { view_private_task: true } });
    // The private task's comment now counts; the one on a task in a private list still does not.
    expect((await counts(cast.client)).total_comments).toBe(2);
    await saveCapabilities(t.database.db, projectId, null);
  });

  it("counts the activities each reader's feed shows", async () => {
    for (const session of [cast.manager, cast.coWorker, cast.client]) {
      expect((await counts(session)).total_activities).toBe(await feedTotal(session));
    }
    await saveCapabilities(t.database.db, projectId, { co_worker: { view_private_milestone: false }, client: { view_private_task: true, view_private_list: true } });
    for (const session of [cast.coWorker, cast.client]) {
      expect((await counts(session)).total_activities).toBe(await feedTotal(session));
    }
    expect((await counts(cast.coWorker)).total_activities).toBeLessThan((await counts(cast.manager)).total_activities);
    await saveCapabilities(t.database.db, projectId, null);
  });
});
