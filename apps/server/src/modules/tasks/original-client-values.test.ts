import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { multipart } from "../files/files.multipart.fixture.js";
import { createTask } from "./tasks.fixtures.js";

// The original's own web client says "none" in its own ways: `start_at=` (empty), `type_id=false`,
// `milestone=-1`, and `notify_users` as one comma-separated string. Each is accepted in the three body
// kinds a client may send.

let t: TestApp;
let cast: Cast;
let projectId: number;
let typeId: number;
let milestoneId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Original client" })).id;
  const type = await t.database.db.insertInto("task_types").values({ title: "Bug", description: "", created_at: "2026-01-01 00:00:00" }).returning("id").executeTakeFirstOrThrow();
  typeId = type.id;
  const milestone = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/milestones`, payload: { title: "Launch", achieve_date: "2026-06-01" } });
  expect(milestone.statusCode, milestone.body).toBe(200);
  milestoneId = milestone.json().data.id;
});
afterAll(() => t.close());

type BodyKind = "json" | "form" | "multipart";
const KINDS: BodyKind[] = ["json", "form", "multipart"];

/** Sends flat text fields as JSON, as a urlencoded form, or as multipart form data. */
function send(session: Session, url: string, kind: BodyKind, fields: Record<string, string | boolean | number | readonly string[]>) {
  if (kind === "json") return session.inject({ method: "POST", url, payload: fields });
  const text: Record<string, string | readonly string[]> = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]),
  );
  if (kind === "multipart") return session.inject({ method: "POST", url, ...multipart(text) });
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(text)) for (const one of typeof value === "string" ? [value] : value) form.append(key, one);
  return session.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: form.toString() });
}

/** The day of a date in an answer, or null for none (whether sent as null or as a date object without a day). */
function dayOf(value: unknown): string | null {
  if (value && typeof value === "object" && "date" in value) return (value as { date: string | null }).date;
  return null;
}

const tasksUrl = () => `/api/pm/v2/projects/${projectId}/tasks`;

describe("task create and update with the original's none values", () => {
  for (const kind of KINDS) {
    it(`reads start_at= and due_date= (empty) as no date and type_id=false as no type (${kind})`, async () => {
      const created = await send(cast.manager, tasksUrl(), kind, { title: `No dates ${kind}`, start_at: "", due_date: "", type_id: false });
      expect(created.statusCode, created.body).toBe(200);
      const task = created.json().data;
      expect([dayOf(task.start_at), dayOf(task.due_date), task.type.data]).toEqual([null, null, null]);

      const dated = await createTask(cast.manager, projectId, { title: `Dated ${kind}`, start_at: "2026-03-01", due_date: "2026-03-05", type_id: typeId });
      const updated = await send(cast.manager, `${tasksUrl()}/${dated.id}/update`, kind, { start_at: "", due_date: "", type_id: "false" });
      expect(updated.statusCode, updated.body).toBe(200);
      const after = updated.json().data;
      expect([dayOf(after.start_at), dayOf(after.due_date), after.type.data]).toEqual([null, null, null]);

      // Real values still go through, and a bad one is still refused.
      const typed = await send(cast.manager, `${tasksUrl()}/${dated.id}/update`, kind, { start_at: "2026-04-01", type_id: String(typeId) });
      expect([dayOf(typed.json().data.start_at), typed.json().data.type.data?.id]).toEqual(["2026-04-01", typeId]);
      expect((await send(cast.manager, `${tasksUrl()}/${dated.id}/update`, kind, { start_at: "soon" })).statusCode).toBe(400);
    });
  }
});

describe("task list create with milestone=-1", () => {
  for (const kind of KINDS) {
    it(`reads milestone=-1 as no milestone, on create and update (${kind})`, async () => {
      const url = `/api/pm/v2/projects/${projectId}/task-lists`;
      const created = await send(cast.manager, url, kind, { title: `Unlinked ${kind}`, milestone: -1 });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.milestone.data).toBeNull();
      const linked = await send(cast.manager, `${url}/${created.json().data.id}/update`, kind, { milestone: milestoneId });
      expect(linked.json().data.milestone.data?.id).toBe(milestoneId);
      const unlinked = await send(cast.manager, `${url}/${created.json().data.id}/update`, kind, { milestone: "-1" });
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect(unlinked.json().data.milestone.data).toBeNull();
      expect((await send(cast.manager, url, kind, { title: "Bad", milestone: -2 })).statusCode).toBe(400);
      if (kind === "multipart") {
        // Lists hold no files: one sent along is refused, not dropped.
        const withFile = await cast.manager.inject({ method: "POST", url, ...multipart({ title: "With file" }, [{ name: "a.txt", bytes: Buffer.from("a") }]) });
        expect(withFile.statusCode).toBe(400);
        expect(Object.keys(withFile.json().data.params)).toEqual(["files"]);
      }
    });
  }
});

describe("comment create with notify_users as one string", () => {
  for (const kind of KINDS) {
    it(`reads notify_users '' as nobody and "a,b" as a list (${kind})`, async () => {
      const task = await createTask(cast.manager, projectId, { title: `Discussed ${kind}` });
      const url = `/api/pm/v2/projects/${projectId}/comments`;
      const base = { content: "<p>Hello</p>", commentable_id: String(task.id), commentable_type: "task" };
      const nobody = await send(cast.manager, url, kind, { ...base, notify_users: "" });
      expect(nobody.statusCode, nobody.body).toBe(200);
      expect(nobody.json().data.notify_users).toEqual([]);
      const two = await send(cast.manager, url, kind, { ...base, notify_users: `${cast.coWorker.userId},${cast.client.userId}` });
      expect(two.statusCode, two.body).toBe(200);
      expect([...two.json().data.notify_users].sort()).toEqual([cast.coWorker.userId, cast.client.userId].sort());
      // A list is still a list.
      const listed = await send(cast.manager, url, kind, kind === "json" ? { ...base, notify_users: [String(cast.coWorker.userId)] } : { ...base, "notify_users[]": [String(cast.coWorker.userId)] });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.notify_users).toEqual([cast.coWorker.userId]);
      expect((await send(cast.manager, url, kind, { ...base, notify_users: "2,x" })).statusCode).toBe(400);
    });
  }
});
