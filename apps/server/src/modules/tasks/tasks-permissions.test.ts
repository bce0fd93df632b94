import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, saveCapabilities } from "./tasks.fixtures.js";

/**
 * The permission matrix of tasks: site manager (not a member of the project, so the site capability alone
 * decides), project manager, co-worker, client and non-member, for read / create / edit / delete of a public
 * and a private task made by the project manager.
 */
type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
type Action = "read" | "create" | "edit" | "delete";
type Expected = Record<Action, [publicStatus: number, privateStatus: number]>;

const MATRIX: Record<Role, Expected> = {
  siteManager: { read: [200, 200], create: [200, 200], edit: [200, 200], delete: [200, 200] },
  manager: { read: [200, 200], create: [200, 200], edit: [200, 200], delete: [200, 200] },
  coWorker: { read: [200, 200], create: [200, 200], edit: [403, 403], delete: [403, 403] },
  client: { read: [200, 404], create: [200, 403], edit: [403, 404], delete: [403, 404] },
  outsider: { read: [403, 403], create: [403, 403], edit: [403, 403], delete: [403, 403] },
};

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Matrix" })).id;
  // Take the site manager out of the project so that only the site-wide capability lets them in.
  const update = await cast.siteManager.inject({
    method: "POST",
    url: `/api/pm/v2/projects/${projectId}/update`,
    payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.coWorker.userId, role_id: 2 }, { user_id: cast.client.userId, role_id: 3 }] },
  });
  expect(update.statusCode).toBe(200);
});
afterAll(() => t.close());

const base = () => `/api/pm/v2/projects/${projectId}/tasks`;

async function attempt(session: Session, action: Action, privacy: 0 | 1): Promise<number> {
  if (action === "create") {
    return (await session.inject({ method: "POST", url: base(), payload: { title: `Made ${action}`, privacy } })).statusCode;
  }
  const task = await createTask(cast.manager, projectId, { title: `Target ${privacy}`, privacy });
  if (action === "read") return (await session.inject({ method: "GET", url: `${base()}/${task.id}` })).statusCode;
  if (action === "edit") return (await session.inject({ method: "POST", url: `${base()}/${task.id}/update`, payload: { title: "Edited" } })).statusCode;
  return (await session.inject({ method: "POST", url: `${base()}/${task.id}/delete` })).statusCode;
}

