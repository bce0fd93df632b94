import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { multipart } from "./files.multipart.fixture.js";

// The permission matrix of every files call, bad input on each, the activities every change writes, and
// the project counts that must not give private files away.

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Rules" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
});
afterAll(() => t.close());

type Role = keyof Cast;
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

const base = (project = projectId) => `/api/pm-pro/v2/projects/${project}/files`;
const deleteUrl = (id: number, project = projectId) => `/api/pm/v2/projects/${project}/files/${id}/delete`;

async function create(session: Session, payload: Record<string, unknown>, project = projectId): Promise<{ id: number; [key: string]: unknown }> {
  const response = await session.inject({ method: "POST", url: base(project), payload });
  if (response.statusCode !== 200) throw new Error(`file creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function uploadText(session: Session, name: string, fields: Record<string, string> = {}): Promise<{ id: number }> {
  const response = await session.inject({ method: "POST", url: base(), ...multipart({ type: "pro_file", parent: "0", ...fields }, [{ name, bytes: Buffer.from(`${name} body`) }]) });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data[0];
}

async function setCapabilities(value: Record<string, Record<string, boolean>>): Promise<void> {
  const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "capabilities", value } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Runs `act` once per role and compares the statuses with `expected`, naming the role on a mismatch. */
async function matrix(expected: Record<Role, number>, act: (session: Session, role: Role) => Promise<{ statusCode: number; body: string }>): Promise<void> {
  const seen: Partial<Record<Role, number>> = {};
  for (const role of ROLES) {
    const response = await act(cast[role], role);
    seen[role] = response.statusCode;
    expect(response.statusCode, `${role}: ${response.body}`).not.toBe(500);
  }
  expect(seen).toEqual(expected);
}

const READERS = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 } as const;
/** Members holding create_file: every role by default, clients included, as in the original. */
const FILE_CREATORS = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 } as const;
/** What a client may not do to another's item, nor privately (it lacks view_private_file). */
const CREATORS = { siteManager: 200, manager: 200, coWorker: 200, client: 403, outsider: 403 } as const;
const MANAGERS = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 } as const;
/** A private item: hidden (404) from the client, who lacks view_private_file. */
const PRIVATE_READERS = { siteManager: 200, manager: 200, coWorker: 200, client: 404, outsider: 403 } as const;

describe("permission matrix (default capabilities)", () => {
  let managersDoc: { id: number };
  let coWorkersFolder: { id: number };
  let privateDoc: { id: number };
  let publicFile: { id: number };
  let privateFile: { id: number };
  let target: { id: number };

  beforeAll(async () => {
    managersDoc = await create(cast.manager, { type: "doc", title: "Manager's doc", description: "<p>v1</p>" });
    coWorkersFolder = await create(cast.coWorker, { type: "folder", title: "Co-worker's folder" });
    privateDoc = await create(cast.manager, { type: "doc", title: "Private doc", private: 1 });
    publicFile = await uploadText(cast.manager, "public.txt");
    privateFile = await uploadText(cast.manager, "private.txt", { private: "1" });
    target = await create(cast.manager, { type: "folder", title: "Target" });
  });

  it("lists, opens and searches for members; outsiders are refused", async () => {
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}?folder_id=0` }));
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}?childId=${managersDoc.id}&with=comments,revisions` }));
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}/folders?type=folder` }));
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}/searchfolder?title=target` }));
    await matrix(PRIVATE_READERS, (session) => session.inject({ method: "GET", url: `${base()}?childId=${privateDoc.id}` }));
  });

  it("creates folders, docs, links and uploads with create_file only", async () => {
    await matrix(FILE_CREATORS, (session, role) => session.inject({ method: "POST", url: base(), payload: { type: "folder", title: `Folder of ${role}` } }));
    await matrix(FILE_CREATORS, (session, role) => session.inject({ method: "POST", url: base(), payload: { type: "doc", title: `Doc of ${role}`, description: "<p>x</p>" } }));
    await matrix(FILE_CREATORS, (session, role) => session.inject({ method: "POST", url: base(), payload: { type: "link", title: `Link of ${role}`, url: "https://example.com" } }));
    await matrix(FILE_CREATORS, (session, role) =>
      session.inject({ method: "POST", url: base(), ...multipart({ type: "pro_file", parent: "0" }, [{ name: `${role}.txt`, bytes: Buffer.from("x") }]) }));
    // Making an item private at creation also needs view_private_file, which co-workers hold by default.
    await matrix(CREATORS, (session, role) => session.inject({ method: "POST", url: base(), payload: { type: "folder", title: `Private of ${role}`, private: 1 } }));
  });

  it("renames, edits and toggles privacy for managers and the item's creator only", async () => {
    await matrix(MANAGERS, (session, role) => session.inject({ method: "POST", url: `${base()}/${managersDoc.id}`, payload: { description: `<p>by ${role}</p>` } }));
    await matrix(CREATORS, (session, role) => session.inject({ method: "POST", url: `${base()}/${coWorkersFolder.id}`, payload: { title: `Renamed by ${role}` } }));
    // Each attempt starts from a public item, so that the client can see what it tries to change.
    const makePrivate = (id: number) => async (session: Session) => {
      await cast.siteManager.inject({ method: "POST", url: `${base()}/${id}`, payload: { private: 0 } });
      return session.inject({ method: "POST", url: `${base()}/${id}`, payload: { private: 1 } });
    };
    await matrix(MANAGERS, makePrivate(managersDoc.id));
    await matrix(CREATORS, makePrivate(coWorkersFolder.id));
    await cast.siteManager.inject({ method: "POST", url: `${base()}/${coWorkersFolder.id}`, payload: { private: 0 } });
  });

  it("moves items for managers and the item's creator only", async () => {
    await matrix(MANAGERS, (session) => session.inject({ method: "POST", url: `${base()}/sorting`, payload: { source: managersDoc.id, destination: target.id } }));
    await matrix(CREATORS, (session) => session.inject({ method: "POST", url: `${base()}/sorting`, payload: { source: coWorkersFolder.id, destination: target.id } }));
  });

  it("deletes items for managers and the item's creator only", async () => {
    const docs: Partial<Record<Role, number>> = {};
    for (const role of ROLES) docs[role] = (await create(cast.coWorker, { type: "doc", title: `Doomed for ${role}` })).id;
    await matrix(CREATORS, (session, role) => session.inject({ method: "POST", url: deleteUrl(docs[role] as number) }));
    const managers: Partial<Record<Role, number>> = {};
    for (const role of ROLES) managers[role] = (await create(cast.manager, { type: "doc", title: `Manager's doomed for ${role}` })).id;
    await matrix(MANAGERS, (session, role) => session.inject({ method: "POST", url: deleteUrl(managers[role] as number) }));
  });

  it("checks downloads: private uploads are hidden from roles without view_private_file", async () => {
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}/${publicFile.id}/download-check` }));
    await matrix(READERS, (session) => session.inject({ method: "GET", url: `${base()}/${publicFile.id}/download` }));
    await matrix(PRIVATE_READERS, (session) => session.inject({ method: "GET", url: `${base()}/${privateFile.id}/download-check` }));
    await matrix(PRIVATE_READERS, (session) => session.inject({ method: "GET", url: `${base()}/${privateFile.id}/download` }));
    // A doc has nothing to download.
    expect((await cast.manager.inject({ method: "GET", url: `${base()}/${managersDoc.id}/download-check` })).statusCode).toBe(404);
  });
});

describe("permission matrix (changed capabilities)", () => {
  afterAll(() => setCapabilities({ client: { create_file: true }, co_worker: { create_file: true, view_private_file: true } }));

  it("lets a client given create_file create and rename their own items, but never make anything private", async () => {
    await setCapabilities({ client: { create_file: true } });
    const own = await create(cast.client, { type: "folder", title: "Client's folder" });
    expect((await cast.client.inject({ method: "POST", url: base(), payload: { type: "folder", title: "Hidden", private: 1 } })).statusCode).toBe(403);
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { title: "Client's renamed" } })).statusCode).toBe(200);
    expect((await cast.client.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { private: 1 } })).statusCode).toBe(403);
    const uploaded = await cast.client.inject({ method: "POST", url: base(), ...multipart({ type: "pro_file", parent: "0", private: "1" }, [{ name: "c.txt", bytes: Buffer.from("c") }]) });
    expect(uploaded.statusCode).toBe(403);
    // A client's own item stays theirs to delete.
    expect((await cast.client.inject({ method: "POST", url: deleteUrl(own.id) })).statusCode).toBe(200);
  });

  it("hides private items from a co-worker whose view_private_file is taken away, and stops their creating", async () => {
    const secret = await create(cast.manager, { type: "folder", title: "Co-worker secret", private: 1 });
    const own = await create(cast.coWorker, { type: "folder", title: "Co-worker own" });
    await setCapabilities({ co_worker: { view_private_file: false, create_file: false } });
    const listed = await cast.coWorker.inject({ method: "GET", url: `${base()}?folder_id=0` });
    expect((listed.json().data as { id: number }[]).map((item) => item.id)).not.toContain(secret.id);
    expect((await cast.coWorker.inject({ method: "GET", url: `${base()}?folder_id=${secret.id}` })).statusCode).toBe(404);
    expect((await cast.coWorker.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { private: 1 } })).statusCode).toBe(403);
    expect((await cast.coWorker.inject({ method: "POST", url: base(), payload: { type: "folder", title: "Nope" } })).statusCode).toBe(403);
    // Still the creator: renaming their own folder is allowed.
    expect((await cast.coWorker.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { title: "Co-worker own (renamed)" } })).statusCode).toBe(200);
  });
});

describe("bad input is a 400 naming the field, never a 500", () => {
  let folder: { id: number };
  let child: { id: number };
  let grandchild: { id: number };
  let doc: { id: number };
  let elsewhere: { id: number };

  beforeAll(async () => {
    folder = await create(cast.manager, { type: "folder", title: "Bad input" });
    child = await create(cast.manager, { type: "folder", title: "Bad child", parent: folder.id });
    grandchild = await create(cast.manager, { type: "folder", title: "Bad grandchild", parent: child.id });
    doc = await create(cast.manager, { type: "doc", title: "Bad doc" });
    elsewhere = await create(cast.manager, { type: "folder", title: "Other project's" }, otherProjectId);
  });

  async function expect400(request: { method: "GET" | "POST"; url: string; payload?: Record<string, unknown> }, field: string): Promise<void> {
    const response = await cast.manager.inject(request);
    const label = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? {})}: ${response.body}`;
    expect(response.statusCode, label).toBe(400);
    const body = response.json();
    expect(body, label).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: 400 } });
    expect(Object.keys(body.data.params ?? {}), label).toContain(field);
  }

  it("refuses empty names on create and rename", async () => {
    for (const title of [undefined, "", "   "]) {
      await expect400({ method: "POST", url: base(), payload: { type: "folder", ...(title !== undefined && { title }) } }, "title");
      await expect400({ method: "POST", url: base(), payload: { type: "doc", ...(title !== undefined && { title }) } }, "title");
      await expect400({ method: "POST", url: base(), payload: { type: "link", url: "https://example.com", ...(title !== undefined && { title }) } }, "title");
    }
    await expect400({ method: "POST", url: `${base()}/${folder.id}`, payload: { title: "" } }, "title");
    await expect400({ method: "POST", url: `${base()}/${doc.id}`, payload: { title: "  " } }, "title");
    await expect400({ method: "POST", url: base(), payload: { type: "folder", title: "x".repeat(256) } }, "title");
  });

  it("refuses missing or wrong parents", async () => {
    for (const parent of [999999, doc.id, elsewhere.id]) {
      await expect400({ method: "POST", url: base(), payload: { type: "folder", title: "Orphan", parent } }, "parent");
      await expect400({ method: "POST", url: base(), payload: { type: "doc", title: "Orphan doc", parent } }, "parent");
    }
    await expect400({ method: "POST", url: base(), payload: { type: "folder", title: "Negative", parent: -1 } }, "parent");
    await expect400({ method: "POST", url: base(), payload: { type: "folder", title: "Words", parent: "abc" } }, "parent");
    await expect400({ method: "POST", url: base(), payload: { type: "revision", title: "Revision of a folder", parent: folder.id } }, "parent");
    const upload = await cast.manager.inject({ method: "POST", url: base(), ...multipart({ type: "pro_file", parent: String(doc.id) }, [{ name: "a.txt", bytes: Buffer.from("a") }]) });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().data.params).toHaveProperty("parent");
  });

  it("refuses links without a web address", async () => {
    for (const url of [undefined, "", "docs.example.com", "ftp://example.com/x", "javascript:alert(1)"]) {
      await expect400({ method: "POST", url: base(), payload: { type: "link", title: "Bad link", ...(url !== undefined && { url }) } }, "url");
    }
  });

  it("refuses moving into a descendant, into a non-folder, or something that is not there", async () => {
    for (const destination of [folder.id, child.id, grandchild.id]) {
      await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: folder.id, destination } }, "destination");
    }
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: doc.id, destination: doc.id } }, "destination");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: doc.id, destination: elsewhere.id } }, "destination");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: doc.id, destination: 999999 } }, "destination");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: 999999, destination: 0 } }, "source");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: elsewhere.id, destination: 0 } }, "source");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { destination: 0 } }, "source");
    await expect400({ method: "POST", url: `${base()}/sorting`, payload: { source: doc.id } }, "destination");
    // The tree is unchanged.
    const inside = await cast.manager.inject({ method: "GET", url: `${base()}?folder_id=${child.id}` });
    expect((inside.json().data as { id: number }[]).map((item) => item.id)).toEqual([grandchild.id]);
  });

  it("refuses attachments changes on folders, strange attachment ids and bad queries", async () => {
    await expect400({ method: "POST", url: `${base()}/${folder.id}`, payload: { files_to_delete: [1] } }, "files");
    await expect400({ method: "POST", url: `${base()}/${doc.id}`, payload: { files_to_delete: [999999] } }, "files_to_delete");
    await expect400({ method: "GET", url: `${base()}?folder_id=abc` }, "folder_id");
    await expect400({ method: "GET", url: `${base()}?childId=0` }, "childId");
    await expect400({ method: "POST", url: base(), payload: { type: "folder", title: "Flag", private: "maybe" } }, "private");
  });

  it("answers unknown items with 404", async () => {
    expect((await cast.manager.inject({ method: "POST", url: `${base()}/999999`, payload: { title: "Ghost" } })).statusCode).toBe(404);
    expect((await cast.manager.inject({ method: "POST", url: deleteUrl(999999) })).statusCode).toBe(404);
    expect((await cast.manager.inject({ method: "GET", url: `${base()}?childId=999999` })).statusCode).toBe(404);
    // An item of another project is not found through this one.
    expect((await cast.manager.inject({ method: "GET", url: `${base()}?childId=${elsewhere.id}` })).statusCode).toBe(404);
    expect((await cast.manager.inject({ method: "POST", url: deleteUrl(elsewhere.id) })).statusCode).toBe(404);
  });
});

