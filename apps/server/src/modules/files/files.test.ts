import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Files" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

const base = (project = projectId) => `/api/pm-pro/v2/projects/${project}/files`;

async function create(session: Session, payload: Record<string, unknown>): Promise<{ id: number; [key: string]: unknown }> {
  const response = await session.inject({ method: "POST", url: base(), payload });
  if (response.statusCode !== 200) throw new Error(`file creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function listIds(session: Session, folderId = 0): Promise<number[]> {
  const response = await session.inject({ method: "GET", url: `${base()}?folder_id=${folderId}` });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id);
}

async function lastActivity(): Promise<{ resource_type: string; action_type: string; resource_id: number | null; privacy_scope: string | null }> {
  return t.database.db.selectFrom("activities").select(["resource_type", "action_type", "resource_id", "privacy_scope"]).orderBy("id", "desc").executeTakeFirstOrThrow() as never;
}

describe("POST .../files (folder, doc, link, revision)", () => {
  it("lets roles with create_file create a folder, and refuses the rest", async () => {
    const expected: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 };
    for (const role of ROLES) {
      const response = await cast[role].inject({ method: "POST", url: base(), payload: { type: "folder", title: `By ${role}`, parent: 0 } });
      expect(response.statusCode, role).toBe(expected[role]);
      if (response.statusCode === 200) {
        expect(response.json()).toMatchObject({ message: "Folder created successfully", data: { type: "folder", file_type: "folder", title: `By ${role}`, parent: 0, private: "0" } });
      }
    }
  });

  it("answers bad input with a 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "folder", title: "  " }, "title"],
      [{ type: "folder", title: "Orphan", parent: 999999 }, "parent"],
      [{ type: "link", title: "Bad", url: "javascript:alert(1)" }, "url"],
      [{ type: "revision", title: "R", parent: 999999 }, "parent"],
      [{ type: "pro_file", title: "No files" }, "files"],
      [{ type: "spreadsheet", title: "X" }, "type"],
    ];
    for (const [payload, field] of cases) {
      const response = await cast.manager.inject({ method: "POST", url: base(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params ?? {})).toContain(field);
    }
  });

  it("creates a sanitised doc and a link with activities, and keeps a revision on update", async () => {
    const doc = await create(cast.coWorker, { type: "doc", title: "Plan", description: `<p onclick="x()">Draft</p><script>bad()</script>` });
    expect(doc).toMatchObject({ type: "doc", description: { html: "<p>Draft</p>" }, creator: { data: { display_name: "Carl Coworker" } }, abilities: { can_edit: true, can_delete: true, can_download: false } });
    expect(await lastActivity()).toMatchObject({ resource_type: "file", action_type: "create", resource_id: doc.id });

    const updated = await cast.coWorker.inject({ method: "POST", url: `${base()}/${doc.id}`, payload: { title: "Plan v2", description: "<p>Final</p>" } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: "Plan v2", description: { html: "<p>Final</p>" } });
    const one = await cast.client.inject({ method: "GET", url: `${base()}?childId=${doc.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.revisions.data).toMatchObject([{ type: "revision", parent: doc.id, title: "Plan", description: { html: "<p>Draft</p>" } }]);
    expect(await lastActivity()).toMatchObject({ action_type: "update", resource_id: doc.id });

    const link = await create(cast.manager, { type: "link", title: "Drive", url: "https://docs.example.com/a", description: "note" });
    expect(link).toMatchObject({ type: "link", url: "https://docs.example.com/a", description: { html: "note" } });
    const revision = await create(cast.manager, { type: "revision", parent: link.id, title: "Drive (old)", url: "https://old.example.com" });
    expect(revision).toMatchObject({ type: "revision", parent: link.id });
    // Revisions never show in the folder list.
    expect(await listIds(cast.manager)).not.toContain(revision.id);
  });

  it("never takes the creator from a current_user_id parameter", async () => {
    const doc = await create(cast.coWorker, { type: "doc", title: "Mine", current_user_id: cast.manager.userId });
    expect(doc).toMatchObject({ creator: { data: { id: cast.coWorker.userId } } });
  });
});

