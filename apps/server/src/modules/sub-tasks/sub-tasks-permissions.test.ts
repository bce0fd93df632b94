import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

/**
 * Who may do what with sub-tasks: the site manager (not a member, so the site capability alone decides), the
 * project manager, a co-worker assigned to the parent, a co-worker who is not, a client assigned to the
 * parent, and a non-member. The parent and the sub-tasks acted on are the project manager's.
 */
type Role = "siteManager" | "manager" | "assignee" | "bystander" | "client" | "outsider";
type Action = "list" | "create" | "edit" | "complete" | "delete" | "sort";

const MATRIX: Record<Role, Record<Action, number>> = {
  siteManager: { list: 200, create: 200, edit: 200, complete: 200, delete: 200, sort: 200 },
  manager: { list: 200, create: 200, edit: 200, complete: 200, delete: 200, sort: 200 },
  assignee: { list: 200, create: 200, edit: 403, complete: 403, delete: 403, sort: 200 },
  bystander: { list: 200, create: 403, edit: 403, complete: 403, delete: 403, sort: 403 },
  client: { list: 200, create: 403, edit: 403, complete: 403, delete: 403, sort: 403 },
  outsider: { list: 404, create: 404, edit: 404, complete: 404, delete: 404, sort: 404 },
};

let t: TestApp;
let cast: Cast;
let bystander: Session;
let projectId: number;
let parentId: number;
let sessions: Record<Role, Session>;

