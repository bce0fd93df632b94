import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

/**
 * The permission matrix of task lists: site manager (not a member), project manager, co-worker, client and
 * non-member, for read / create / edit / delete of a public and a private list made by the project manager.
 */
type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
type Action = "read" | "create" | "edit" | "delete";

const MATRIX: Record<Role, Record<Action, [publicStatus: number, privateStatus: number]>> = {
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
  projectId = (await createProjectWithCast(cast, { title: "List matrix" })).id;
  await cast.siteManager.inject({
    method: "POST",
    url: `/api/pm/v2/projects/${projectId}/update`,
    payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.coWorker.userId, role_id: 2 }, { user_id: cast.client.userId, role_id: 3 }] },
  });
});
afterAll(() => t.close());

const base = () => `/api/pm/v2/projects/${projectId}/task-lists`;

async function attempt(session: Session, action: Action, privacy: 0 | 1): Promise<number> {
  if (action === "create") return (await session.inject({ method: "POST", url: base(), payload: { title: "Made", privacy } })).statusCode;
  const list = await createList(cast.manager, projectId, { title: `Target ${privacy}`, privacy });
  if (action === "read") return (await session.inject({ method: "GET", url: `${base()}/${list.id}` })).statusCode;
  if (action === "edit") return (await session.inject({ method: "POST", url: `${base()}/${list.id}/update`, payload: { title: "Edited" } })).statusCode;
  return (await session.inject({ method: "POST", url: `${base()}/${list.id}/delete` })).statusCode;
}

describe("task list permission matrix", () => {
  for (const role of Object.keys(MATRIX) as Role[]) {
    for (const action of ["read", "create", "edit", "delete"] as const) {
      it(`${role} ${action}: public ${MATRIX[role][action][0]}, private ${MATRIX[role][action][1]}`, async () => {
        expect(await attempt(cast[role], action, 0)).toBe(MATRIX[role][action][0]);
        expect(await attempt(cast[role], action, 1)).toBe(MATRIX[role][action][1]);
      });
    }
  }

  it("lets a creator edit and delete their own list, and says so in abilities", async () => {
    const list = await createList(cast.client, projectId, { title: "Client's" });
    expect(list.abilities).toEqual({ can_edit: true, can_delete: true, can_create_task: true, can_duplicate: true, can_archive: true, can_set_privacy: false });
    const other = await cast.client.inject({ method: "GET", url: `${base()}/${(await createList(cast.manager, projectId)).id}` });
    expect(other.json().data.abilities).toEqual({ can_edit: false, can_delete: false, can_create_task: true, can_duplicate: true, can_archive: false, can_set_privacy: false });
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${list.id}/update`, payload: { title: "Renamed" } })).statusCode).toBe(200);
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${list.id}/delete` })).statusCode).toBe(200);
  });

  it("follows a role's create_list being switched off", async () => {
    await saveCapabilities(t.database.db, projectId, { client: { create_list: false, create_task: false } });
    expect((await cast.client.inject({ method: "POST", url: base(), payload: { title: "No" } })).statusCode).toBe(403);
    expect((await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "No" } })).statusCode).toBe(403);
    const lists = await cast.client.inject({ method: "GET", url: base() });
    expect(lists.json().data[0].abilities.can_create_task).toBe(false);
    await saveCapabilities(t.database.db, projectId, null);
  });

  it("lets a client see a private list once granted view_private_list", async () => {
    const list = await createList(cast.manager, projectId, { title: "Hidden", privacy: 1 });
    await createTask(cast.manager, projectId, { board_id: list.id, title: "Inside" });
    expect((await cast.client.inject({ method: "GET", url: `${base()}/${list.id}` })).statusCode).toBe(404);
    await saveCapabilities(t.database.db, projectId, { client: { view_private_list: true } });
    const shown = await cast.client.inject({ method: "GET", url: `${base()}/${list.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.incomplete_tasks.data.map((task: { title: string }) => task.title)).toEqual(["Inside"]);
    await saveCapabilities(t.database.db, projectId, null);
    expect((await cast.client.inject({ method: "GET", url: `${base()}/${list.id}` })).statusCode).toBe(404);
  });

  it("scopes the activities of a private list to view_private_list", async () => {
    const list = await createList(cast.manager, projectId, { title: "Scoped", privacy: 1 });
    const activity = await t.database.db.selectFrom("activities").select("privacy_scope").where("action", "=", "create_task_list").where("resource_id", "=", list.id).executeTakeFirstOrThrow();
    expect(activity.privacy_scope).toBe("view_private_list");
  });

  it("treats a private list the caller cannot see in lists/sorting exactly like an unknown one", async () => {
    const hidden = await createList(cast.manager, projectId, { title: "Hidden from clients", privacy: 1 });
    const sort = (session: Session, id: number) =>
      session.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/lists/sorting`, payload: { orders: [{ id, index: 0 }] } });
    const refused = await sort(cast.client, hidden.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({ orders: [`These lists are not in the project: ${hidden.id}.`] });
    expect((await sort(cast.client, 9_999_999)).json().data.params).toEqual({ orders: ["These lists are not in the project: 9999999."] });
    expect((await sort(cast.coWorker, hidden.id)).statusCode).toBe(200);
  });

  it("lets only those with create_list reorder lists", async () => {
    const list = await createList(cast.manager, projectId);
    await saveCapabilities(t.database.db, projectId, { client: { create_list: false } });
    const refused = await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/lists/sorting`, payload: { orders: [{ id: list.id, index: 0 }] } });
    expect(refused.statusCode).toBe(403);
    await saveCapabilities(t.database.db, projectId, null);
    expect((await cast.outsider.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/lists/sorting`, payload: { orders: [] } })).statusCode).toBe(403);
  });
});