describe("activities", () => {
  async function activityCount(): Promise<number> {
    const rows = await t.database.db.selectFrom("activities").select("id").where("project_id", "=", projectId).where("resource_type", "=", "file").execute();
    return rows.length;
  }

  async function newest(): Promise<{ action_type: string; resource_id: number | null }> {
    return (await t.database.db.selectFrom("activities").select(["action_type", "resource_id"]).where("resource_type", "=", "file").orderBy("id", "desc").executeTakeFirstOrThrow()) as never;
  }

  it("writes one for every change, and none for a save that changes nothing", async () => {
    const steps: [string, () => Promise<{ statusCode: number; body: string }>, string][] = [];
    let folderId = 0;
    let docId = 0;
    let linkId = 0;
    const before = await activityCount();
    const folder = await cast.manager.inject({ method: "POST", url: base(), payload: { type: "folder", title: "Logged" } });
    folderId = folder.json().data.id;
    expect(await newest()).toEqual({ action_type: "create", resource_id: folderId });
    const doc = await cast.manager.inject({ method: "POST", url: base(), payload: { type: "doc", title: "Logged doc", description: "<p>one</p>" } });
    docId = doc.json().data.id;
    expect(await newest()).toEqual({ action_type: "create", resource_id: docId });
    const link = await cast.manager.inject({ method: "POST", url: base(), payload: { type: "link", title: "Logged link", url: "https://example.com" } });
    linkId = link.json().data.id;
    expect(await newest()).toEqual({ action_type: "create", resource_id: linkId });
    const file = await uploadText(cast.manager, "logged.txt");
    expect(await newest()).toEqual({ action_type: "create", resource_id: file.id });

    steps.push(
      ["rename", () => cast.manager.inject({ method: "POST", url: `${base()}/${folderId}`, payload: { title: "Logged (renamed)" } }), "update"],
      ["privacy", () => cast.manager.inject({ method: "POST", url: `${base()}/${folderId}`, payload: { private: 1 } }), "update"],
      ["doc edit", () => cast.manager.inject({ method: "POST", url: `${base()}/${docId}`, payload: { description: "<p>two</p>" } }), "update"],
      ["link edit", () => cast.manager.inject({ method: "POST", url: `${base()}/${linkId}`, payload: { url: "https://example.org" } }), "update"],
      ["move", () => cast.manager.inject({ method: "POST", url: `${base()}/sorting`, payload: { source: docId, destination: folderId } }), "move"],
      ["delete", () => cast.manager.inject({ method: "POST", url: deleteUrl(file.id) }), "delete"],
    );
    for (const [name, act, action] of steps) {
      const count = await activityCount();
      const response = await act();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(await activityCount(), name).toBe(count + 1);
      expect((await newest()).action_type, name).toBe(action);
    }
    expect(await activityCount()).toBe(before + 4 + steps.length);

    // Saving the doc unchanged keeps no revision and logs nothing.
    const count = await activityCount();
    const same = await cast.manager.inject({ method: "POST", url: `${base()}/${docId}`, payload: { title: "Logged doc", description: "<p>two</p>" } });
    expect(same.statusCode).toBe(200);
    expect(await activityCount()).toBe(count);
    const one = await cast.manager.inject({ method: "GET", url: `${base()}?childId=${docId}` });
    expect(one.json().data.revisions.data).toHaveLength(1);
  });
});

