import { itemEnvelope, listEnvelope, listTaskListsQuery, showTaskListQuery, taskListSchema, taskSchema, type TaskList } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import type { Actor } from "../../lib/actor.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { presentedMismatch, presentedSerializerCompiler } from "../../lib/presented-serializer.js";
import { stringifyPresented } from "../../lib/json-fragment.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let managerActor: Actor;

/** Every key path of a JSON value, array items merged: `data.*.creator.data.id`. */
function keyPaths(value: unknown, prefix = ""): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const path of keyPaths(item, `${prefix}*.`)) paths.add(path);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      paths.add(`${prefix}${key}`);
      for (const path of keyPaths(child, `${prefix}${key}.`)) paths.add(path);
    }
  }
  return paths;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Exact presenters" })).id;
  managerActor = {
    id: cast.manager.userId, displayName: "Mia Manager", email: cast.manager.email, avatarUrl: null, isSiteManager: false, via: "token", sessionId: null, nonce: null,
  };

  // Every optional part of a list and of a task filled at least once: milestone, type, labels, assignees,
  // dates, a private task, a complete one.
  const now = "2026-01-01 00:00:00";
  const milestone = await t.database.db
    .insertInto("milestones")
    .values({ project_id: projectId, title: "Launch", description: "", achieve_date: "2026-09-01", status: 0, privacy: 0, sort_order: 0, created_by: cast.manager.userId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const list = await createList(cast.manager, projectId, { title: "Filled", description: "<p>All parts</p>", milestone: milestone.id });
  const type = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/task-types", payload: { title: "Exact bug", description: "A defect" } });
  expect(type.statusCode).toBe(200);
  const label = await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/settings/labels`, payload: { title: "Urgent", color: "#ff0000" } });
  expect(label.statusCode).toBe(200);
  const open = await createTask(cast.manager, projectId, {
    title: "Open", description: "<p>Do it</p>", board_id: list.id, assignees: [cast.coWorker.userId, cast.manager.userId], start_at: "2026-03-01", due_date: "2026-03-05",
    privacy: true, type_id: type.json().data.id, estimation: 30,
  });
  const labelled = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${open.id}/update`, payload: { task_labels: [label.json().data.id] } });
  expect(labelled.statusCode).toBe(200);
  const done = await createTask(cast.manager, projectId, { title: "Done", board_id: list.id });
  await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${done.id}/change-status`, payload: { status: 1 } });
});
afterAll(() => t.close());

describe("presentedMismatch", () => {
  const task = { id: 1, title: "T", description: { html: "", content: "" } };

  it("accepts a body that reads the same once parsed, and names what differs otherwise", () => {
    const schema = itemEnvelope(taskSchema.pick({ id: true, title: true, description: true }));
    expect(presentedMismatch(schema, { data: task })).toBeNull();
    expect(presentedMismatch(schema, { data: { ...task, password_hash: "x" } })?.issues[0]).toMatchObject({ path: ["data", "password_hash"], message: "This key is not in the contract." });
    expect(presentedMismatch(schema, { data: { ...task, description: { html: "", content: "", raw: "<script>" } } })?.issues[0]?.path).toEqual(["data", "description", "raw"]);
    expect(presentedMismatch(schema, { data: { ...task, id: "1" } })?.issues[0]?.path).toEqual(["data", "id"]);
    expect(presentedMismatch(schema, { data: { ...task, title: new Date() } })?.issues[0]?.path).toEqual(["data", "title"]);
    expect(presentedMismatch(schema, { data: { id: 1, title: "T" } })?.issues[0]?.path).toEqual(["data", "description"]);
  });

  it("is on in every test app, and a mismatch becomes a serialisation error there", () => {
    expect(t.app.ctx.config.checkResponses).toBe(true);
    const route = { schema: itemEnvelope(taskSchema.pick({ id: true })), method: "GET", url: "/x" };
    const checked = presentedSerializerCompiler(true)(route);
    expect(checked({ data: { id: 1 } })).toBe('{"data":{"id":1}}');
    expect(() => checked({ data: { id: 1, secret: true } })).toThrow("Response doesn't match the schema");
    // Off (production), the presented body goes as it is.
    expect(presentedSerializerCompiler(false)(route)({ data: { id: 1 } })).toBe('{"data":{"id":1}}');
  });
});

describe("task-list presenters build exact contract objects", () => {
  it("the listing with both halves: every field, filled, equal to its parse", async () => {
    const query = listTaskListsQuery.parse({ with: "incomplete_tasks,complete_tasks" });
    const result = await t.app.services.taskLists.listTaskLists(managerActor, projectId, query);
    // A listing's tasks come as JSON text kept between requests: the body is checked as it is sent.
    const body = JSON.parse(stringifyPresented({ data: result.lists, meta: { pagination: result.pagination } })) as { data: TaskList[] };
    expect(presentedMismatch(listEnvelope(taskListSchema), body)).toBeNull();

    const filled = body.data.find((list) => list.title === "Filled") as TaskList;
    expect(filled.milestone.data).toMatchObject({ title: "Launch" });
    const openTask = filled.incomplete_tasks?.data[0];
    expect(openTask).toMatchObject({ title: "Open", type: { data: { title: "Exact bug" } }, labels: { data: [{ title: "Urgent" }] }, meta: { privacy: "1" } });
    expect(openTask?.assignees.data).toHaveLength(2);
    expect(filled.complete_tasks?.data[0]).toMatchObject({ title: "Done", completed_at: expect.objectContaining({ date: expect.any(String) }) });

    // Every key the contract allows is present (none left to the parse to fill), and nothing else.
    const parsed = listEnvelope(taskListSchema).parse(body);
    expect(keyPaths(body)).toEqual(keyPaths(parsed));
    for (const path of ["data.*.milestone.data.achieve_date.timestamp", "data.*.incomplete_tasks.data.*.labels.data.*.color", "data.*.incomplete_tasks.data.*.type.data.description", "data.*.incomplete_tasks.data.*.assignees.data.*.manage_pm"]) {
      expect(keyPaths(body)).toContain(path);
    }
  });

  it("one list with its pages, through the API as the client reads it", async () => {
    const lists = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists` });
    const filled = (lists.json().data as TaskList[]).find((list) => list.title === "Filled") as TaskList;
    const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${filled.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(itemEnvelope(taskListSchema).parse(response.json()));
    const direct = await t.app.services.taskLists.getTaskList(managerActor, projectId, filled.id, showTaskListQuery.parse({}));
    expect(presentedMismatch(taskListSchema, direct)).toBeNull();
    expect(direct.incomplete_tasks?.data.map((task) => task.title)).toEqual(["Open"]);
  });
});