describe("privacy", () => {
  it("hides private items and everything in a private folder from roles without view_private_file", async () => {
    const secret = await create(cast.manager, { type: "folder", title: "Secret", private: 1 });
    const inside = await create(cast.manager, { type: "doc", title: "Inside secret", parent: secret.id });
    expect(secret).toMatchObject({ private: "1" });
    const managerRoot = await listIds(cast.manager);
    expect(managerRoot).toContain(secret.id);
    expect(await listIds(cast.client)).not.toContain(secret.id);
    expect(await listIds(cast.coWorker)).toContain(secret.id);

    expect((await cast.client.inject({ method: "GET", url: `${base()}?folder_id=${secret.id}` })).statusCode).toBe(404);
    expect((await cast.client.inject({ method: "GET", url: `${base()}?childId=${inside.id}` })).statusCode).toBe(404);
    const folders = await cast.client.inject({ method: "GET", url: `${base()}/folders?type=folder` });
    expect((folders.json().data as { id: number }[]).map((f) => f.id)).not.toContain(secret.id);
    const search = await cast.client.inject({ method: "GET", url: `${base()}/searchfolder?title=secr` });
    expect(search.json().data).toEqual([]);
    const managerSearch = await cast.manager.inject({ method: "GET", url: `${base()}/searchfolder?title=SECR` });
    expect(managerSearch.json().data).toMatchObject([{ id: secret.id, title: "Secret", private: "1" }]);
    expect((await cast.manager.inject({ method: "GET", url: `${base()}/searchfolder?title=` })).json().data).toEqual([]);
    expect(await lastActivity()).toMatchObject({ privacy_scope: "view_private_file" });
  });

  it("lets only editors holding view_private_file toggle privacy", async () => {
    const folder = await create(cast.coWorker, { type: "folder", title: "Toggle" });
    const other = await create(cast.manager, { type: "folder", title: "Not yours" });
    expect((await cast.coWorker.inject({ method: "POST", url: `${base()}/${other.id}`, payload: { private: 1 } })).statusCode).toBe(403);
    const own = await cast.coWorker.inject({ method: "POST", url: `${base()}/${folder.id}`, payload: { private: 1 } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ private: "1" });
    const clientFolder = await cast.client.inject({ method: "POST", url: `${base()}/${folder.id}`, payload: { private: 0 } });
    expect(clientFolder.statusCode).toBe(404);
    // A client holds create_file by default but not view_private_file, so a private folder is refused.
    expect((await cast.client.inject({ method: "POST", url: base(), payload: { type: "folder", title: "X", private: 1 } })).statusCode).toBe(403);
  });
});

describe("activity privacy", () => {
  it("re-scopes the history of a folder's contents when the folder turns private or moves", async () => {
    const folder = await create(cast.manager, { type: "folder", title: "Scoped" });
    const doc = await create(cast.manager, { type: "doc", title: "Scoped doc", parent: folder.id });
    const scopesOf = async (id: number) =>
      (await t.database.db.selectFrom("activities").select("privacy_scope").where("resource_type", "=", "file").where("resource_id", "=", id).execute())
        .map((row) => row.privacy_scope);
    expect(await scopesOf(doc.id)).toEqual([null]);
    await cast.manager.inject({ method: "POST", url: `${base()}/${folder.id}`, payload: { private: 1 } });
    expect(await scopesOf(doc.id)).toEqual(["view_private_file"]);
    const moved = await cast.manager.inject({ method: "POST", url: `${base()}/sorting`, payload: { source: doc.id, destination: 0 } });
    expect(moved.statusCode).toBe(200);
    expect(new Set(await scopesOf(doc.id))).toEqual(new Set([null]));
  });
});

