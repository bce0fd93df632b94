import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Lists" })).id;
});
afterAll(() => t.close());

const url = (path = "") => `/api/pm/v2/projects/${projectId}/task-lists${path}`;
type ListBody = { id: number; title: string; is_inbox: boolean; meta: Record<string, unknown>; incomplete_tasks?: { data: Array<{ title: string }>; meta: { pagination: Record<string, number> } }; complete_tasks?: { data: Array<{ title: string }>; meta: { pagination: Record<string, number> } } };

async function countRows(table: "task_lists" | "activities" | "tasks"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/pm/v2/projects/:project/task-lists", () => {
  it("creates a list at the end, with creator, abilities and an activity", async () => {
    const response = await cast.coWorker.inject({ method: "POST", url: url(), payload: { title: "Design", description: "<b>Look</b>" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Task list created successfully",
      data: {
        title: "Design", status: 1, is_inbox: false, order: 1, description: { html: "<b>Look</b>" },
        creator: { data: { display_name: "Carl Coworker" } }, milestone: { data: null },
        meta: { privacy: "0", total_tasks: 0, total_complete_tasks: 0, total_incomplete_tasks: 0, total_comments: 0 },
        abilities: { can_edit: true, can_delete: true, can_create_task: true },
      },
    });
    const activity = await t.database.db.selectFrom("activities").select("message").where("action", "=", "create_task_list").where("resource_id", "=", response.json().data.id).executeTakeFirstOrThrow();
    expect(activity.message).toBe("Carl Coworker created the task list Design");
  });

  it("links a milestone of the project and refuses one of another project", async () => {
    const now = "2026-01-01 00:00:00";
    const milestone = await t.database.db.insertInto("milestones").values({ project_id: projectId, title: "Launch", description: "", achieve_date: "2026-09-01", status: 0, privacy: 0, sort_order: 0, created_by: cast.manager.userId, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    const other = (await createProjectWithCast(cast)).id;
    const foreign = await t.database.db.insertInto("milestones").values({ project_id: other, title: "Other", description: "", achieve_date: null, status: 0, privacy: 0, sort_order: 0, created_by: cast.manager.userId, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    const linked = await createList(cast.manager, projectId, { title: "Launch prep", milestone: milestone.id });
    expect(linked.milestone).toEqual({ data: { id: milestone.id, title: "Launch", achieve_date: expect.objectContaining({ date: "2026-09-01" }) } });
    const before = await countRows("task_lists");
    const refused = await cast.manager.inject({ method: "POST", url: url(), payload: { title: "Wrong", milestone: foreign.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params.milestone).toBeDefined();
    expect(await countRows("task_lists")).toBe(before);
  });

  it("refuses bad input with the field named, writing nothing", async () => {
    const before = await Promise.all([countRows("task_lists"), countRows("activities")]);
    for (const [payload, field] of [[{ title: "" }, "title"], [{ title: "P", privacy: "maybe" }, "privacy"], [{ title: "x".repeat(300) }, "title"]] as const) {
      const response = await cast.manager.inject({ method: "POST", url: url(), payload });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().data.params)).toContain(field);
    }
    expect(await Promise.all([countRows("task_lists"), countRows("activities")])).toEqual(before);
  });
});

describe("GET /api/pm/v2/projects/:project/task-lists", () => {
  let projectB: number;
  let listIds: number[];

  beforeAll(async () => {
    projectB = (await createProjectWithCast(cast, { title: "Paging" })).id;
    listIds = [];
    for (const title of ["One", "Two", "Three"]) listIds.push((await createList(cast.manager, projectB, { title })).id);
    for (let index = 0; index < 5; index += 1) await createTask(cast.manager, projectB, { title: `Open ${index}`, board_id: listIds[0] });
    for (let index = 0; index < 3; index += 1) {
      const task = await createTask(cast.manager, projectB, { title: `Done ${index}`, board_id: listIds[0] });
      await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectB}/tasks/${task.id}/change-status`, payload: { status: 1 } });
    }
    await createTask(cast.manager, projectB, { title: "Second list task", board_id: listIds[1] });
  });

  it("lists the Inbox first, then by order, with counts and pagination", async () => {
    const response = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists?per_page=3` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((list: ListBody) => list.title)).toEqual(["Inbox", "One", "Two"]);
    expect(body.data[0].is_inbox).toBe(true);
    expect(body.data[1].meta).toMatchObject({ total_tasks: 8, total_complete_tasks: 3, total_incomplete_tasks: 5 });
    expect(body.data[1].incomplete_tasks).toBeUndefined();
    const listsUrl = `/api/pm/v2/projects/${projectB}/task-lists`;
    expect(body.meta.pagination).toEqual({ total: 4, count: 3, per_page: 3, current_page: 1, total_pages: 2, links: { next: `${listsUrl}?per_page=3&page=2` } });
    const second = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists?per_page=3&page=2` });
    expect(second.json().data.map((list: ListBody) => list.title)).toEqual(["Three"]);
    expect(second.json().meta.pagination).toEqual({ total: 4, count: 1, per_page: 3, current_page: 2, total_pages: 2, links: { previous: `${listsUrl}?per_page=3&page=1` } });
    // A page past the end still tells how many lists there are.
    const past = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists?per_page=3&page=3` });
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.pagination).toEqual({ total: 4, count: 0, per_page: 3, current_page: 3, total_pages: 2, links: { previous: `${listsUrl}?per_page=3&page=2` } });
    // The rest of the query string is kept as sent, brackets included; one page has no links.
    const bracketed = await cast.client.inject({ method: "GET", url: `${listsUrl}?page=1&with[]=incomplete_tasks&per_page=2` });
    expect(bracketed.json().meta.pagination.links).toEqual({ next: `${listsUrl}?with[]=incomplete_tasks&per_page=2&page=2` });
    const onePage = await cast.client.inject({ method: "GET", url: `${listsUrl}?per_page=-1` });
    expect(onePage.json().meta.pagination.links).toEqual({});
    // The tasks shown are those of the lists on the page asked for.
    const withTasks = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists?per_page=2&page=2&with=incomplete_tasks` });
    const secondPage = withTasks.json().data as ListBody[];
    expect(secondPage.map((list) => list.title)).toEqual(["Two", "Three"]);
    expect(secondPage.map((list) => list.incomplete_tasks?.data.length)).toEqual(secondPage.map((list) => list.meta.total_incomplete_tasks));
    expect(secondPage[0]?.incomplete_tasks?.data.map((task) => task.title)).toEqual(["Second list task"]);
    const all = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists?per_page=-1` });
    expect(all.json().data).toHaveLength(4);
  });

  it("includes each list's first page of incomplete and complete tasks with with=", async () => {
    const response = await cast.manager.inject({
      method: "GET",
      url: `/api/pm/v2/projects/${projectB}/task-lists?with=incomplete_tasks,complete_tasks&incomplete_task_per_page=2&complete_task_per_page=2`,
    });
    const one = response.json().data.find((list: ListBody) => list.title === "One") as ListBody;
    expect(one.incomplete_tasks?.data.map((task) => task.title)).toEqual(["Open 0", "Open 1"]);
    expect(one.incomplete_tasks?.meta.pagination).toEqual({ total: 5, count: 2, per_page: 2, current_page: 1, total_pages: 3 });
    expect(one.complete_tasks?.data.map((task) => task.title)).toEqual(["Done 0", "Done 1"]);
    expect(one.complete_tasks?.meta.pagination).toMatchObject({ total: 3, total_pages: 2 });
    const two = response.json().data.find((list: ListBody) => list.title === "Two") as ListBody;
    expect(two.incomplete_tasks?.data.map((task) => task.title)).toEqual(["Second list task"]);
    expect(two.complete_tasks?.data).toEqual([]);
  });

  it("refuses a listing of more than 10,000 tasks with 400 naming the page size to lower", async () => {
    const project = (await createProjectWithCast(cast)).id;
    for (let i = 0; i < 10; i += 1) await createList(cast.manager, project, { title: `L${i}` });
    const get = (query: string) => cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/task-lists?${query}` });
    // 11 lists (with the Inbox) x (500 + 500) = 11,000.
    const allLists = await get("per_page=-1&with=incomplete_tasks,complete_tasks&incomplete_task_per_page=500&complete_task_per_page=500");
    expect(allLists.statusCode).toBe(400);
    expect(Object.keys(allLists.json().data.params)).toEqual(["per_page"]);
    const bigPages = await get("per_page=11&with=incomplete_tasks,complete_tasks&incomplete_task_per_page=500&complete_task_per_page=500");
    expect(bigPages.statusCode).toBe(400);
    expect(Object.keys(bigPages.json().data.params)).toEqual(["incomplete_task_per_page", "complete_task_per_page"]);
    // 11 x 900 = 9,900 is within bounds; without tasks any number of lists is.
    expect((await get("per_page=-1&with=incomplete_tasks,complete_tasks&incomplete_task_per_page=500&complete_task_per_page=400")).statusCode).toBe(200);
    expect((await get("per_page=-1&incomplete_task_per_page=500")).statusCode).toBe(200);
  });

  it("accepts the documents' Kanban (per_page=2000) and Gantt (per_page=1000) page sizes, and no more", async () => {
    const base = `/api/pm/v2/projects/${projectB}/task-lists`;
    const kanban = await cast.manager.inject({ method: "GET", url: `${base}?with=incomplete_tasks&per_page=2000` });
    expect(kanban.statusCode, kanban.body).toBe(200);
    expect(kanban.json().meta.pagination).toMatchObject({ total: 4, count: 4, per_page: 2000, total_pages: 1 });
    const gantt = await cast.manager.inject({ method: "GET", url: `${base}?with=incomplete_tasks,complete_tasks&per_page=1000&page=1` });
    expect(gantt.statusCode, gantt.body).toBe(200);
    const tooMany = await cast.manager.inject({ method: "GET", url: `${base}?per_page=2001` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.params.per_page).toEqual(["per_page must be at most 2000"]);
  });

  it("pages through one list's tasks on GET .../task-lists/:id", async () => {
    const response = await cast.manager.inject({
      method: "GET",
      url: `/api/pm/v2/projects/${projectB}/task-lists/${listIds[0]}?incomplete_task_page=2&incomplete_task_per_page=2&complete_task_page=2&complete_task_per_page=2`,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as ListBody;
    expect(list.incomplete_tasks?.data.map((task) => task.title)).toEqual(["Open 2", "Open 3"]);
    expect(list.incomplete_tasks?.meta.pagination).toMatchObject({ current_page: 2, count: 2, total: 5 });
    expect(list.complete_tasks?.data.map((task) => task.title)).toEqual(["Done 2"]);
  });

  it("answers 404 for a list of another project and 403 for a non-member", async () => {
    expect((await cast.manager.inject({ method: "GET", url: url(`/${listIds[0]}`) })).statusCode).toBe(404);
    expect((await cast.outsider.inject({ method: "GET", url: `/api/pm/v2/projects/${projectB}/task-lists` })).statusCode).toBe(403);
  });
});

describe("POST /api/pm/v2/projects/:project/task-lists/:id/update", () => {
  it("renames, archives and restores a list, with an activity each", async () => {
    const list = await createList(cast.manager, projectId, { title: "Old" });
    const renamed = await cast.manager.inject({ method: "POST", url: url(`/${list.id}/update`), payload: { title: "New" } });
    expect(renamed.json()).toMatchObject({ message: "Task list updated successfully", data: { title: "New" } });
    const archived = await cast.manager.inject({ method: "POST", url: url(`/${list.id}/update`), payload: { status: 0 } });
    expect(archived.json()).toMatchObject({ message: "Task list archived successfully", data: { status: 0, abilities: { can_create_task: false } } });
    const current = await cast.manager.inject({ method: "GET", url: url("?per_page=-1") });
    expect(current.json().data.map((row: ListBody) => row.id)).not.toContain(list.id);
    const archivedTab = await cast.manager.inject({ method: "GET", url: url("?status=0") });
    expect(archivedTab.json().data.map((row: ListBody) => row.id)).toEqual([list.id]);
    const adding = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Late", board_id: list.id } });
    expect(adding.statusCode).toBe(422);
    const restored = await cast.manager.inject({ method: "POST", url: url(`/${list.id}/update`), payload: { status: 1 } });
    expect(restored.json()).toMatchObject({ message: "Task list restored successfully", data: { status: 1 } });
    const messages = await t.database.db.selectFrom("activities").select("message").where("resource_type", "=", "task_list").where("resource_id", "=", list.id).orderBy("id").execute();
    expect(messages.map((row) => row.message)).toEqual([
      "Mia Manager created the task list Old",
      "Mia Manager updated the task list New",
      "Mia Manager archived the task list New",
      "Mia Manager restored the task list New",
    ]);
  });

  it("keeps the Inbox current and public", async () => {
    const inbox = (await cast.manager.inject({ method: "GET", url: url() })).json().data[0] as ListBody;
    const response = await cast.manager.inject({ method: "POST", url: url(`/${inbox.id}/update`), payload: { status: 0 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("rule_broken");
  });
});

describe("POST /api/pm/v2/projects/:project/task-lists/:id/delete", () => {
  it("deletes a list with its tasks and their comments", async () => {
    const list = await createList(cast.manager, projectId);
    const task = await createTask(cast.manager, projectId, { board_id: list.id });
    const at = "2026-01-01 00:00:00";
    await t.database.db.insertInto("comments").values([
      { project_id: projectId, commentable_type: "task", commentable_id: task.id, content: "t", created_by: cast.manager.userId, created_at: at, updated_at: at },
      { project_id: projectId, commentable_type: "task_list", commentable_id: list.id, content: "l", created_by: cast.manager.userId, created_at: at, updated_at: at },
    ]).execute();
    const shown = await cast.manager.inject({ method: "GET", url: url(`/${list.id}`) });
    expect(shown.json().data.meta.total_comments).toBe(1);
    const response = await cast.manager.inject({ method: "POST", url: url(`/${list.id}/delete`) });
    expect(response.json()).toEqual({ message: "Task list deleted successfully", undo: { id: expect.any(Number), expires_at: expect.any(String) } });
    expect(await t.database.db.selectFrom("tasks").select("id").where("id", "=", task.id).execute()).toEqual([]);
    const comments = await t.database.db.selectFrom("comments").select("id").where((eb) => eb.or([eb("commentable_id", "=", task.id), eb("commentable_id", "=", list.id)])).execute();
    expect(comments).toEqual([]);
    const activity = await t.database.db.selectFrom("activities").select("message").where("action", "=", "delete_task_list").where("resource_id", "=", list.id).executeTakeFirstOrThrow();
    expect(activity.message).toContain("deleted the task list");
  });

  it("never deletes the Inbox: 422 rule_broken", async () => {
    const inbox = (await cast.manager.inject({ method: "GET", url: url() })).json().data[0] as ListBody;
    expect(inbox.is_inbox).toBe(true);
    const response = await cast.siteManager.inject({ method: "POST", url: url(`/${inbox.id}/delete`) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "rule_broken", message: "The Inbox cannot be deleted." });
  });
});

describe("POST /api/pm/v2/projects/:project/lists/sorting", () => {
  it("saves the order, keeping the Inbox first", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const [a, b, c] = [await createList(cast.manager, project, { title: "A" }), await createList(cast.manager, project, { title: "B" }), await createList(cast.manager, project, { title: "C" })];
    const response = await cast.coWorker.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${project}/lists/sorting`,
      payload: { orders: [{ id: c.id, index: 0 }, { id: a.id, index: 1 }, { id: b.id, index: 2 }] },
    });
    expect(response.statusCode).toBe(200);
    const lists = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/task-lists` });
    expect(lists.json().data.map((list: ListBody) => list.title)).toEqual(["Inbox", "C", "A", "B"]);
  });

  it("refuses lists of another project", async () => {
    const foreign = await createList(cast.manager, projectId);
    const project = (await createProjectWithCast(cast)).id;
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/lists/sorting`, payload: { orders: [{ id: foreign.id, index: 0 }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.orders).toBeDefined();
  });
});
