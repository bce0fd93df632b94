import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

/** `GET .../task-lists?milestone=`: the lists of one milestone, as the milestone's page shows them. */
let t: TestApp;
let cast: Cast;
let projectId: number;
let milestoneId: number;
let otherMilestoneId: number;
const ids: Record<"public" | "private" | "elsewhere" | "unlinked", number> = { public: 0, private: 0, elsewhere: 0, unlinked: 0 };

async function createMilestone(title: string): Promise<number> {
  const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/milestones`, payload: { title } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Milestone lists" })).id;
  milestoneId = await createMilestone("Launch");
  otherMilestoneId = await createMilestone("Later");
  ids.public = (await createList(cast.manager, projectId, { title: "Launch prep", milestone: milestoneId })).id;
  ids.private = (await createList(cast.manager, projectId, { title: "Launch secrets", milestone: milestoneId, privacy: 1 })).id;
  ids.elsewhere = (await createList(cast.manager, projectId, { title: "Later prep", milestone: otherMilestoneId })).id;
  ids.unlinked = (await createList(cast.manager, projectId, { title: "Loose" })).id;
  await createTask(cast.manager, projectId, { board_id: ids.public, title: "Open task" });
  const done = await createTask(cast.manager, projectId, { board_id: ids.public, title: "Done task" });
  await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${done.id}/change-status`, payload: { status: 1 } });
  await createTask(cast.manager, projectId, { board_id: ids.public, title: "Hidden task", privacy: 1 });
});
afterAll(() => t.close());

const listUrl = (query: string) => `/api/pm/v2/projects/${projectId}/task-lists?${query}`;

describe("GET /api/pm/v2/projects/:project/task-lists?milestone=", () => {
  it("lists only the milestone's lists, with their tasks and counts", async () => {
    const response = await cast.manager.inject({ method: "GET", url: listUrl(`milestone=${milestoneId}&per_page=-1&with=incomplete_tasks,complete_tasks`) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Array<{ id: number; milestone: { data: { id: number } | null }; meta: { total_tasks: number } }>; meta: { pagination: { total: number } } };
    expect(body.data.map((list) => list.id).sort()).toEqual([ids.public, ids.private].sort());
    expect(body.meta.pagination.total).toBe(2);
    expect(body.data.every((list) => list.milestone.data?.id === milestoneId)).toBe(true);
    expect(body.data.find((list) => list.id === ids.public)?.meta.total_tasks).toBe(3);
  });

  it("hides a private list and a private task from a client", async () => {
    const response = await cast.client.inject({ method: "GET", url: listUrl(`milestone=${milestoneId}&with=incomplete_tasks,complete_tasks`) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Array<{ id: number; meta: { total_tasks: number; total_complete_tasks: number }; incomplete_tasks: { data: Array<{ title: string }> } }>; meta: { pagination: { total: number } } };
    expect(body.data.map((list) => list.id)).toEqual([ids.public]);
    expect(body.meta.pagination.total).toBe(1);
    expect(body.data[0]?.meta).toMatchObject({ total_tasks: 2, total_complete_tasks: 1 });
    expect(body.data[0]?.incomplete_tasks.data.map((task) => task.title)).toEqual(["Open task"]);
  });

  it("answers an empty page for a milestone with no lists, and 400 naming a bad milestone", async () => {
    const empty = await cast.manager.inject({ method: "GET", url: listUrl("milestone=999999") });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    const bad = await cast.manager.inject({ method: "GET", url: listUrl("milestone=abc") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.milestone).toBeDefined();
  });

  it("still lists every list without the filter", async () => {
    const response = await cast.manager.inject({ method: "GET", url: listUrl("per_page=-1") });
    const listed = (response.json() as { data: Array<{ id: number }> }).data.map((list) => list.id);
    expect(listed).toEqual(expect.arrayContaining(Object.values(ids)));
  });
});