const subTasksUrl = (parent: number) => `/api/pm-pro/v2/tasks/${parent}/sub-tasks`;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  bystander = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Bea Bystander" });
  const members = [
    { user_id: cast.manager.userId, role_id: 1 },
    { user_id: cast.coWorker.userId, role_id: 2 },
    { user_id: bystander.userId, role_id: 2 },
    { user_id: cast.client.userId, role_id: 3 },
  ];
  projectId = (await createProjectWithCast(cast, { title: "Sub-task matrix", assignees: members })).id;
  // Take the site manager out of the project so that only the site-wide capability lets them in.
  const update = await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/update`, payload: { assignees: members } });
  expect(update.statusCode).toBe(200);
  parentId = (await createTask(cast.manager, projectId, { title: "Parent", assignees: [cast.coWorker.userId, cast.client.userId] })).id;
  sessions = { siteManager: cast.siteManager, manager: cast.manager, assignee: cast.coWorker, bystander, client: cast.client, outsider: cast.outsider };
});
afterAll(() => t.close());

async function addAsManager(title: string, payload: Record<string, unknown> = {}): Promise<number> {
  const response = await cast.manager.inject({ method: "POST", url: subTasksUrl(parentId), payload: { title, ...payload } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function attempt(session: Session, action: Action): Promise<number> {
  const url = subTasksUrl(parentId);
  if (action === "list") return (await session.inject({ method: "GET", url: `${url}?per_page=1000&page=1` })).statusCode;
  if (action === "create") return (await session.inject({ method: "POST", url, payload: { title: "Tried" } })).statusCode;
  const target = await addAsManager(`Target of ${action}`);
  if (action === "edit") return (await session.inject({ method: "POST", url: `${url}/${target}/update`, payload: { title: "Edited" } })).statusCode;
  if (action === "complete") return (await session.inject({ method: "POST", url: `${url}/${target}/update`, payload: { status: 1 } })).statusCode;
  if (action === "delete") return (await session.inject({ method: "POST", url: `${url}/${target}/delete` })).statusCode;
  return (await session.inject({ method: "POST", url: "/api/pm-pro/v2/sub-tasks/sorting", payload: { task_id: parentId, orders: [{ id: target, index: 0 }] } })).statusCode;
}

describe("sub-task permission matrix", () => {
  for (const role of Object.keys(MATRIX) as Role[]) {
    for (const action of Object.keys(MATRIX[role]) as Action[]) {
      it(`${role} ${action}: ${MATRIX[role][action]}`, async () => {
        expect(await attempt(sessions[role], action)).toBe(MATRIX[role][action]);
      });
    }
  }

  it("sends each reader what they may do with the parent's sub-tasks, and with each one", async () => {
    const shown = await addAsManager("Shown");
    for (const role of ["siteManager", "manager", "assignee", "bystander", "client"] as const) {
      const page = (await sessions[role].inject({ method: "GET", url: subTasksUrl(parentId) })).json();
      expect(page.meta.abilities, role).toEqual({ can_create: MATRIX[role].create === 200, can_sort: MATRIX[role].sort === 200 });
      const editor = role === "siteManager" || role === "manager";
      const record = page.data.find((subTask: { id: number }) => subTask.id === shown);
      expect(record.abilities, role).toMatchObject({ can_edit: editor, can_delete: editor, can_complete: editor, can_move: false });
    }
  });

  it("lets the sub-task's creator edit and delete it", async () => {
    const made = await cast.coWorker.inject({ method: "POST", url: subTasksUrl(parentId), payload: { title: "Mine" } });
    expect(made.json().data.abilities).toMatchObject({ can_edit: true, can_delete: true, can_complete: true });
    const id = made.json().data.id as number;
    expect((await cast.coWorker.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${id}/update`, payload: { title: "Still mine" } })).statusCode).toBe(200);
    expect((await cast.coWorker.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${id}/delete` })).statusCode).toBe(200);
  });

  it("lets an assignee of a sub-task complete it, but not edit it", async () => {
    const id = await addAsManager("Assigned", { assignees: [bystander.userId, cast.client.userId] });
    for (const session of [bystander, cast.client]) {
      const seen = (await session.inject({ method: "GET", url: subTasksUrl(parentId) })).json().data.find((subTask: { id: number }) => subTask.id === id);
      expect(seen.abilities).toMatchObject({ can_edit: false, can_delete: false, can_complete: true });
      const edited = await session.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${id}/update`, payload: { title: "Renamed", status: 1 } });
      expect(edited.statusCode).toBe(403);
      const completed = await session.inject({ method: "POST", url: `${subTasksUrl(parentId)}/${id}/update`, payload: { status: session === bystander ? 1 : 0 } });
      expect(completed.statusCode, completed.body).toBe(200);
    }
  });

  it("lets a co-worker who made the parent add sub-tasks, but never a client", async () => {
    const byCoWorker = await createTask(bystander, projectId, { title: "Bea's task" });
    expect((await bystander.inject({ method: "POST", url: subTasksUrl(byCoWorker.id), payload: { title: "Step" } })).statusCode).toBe(200);
    const byClient = await createTask(cast.client, projectId, { title: "Cleo's task" });
    const refused = await cast.client.inject({ method: "POST", url: subTasksUrl(byClient.id), payload: { title: "Step" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only managers, the task's creator and its assignees can add sub-tasks to it.");
    expect((await cast.client.inject({ method: "GET", url: subTasksUrl(byClient.id) })).json().meta.abilities).toEqual({ can_create: false, can_sort: false });
  });

  it("takes create_task from a co-worker's sub-tasks too when the project withholds it", async () => {
    await saveCapabilities(t.database.db, projectId, { co_worker: { create_task: false } });
    try {
      expect(await attempt(cast.coWorker, "create")).toBe(403);
      expect(await attempt(cast.coWorker, "sort")).toBe(403);
      expect(await attempt(cast.manager, "create")).toBe(200);
    } finally {
      await saveCapabilities(t.database.db, projectId, null);
    }
  });

  it("hides the sub-tasks of a private parent from a client, as if it did not exist", async () => {
    const secret = (await createTask(cast.manager, projectId, { title: "Secret parent", privacy: 1, assignees: [cast.client.userId] })).id;
    const made = await cast.manager.inject({ method: "POST", url: subTasksUrl(secret), payload: { title: "Secret step" } });
    const child = made.json().data.id as number;
    const calls = [
      cast.client.inject({ method: "GET", url: subTasksUrl(secret) }),
      cast.client.inject({ method: "POST", url: subTasksUrl(secret), payload: { title: "Peek" } }),
      cast.client.inject({ method: "POST", url: `${subTasksUrl(secret)}/${child}/update`, payload: { status: 1 } }),
      cast.client.inject({ method: "POST", url: `${subTasksUrl(secret)}/${child}/delete` }),
      cast.client.inject({ method: "POST", url: "/api/pm-pro/v2/sub-tasks/sorting", payload: { task_id: secret, orders: [{ id: child, index: 0 }] } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Task not found");
    }
    // A co-worker holds view_private_task: they see it.
    expect((await cast.coWorker.inject({ method: "GET", url: subTasksUrl(secret) })).json().data.map((subTask: { id: number }) => subTask.id)).toEqual([child]);
  });
});
