import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

/**
 * Privacy flags on write, driven by the capabilities saved through the settings call: making a task list,
 * task or milestone private (on create and on update) needs the matching view_private_* and is refused with
 * 403 otherwise; a discussion may be made private by anyone who may create it (the documents' discussion
 * form has no such check), even though only holders of view_private_message then see it.
 */
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

interface Kind {
  name: string;
  collection: string;
  capability: "view_private_list" | "view_private_task" | "view_private_milestone";
}

const KINDS: Kind[] = [
  { name: "task list", collection: "task-lists", capability: "view_private_list" },
  { name: "task", collection: "tasks", capability: "view_private_task" },
  { name: "milestone", collection: "milestones", capability: "view_private_milestone" },
];

async function setCapability(projectId: number, role: "client" | "co_worker", capability: string, value: boolean): Promise<void> {
  const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "capabilities", value: { [role]: { [capability]: value } } } });
  expect(response.statusCode, response.body).toBe(200);
}

function create(session: Session, projectId: number, collection: string, privacy: 0 | 1) {
  return session.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/${collection}`, payload: { title: `Made private=${privacy}`, privacy } });
}

for (const kind of KINDS) {
  describe(`privacy of a ${kind.name}`, () => {
    it(`is refused (403) to a client without ${kind.capability}, on create and on update, and allowed once given`, async () => {
      const projectId = (await createProjectWithCast(cast)).id;
      const refused = await create(cast.client, projectId, kind.collection, 1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("forbidden");
      const own = await create(cast.client, projectId, kind.collection, 0);
      expect(own.statusCode, own.body).toBe(200);
      const id = own.json().data.id as number;
      const updateUrl = `/api/pm/v2/projects/${projectId}/${kind.collection}/${id}/update`;
      expect((await cast.client.inject({ method: "POST", url: updateUrl, payload: { privacy: 1 } })).statusCode).toBe(403);
      expect((await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/${kind.collection}/${id}` })).json().data.meta.privacy).toBe("0");

      await setCapability(projectId, "client", kind.capability, true);
      expect((await create(cast.client, projectId, kind.collection, 1)).statusCode).toBe(200);
      const made = await cast.client.inject({ method: "POST", url: updateUrl, payload: { privacy: 1 } });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().data.meta.privacy).toBe("1");
    });

    it(`is refused to a co-worker once ${kind.capability} is taken from co-workers`, async () => {
      const projectId = (await createProjectWithCast(cast)).id;
      expect((await create(cast.coWorker, projectId, kind.collection, 1)).statusCode).toBe(200);
      await setCapability(projectId, "co_worker", kind.capability, false);
      expect((await create(cast.coWorker, projectId, kind.collection, 1)).statusCode).toBe(403);
      expect((await create(cast.manager, projectId, kind.collection, 1)).statusCode).toBe(200);
    });
  });
}

describe("privacy of a discussion", () => {
  it("may be set by anyone who may create one; only holders of view_private_message see it afterwards", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const made = await create(cast.client, projectId, "discussion-boards", 1);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.meta.privacy).toBe("1");
    const id = made.json().data.id as number;
    const read = (session: Session) => session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/discussion-boards/${id}` });
    expect((await read(cast.client)).statusCode).toBe(404);
    expect((await read(cast.coWorker)).statusCode).toBe(200);
    await setCapability(projectId, "client", "view_private_message", true);
    expect((await read(cast.client)).statusCode).toBe(200);
  });
});