describe("rename, move and delete", () => {
  it("renames a folder for managers and its creator only; an empty name is 400", async () => {
    const folder = await create(cast.coWorker, { type: "folder", title: "Drafts" });
    const expected: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 200, client: 403, outsider: 403 };
    for (const role of ROLES) {
      const response = await cast[role].inject({ method: "POST", url: `${base()}/${folder.id}`, payload: { title: `Renamed by ${role}` } });
      expect(response.statusCode, role).toBe(expected[role]);
    }
    const empty = await cast.coWorker.inject({ method: "POST", url: `${base()}/${folder.id}`, payload: { title: "" } });
    expect(empty.statusCode).toBe(400);
    const byOther = await create(cast.manager, { type: "folder", title: "Manager's" });
    expect((await cast.coWorker.inject({ method: "POST", url: `${base()}/${byOther.id}`, payload: { title: "Mine now" } })).statusCode).toBe(403);
  });

  it("moves items, refusing a folder into itself or below itself", async () => {
    const outer = await create(cast.manager, { type: "folder", title: "Outer" });
    const inner = await create(cast.manager, { type: "folder", title: "Inner", parent: outer.id });
    const doc = await create(cast.manager, { type: "doc", title: "Movable" });
    const move = (session: Session, source: number, destination: number) =>
      session.inject({ method: "POST", url: `${base()}/sorting`, payload: { source, destination } });

    expect((await move(cast.coWorker, doc.id, inner.id)).statusCode).toBe(403);
    const moved = await move(cast.manager, doc.id, inner.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ parent: inner.id });
    expect(await listIds(cast.manager, inner.id)).toEqual([doc.id]);
    expect(await lastActivity()).toMatchObject({ action_type: "move", resource_id: doc.id });

    for (const destination of [outer.id, inner.id]) {
      const response = await move(cast.manager, outer.id, destination);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params).toHaveProperty("destination");
    }
    expect((await move(cast.manager, outer.id, 999999)).statusCode).toBe(400);
    expect((await move(cast.manager, inner.id, 0)).statusCode).toBe(200);
    expect(await listIds(cast.manager, 0)).toContain(inner.id);
  });

  it("deletes a folder with everything below it", async () => {
    const top = await create(cast.coWorker, { type: "folder", title: "Top" });
    const child = await create(cast.coWorker, { type: "folder", title: "Child", parent: top.id });
    const doc = await create(cast.coWorker, { type: "doc", title: "Deep", parent: child.id });
    await cast.coWorker.inject({ method: "POST", url: `${base()}/${doc.id}`, payload: { title: "Deep v2" } });
    const url = `/api/pm/v2/projects/${projectId}/files/${top.id}/delete`;
    expect((await cast.client.inject({ method: "POST", url })).statusCode).toBe(403);
    expect((await cast.outsider.inject({ method: "POST", url })).statusCode).toBe(403);
    const response = await cast.coWorker.inject({ method: "POST", url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "File deleted successfully", undo: { id: expect.any(Number), expires_at: expect.any(String) } });
    const left = await t.database.db.withTables<{ project_files: { id: number; title: string } }>()
      .selectFrom("project_files").select("id").where("title", "in", ["Top", "Child", "Deep", "Deep v2"]).execute();
    expect(left).toEqual([]);
    expect(await lastActivity()).toMatchObject({ action_type: "delete", resource_id: top.id });
  });
});

describe("GET .../files", () => {
  it("lists folders first and answers in a fixed number of queries", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const add = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        await cast.manager.inject({ method: "POST", url: base(project), payload: { type: i % 3 === 0 ? "folder" : "doc", title: `Item ${i}` } });
      }
    };
    const queriesOfList = async () => {
      // Counted with the caches warm: the session and the reader's access are read once, then kept.
      await cast.coWorker.inject({ method: "GET", url: `${base(project)}?folder_id=0&with=revisions` });
      t.queries.length = 0;
      const response = await cast.coWorker.inject({ method: "GET", url: `${base(project)}?folder_id=0&with=revisions` });
      expect(response.statusCode).toBe(200);
      const types = (response.json().data as { type: string }[]).map((row) => row.type);
      expect(types.indexOf("doc")).toBeGreaterThan(types.lastIndexOf("folder"));
      return t.queries.length;
    };
    await add(3);
    const few = await queriesOfList();
    await add(12);
    expect(await queriesOfList()).toBe(few);
    expect(few).toBeLessThanOrEqual(8);
  });

  it("refuses non-members and unknown folders", async () => {
    expect((await cast.outsider.inject({ method: "GET", url: base() })).statusCode).toBe(403);
    expect((await cast.manager.inject({ method: "GET", url: `${base()}?folder_id=999999` })).statusCode).toBe(404);
  });
});