describe("task permission matrix", () => {
  for (const role of Object.keys(MATRIX) as Role[]) {
    for (const action of ["read", "create", "edit", "delete"] as const) {
      it(`${role} ${action}: public ${MATRIX[role][action][0]}, private ${MATRIX[role][action][1]}`, async () => {
        const session = cast[role];
        expect(await attempt(session, action, 0)).toBe(MATRIX[role][action][0]);
        expect(await attempt(session, action, 1)).toBe(MATRIX[role][action][1]);
      });
    }
  }

  it("lets creators edit and delete their own tasks", async () => {
    for (const session of [cast.coWorker, cast.client]) {
      const task = await createTask(session, projectId, { title: "Mine" });
      // Co-workers hold view_private_task by default, clients do not.
      expect(task.abilities).toEqual({
        can_edit: true, can_delete: true, can_complete: true, can_move: true, can_set_privacy: session === cast.coWorker, can_edit_details: true,
      });
      expect((await session.inject({ method: "POST", url: `${base()}/${task.id}/update`, payload: { title: "Still mine" } })).statusCode).toBe(200);
      expect((await session.inject({ method: "POST", url: `${base()}/${task.id}/delete` })).statusCode).toBe(200);
    }
  });

  it("lets assignees change the status but not edit", async () => {
    const task = await createTask(cast.manager, projectId, { assignees: [cast.client.userId] });
    const seen = await cast.client.inject({ method: "GET", url: `${base()}/${task.id}` });
    expect(seen.json().data.abilities).toEqual({ can_edit: false, can_delete: false, can_complete: true, can_move: false, can_set_privacy: false, can_edit_details: false });
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${task.id}/change-status`, payload: { status: 1 } })).statusCode).toBe(200);
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${task.id}/update`, payload: { title: "No" } })).statusCode).toBe(403);
    expect((await cast.coWorker.inject({ method: "POST", url: `${base()}/${task.id}/change-status`, payload: { status: 0 } })).statusCode).toBe(403);
  });

  it("refuses a client's private task with 403 and writes nothing", async () => {
    const before = await t.database.db.selectFrom("tasks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await cast.client.inject({ method: "POST", url: base(), payload: { title: "Secret", privacy: 1 } })).statusCode).toBe(403);
    const after = await t.database.db.selectFrom("tasks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("private tasks stay out of every listing and count", () => {
  let project: number;
  let listId: number;
  let privateTaskId: number;
  let privateListTaskId: number;

  beforeAll(async () => {
    project = (await createProjectWithCast(cast, { title: "Privacy" })).id;
    listId = (await createList(cast.manager, project, { title: "Open list" })).id;
    await createTask(cast.manager, project, { title: "Public", board_id: listId, assignees: [cast.client.userId] });
    privateTaskId = (await createTask(cast.manager, project, { title: "Private", board_id: listId, privacy: 1, assignees: [cast.client.userId] })).id;
    const privateList = await createList(cast.manager, project, { title: "Closed list", privacy: 1 });
    privateListTaskId = (await createTask(cast.manager, project, { title: "In a private list", board_id: privateList.id, assignees: [cast.client.userId] })).id;
  });

  async function whatSees(session: Session) {
    const lists = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/task-lists?with=incomplete_tasks,complete_tasks` });
    const open = lists.json().data.find((list: { id: number }) => list.id === listId);
    const projectTasks = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/tasks` });
    const myTasks = await session.inject({ method: "GET", url: `/api/pm/v2/tasks?users=${cast.client.userId}&project_id=${project}` });
    const single = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/tasks/${privateTaskId}` });
    const inPrivateList = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}/tasks/${privateListTaskId}` });
    const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title).sort();
    return {
      lists: lists.json().data.map((list: { title: string }) => list.title),
      listTasks: titles(open.incomplete_tasks.data),
      listTotal: open.meta.total_tasks,
      projectTasks: titles(projectTasks.json().data),
      projectTotal: projectTasks.json().meta.pagination.total,
      myTasks: titles(myTasks.json().data),
      single: single.statusCode,
      inPrivateList: inPrivateList.statusCode,
    };
  }

  it("shows a co-worker everything", async () => {
    expect(await whatSees(cast.coWorker)).toEqual({
      lists: ["Inbox", "Open list", "Closed list"],
      listTasks: ["Private", "Public"],
      listTotal: 2,
      projectTasks: ["In a private list", "Private", "Public"],
      projectTotal: 3,
      myTasks: ["In a private list", "Private", "Public"],
      single: 200,
      inPrivateList: 200,
    });
  });

  it("hides the private task and the private list from a client, then shows the task once view_private_task is granted, and hides it again", async () => {
    const hidden = { lists: ["Inbox", "Open list"], listTasks: ["Public"], listTotal: 1, projectTasks: ["Public"], projectTotal: 1, myTasks: ["Public"], single: 404, inPrivateList: 404 };
    expect(await whatSees(cast.client)).toEqual(hidden);
    await saveCapabilities(t.database.db, project, { client: { view_private_task: true } });
    expect(await whatSees(cast.client)).toEqual({
      lists: ["Inbox", "Open list"],
      listTasks: ["Private", "Public"],
      listTotal: 2,
      projectTasks: ["Private", "Public"],
      projectTotal: 2,
      myTasks: ["Private", "Public"],
      single: 200,
      // The task is public but its list is private: view_private_list is still missing.
      inPrivateList: 404,
    });
    const created = await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "Client secret", privacy: 1 } });
    expect(created.statusCode).toBe(200);
    await saveCapabilities(t.database.db, project, null);
    expect(await whatSees(cast.client)).toEqual(hidden);
  });

  it("hides private tasks from a co-worker whose role lost view_private_task", async () => {
    await saveCapabilities(t.database.db, project, { co_worker: { view_private_task: false } });
    const seen = await whatSees(cast.coWorker);
    expect(seen.single).toBe(404);
    expect(seen.listTasks).toEqual(["Public"]);
    await saveCapabilities(t.database.db, project, null);
  });
});

describe("private tasks read like missing ones when named by id", () => {
  let project: number;
  let inboxId: number;
  let privateTaskId: number;

  beforeAll(async () => {
    project = (await createProjectWithCast(cast, { title: "Named by id" })).id;
    inboxId = (await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", project).where("is_inbox", "=", 1).executeTakeFirstOrThrow()).id;
    privateTaskId = (await createTask(cast.manager, project, { title: "Private parent", privacy: 1, assignees: [cast.coWorker.userId] })).id;
  });

  it("refuses a sub-task under a private parent the caller cannot see with the same 400 as a missing parent", async () => {
    const create = (parentId: number) =>
      cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "Child", parent_id: parentId } });
    const hidden = await create(privateTaskId);
    const missing = await create(9_999_999);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json().data.params).toEqual({ parent_id: ["Choose a task of this project."] });
    const subTasks = await t.database.db.selectFrom("tasks").select("id").where("parent_id", "=", privateTaskId).where("parent_id", "<>", 0).execute();
    expect(subTasks).toEqual([]);
    const byCoWorker = await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "Child", parent_id: privateTaskId, privacy: 1 } });
    expect(byCoWorker.statusCode, byCoWorker.body).toBe(200);
  });

  it("treats a hidden task in tasks/sorting exactly like an unknown one", async () => {
    const sort = (id: number) =>
      cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks/sorting`, payload: { list_id: inboxId, orders: [{ id, index: 0 }] } });
    const hidden = await sort(privateTaskId);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().data.params).toEqual({ orders: [`These tasks are not in the list: ${privateTaskId}.`] });
    const unknown = await sort(9_999_999);
    expect(unknown.json().data.params).toEqual({ orders: ["These tasks are not in the list: 9999999."] });
    expect((await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks/sorting`, payload: { list_id: inboxId, orders: [{ id: privateTaskId, index: 0 }] } })).statusCode).toBe(200);
  });
});