describe("project counts", () => {
  it("counts private files and files in private folders only for readers who may see them", async () => {
    const project = (await createProjectWithCast(cast, { title: "Counted" })).id;
    const secret = await create(cast.manager, { type: "folder", title: "Counted secret", private: 1 }, project);
    await create(cast.manager, { type: "doc", title: "In secret", parent: secret.id }, project);
    await create(cast.manager, { type: "doc", title: "Private itself", private: 1 }, project);
    await create(cast.manager, { type: "link", title: "Public", url: "https://example.com" }, project);
    const totalFiles = async (session: Session) => {
      const response = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` });
      expect(response.statusCode).toBe(200);
      return response.json().data.meta.data.total_files as number;
    };
    expect(await totalFiles(cast.manager)).toBe(3);
    expect(await totalFiles(cast.coWorker)).toBe(3);
    expect(await totalFiles(cast.client)).toBe(1);
  });
});

describe("the documents' paths", () => {
  it("answers the list and the update with a trailing slash, as the documents write them", async () => {
    const doc = await create(cast.manager, { type: "doc", title: "Slashed" });
    const list = await cast.manager.inject({ method: "GET", url: `${base()}/?folder_id=0&with=comments,revisions` });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { id: number }[]).map((item) => item.id)).toContain(doc.id);
    const updated = await cast.manager.inject({ method: "POST", url: `${base()}/${doc.id}/?with=comments,revisions`, payload: { title: "Slashed v2" } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: "File updated successfully", data: { title: "Slashed v2", revisions: { data: [{ title: "Slashed" }] } } });
  });
});
