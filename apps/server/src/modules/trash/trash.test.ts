import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { UNDO_WINDOW_MS } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { startJobRunner } from "../../jobs/job-runner.js";
import { multipart, type TestFile } from "../files/files.multipart.fixture.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { trashRepository } from "./trash.repository.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-trash-"));
  t = await createTestApp({ config: { dataDir } });
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Trash" })).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const api = (rest: string) => `/api/pm/v2/projects/${projectId}/${rest}`;
const filesApi = (rest = "") => `/api/pm-pro/v2/projects/${projectId}/files${rest}`;
const text = (name: string, body = `notes of ${name}`): TestFile => ({ name, bytes: Buffer.from(body), type: "text/plain" });
const NOTHING = "There is nothing to undo any more.";

async function ok<T = Record<string, unknown>>(response: { statusCode: number; body: string; json: () => unknown }): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

function send(session: Session, url: string, fields: Record<string, string | readonly string[]>, files: readonly TestFile[]) {
  return session.inject({ method: "POST", url, ...multipart(fields, files) });
}

/** Deletes through `url` and answers the undo ticket, checking its shape and window. */
async function remove(session: Session, url: string): Promise<{ id: number; expires_at: string }> {
  const response = await session.inject({ method: "POST", url });
  expect(response.statusCode, response.body).toBe(200);
  const { undo } = response.json() as { undo: { id: number; expires_at: string } };
  const left = Date.parse(undo.expires_at) - Date.now();
  expect(undo.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(left).toBeGreaterThan(UNDO_WINDOW_MS - 5000);
  expect(left).toBeLessThanOrEqual(UNDO_WINDOW_MS);
  return undo;
}

const undo = (session: Session, id: number) => session.inject({ method: "POST", url: `/api/pm/v2/undo/${id}` });

async function storedBlobs(): Promise<number> {
  try {
    return (await readdir(path.join(dataDir, "files"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

/** The columns of a search index row these tests compare. */
interface SearchDocument {
  kind: string;
  record_id: number;
  project_id: number;
  parent_id: number;
  list_id: number;
  title: string;
  body: string;
}

/** What hangs on tasks outside their own answer: followers, Inbox entries, labels, sub-tasks, search documents. */
async function around(taskIds: readonly number[]) {
  const db = t.database.db;
  const ids = [...taskIds];
  return {
    followers: await db.selectFrom("task_followers").selectAll().where("task_id", "in", ids).orderBy("task_id").orderBy("user_id").execute(),
    inbox: await db.selectFrom("notifications").selectAll().where("task_id", "in", ids).orderBy("id").execute(),
    labels: await db.selectFrom("task_labels").selectAll().where("task_id", "in", ids).orderBy("task_id").orderBy("label_id").execute(),
    subTasks: await db.selectFrom("tasks").selectAll().where("parent_id", "in", ids).where("parent_id", "<>", 0).orderBy("id").execute(),
    // The index is written by triggers (migration 0008-search) and has no table type of its own.
    search: await db.withTables<{ search_documents: SearchDocument }>().selectFrom("search_documents").select(["kind", "record_id", "project_id", "parent_id", "list_id", "title", "body"])
      .where("project_id", "=", projectId).orderBy("kind").orderBy("record_id").execute(),
  };
}

const comments = async (session: Session, type: string, id: number) =>
  ok<Array<{ id: number; content: string; files: { data: Array<{ url: string }> } }>>(await session.inject({ method: "GET", url: api(`comments?commentable_type=${type}&commentable_id=${id}`) }));

describe("POST /api/pm/v2/undo/:id after a task delete", () => {
  it("brings the task back whole: same id, assignees, labels, sub-tasks, comments with their files, followers and Inbox entries", async () => {
    const label = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/settings/labels`, payload: { title: "Urgent", color: "#ff0000" } }));
    const task = await createTask(cast.manager, projectId, { title: "Wireframes zebrafinch", description: "<p>Sketch it</p>", assignees: [cast.coWorker.userId, cast.client.userId] });
    await ok(await cast.manager.inject({ method: "POST", url: api(`tasks/${task.id}/update`), payload: { task_labels: [label.id] } }));
    const subTask = await createTask(cast.manager, projectId, { title: "Sub-sketch", parent_id: task.id });
    await ok(await send(cast.coWorker, api("comments"), { content: "<p>Draft attached</p>", commentable_type: "task", commentable_id: String(task.id) }, [text("draft.txt", "draft bytes")]));
    await ok(await cast.client.inject({ method: "POST", url: api("comments"), payload: { content: "<p>On the sub-task</p>", commentable_type: "task", commentable_id: subTask.id } }));
    await ok(await send(cast.manager, api(`tasks/${task.id}/update`), {}, [text("spec.txt")]));

    const read = (session: Session) => session.inject({ method: "GET", url: api(`tasks/${task.id}`) });
    const listing = () => cast.coWorker.inject({ method: "GET", url: api("tasks?per_page=100") });
    const before = { task: (await read(cast.coWorker)).json(), comments: await comments(cast.coWorker, "task", task.id), around: await around([task.id, subTask.id]), listing: (await listing()).json() };
    expect(before.around.followers.length).toBeGreaterThan(0);
    expect(before.around.inbox.length).toBeGreaterThan(0);
    expect(before.around.labels).toHaveLength(1);
    const blobs = await storedBlobs();

    const ticket = await remove(cast.manager, api(`tasks/${task.id}/delete`));
    expect((await read(cast.coWorker)).statusCode).toBe(404);
    expect(await around([task.id, subTask.id])).toMatchObject({ followers: [], inbox: [], labels: [], subTasks: [] });
    expect((await listing()).json().data.map((row: { id: number }) => row.id)).not.toContain(task.id);
    // The bytes wait for the undo.
    expect(await storedBlobs()).toBe(blobs);

    const restored = await undo(cast.manager, ticket.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: "Restored", data: { kind: "task", project_id: projectId, ids: [task.id] } });
    expect((await read(cast.coWorker)).json()).toEqual(before.task);
    expect(await comments(cast.coWorker, "task", task.id)).toEqual(before.comments);
    expect(await around([task.id, subTask.id])).toEqual(before.around);
    // The kept listing was read again after the restore.
    expect((await listing()).json()).toEqual(before.listing);
    const download = await cast.client.inject({ method: "GET", url: before.comments[0]?.files.data[0]?.url ?? "" });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("draft bytes");
    const search = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/search?query=zebrafinch" });
    expect(search.json().data.map((row: { id: number }) => row.id)).toEqual([task.id]);
    const entries = await t.database.db.selectFrom("activities").select(["action", "actor_id"]).where("resource_type", "=", "task").where("resource_id", "=", task.id)
      .where("action", "in", ["delete_task", "restore_task"]).orderBy("id").execute();
    expect(entries).toEqual([{ action: "delete_task", actor_id: cast.manager.userId }, { action: "restore_task", actor_id: cast.manager.userId }]);

    // A purge after the restore has nothing to do: the bytes stay.
    await t.app.services.trash.purge(ticket.id);
    expect(await storedBlobs()).toBe(blobs);
  });

  it("answers 404 to a second undo of the same entry and to anyone but the user who deleted", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Twice" });
    const ticket = await remove(cast.manager, api(`tasks/${task.id}/delete`));
    for (const session of [cast.coWorker, cast.siteManager, cast.outsider]) {
      const refused = await undo(session, ticket.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: "not_found", message: NOTHING, message_key: "trash.nothing_to_undo" });
    }
    expect((await undo(cast.manager, ticket.id)).statusCode).toBe(200);
    const again = await undo(cast.manager, ticket.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NOTHING);
    expect((await undo(cast.manager, 987_654)).statusCode).toBe(404);
  });

  it("answers 409 naming the list when the task's list was deleted meanwhile, writing nothing, and restores once the list is back", async () => {
    const list = await createList(cast.manager, projectId, { title: "Doomed" });
    const task = await createTask(cast.manager, projectId, { title: "Orphan", board_id: list.id });
    const taskTicket = await remove(cast.manager, api(`tasks/${task.id}/delete`));
    const listTicket = await remove(cast.manager, api(`task-lists/${list.id}/delete`));
    const events = await t.database.db.selectFrom("events").select("id").execute();

    const refused = await undo(cast.manager, taskTicket.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "conflict", message: `This cannot be undone: the task list #${list.id} it belongs to has been deleted since.`,
      message_key: "trash.record_gone", message_params: { record: "task list", id: String(list.id) },
    });
    expect(await t.database.db.selectFrom("tasks").select("id").where("id", "=", task.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom("events").select("id").execute()).toEqual(events);

    expect((await undo(cast.manager, listTicket.id)).statusCode).toBe(200);
    expect((await undo(cast.manager, taskTicket.id)).statusCode).toBe(200);
    expect((await cast.manager.inject({ method: "GET", url: api(`tasks/${task.id}`) })).json().data).toMatchObject({ id: task.id, task_list_id: list.id });
  });
});

describe("POST /api/pm/v2/undo/:id after other deletes", () => {
  it("brings back a bulk delete's tasks, all of them, from one entry", async () => {
    const tasks = [await createTask(cast.manager, projectId, { title: "Bulk A" }), await createTask(cast.manager, projectId, { title: "Bulk B" })];
    const child = await createTask(cast.manager, projectId, { title: "Bulk child", parent_id: tasks[0]?.id });
    const ids = tasks.map((task) => task.id);
    const response = await cast.manager.inject({ method: "POST", url: api("tasks/bulk"), payload: { action: "delete", task_ids: ids } });
    expect(response.statusCode, response.body).toBe(200);
    const { undo: ticket } = response.json() as { undo: { id: number } };
    expect(await t.database.db.selectFrom("tasks").select("id").where("id", "in", [...ids, child.id]).execute()).toEqual([]);

    const restored = await undo(cast.manager, ticket.id);
    expect(restored.json()).toEqual({ message: "Restored", data: { kind: "tasks", project_id: projectId, ids } });
    const rows = await t.database.db.selectFrom("tasks").select("id").where("id", "in", [...ids, child.id]).orderBy("id").execute();
    expect(rows.map((row) => row.id)).toEqual([...ids, child.id]);
    const entries = await t.database.db.selectFrom("activities").select("resource_id").where("action", "=", "restore_task").where("resource_id", "in", ids).execute();
    expect(entries).toHaveLength(2);
  });

  it("brings back a list with its tasks and the comments on it", async () => {
    const list = await createList(cast.manager, projectId, { title: "Sprint" });
    const task = await createTask(cast.manager, projectId, { title: "In sprint", board_id: list.id });
    await ok(await cast.coWorker.inject({ method: "POST", url: api("comments"), payload: { content: "<p>List talk</p>", commentable_type: "task_list", commentable_id: list.id } }));
    const read = () => cast.manager.inject({ method: "GET", url: api(`task-lists/${list.id}?with=incomplete_tasks`) });
    const before = { list: (await read()).json(), comments: await comments(cast.manager, "task_list", list.id) };

    const ticket = await remove(cast.manager, api(`task-lists/${list.id}/delete`));
    expect((await read()).statusCode).toBe(404);
    const restored = await undo(cast.manager, ticket.id);
    expect(restored.json()).toEqual({ message: "Restored", data: { kind: "task_list", project_id: projectId, ids: [list.id] } });
    expect((await read()).json()).toEqual(before.list);
    expect((await read()).json().data.incomplete_tasks.data.map((row: { id: number }) => row.id)).toEqual([task.id]);
    expect(await comments(cast.manager, "task_list", list.id)).toEqual(before.comments);
  });

  it("brings back a comment with its file, and refuses with 409 once its task is gone", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Talked about" });
    const comment = await ok<{ id: number; files: { data: Array<{ url: string }> } }>(
      await send(cast.coWorker, api("comments"), { content: "<p>See file</p>", commentable_type: "task", commentable_id: String(task.id), "notify_users[]": [String(cast.manager.userId)] }, [text("seen.txt", "seen")]),
    );
    const before = await comments(cast.manager, "task", task.id);
    const ticket = await remove(cast.coWorker, api(`comments/${comment.id}/delete`));
    expect(await comments(cast.manager, "task", task.id)).toEqual([]);
    expect((await undo(cast.coWorker, ticket.id)).json()).toEqual({ message: "Restored", data: { kind: "comment", project_id: projectId, ids: [comment.id] } });
    expect(await comments(cast.manager, "task", task.id)).toEqual(before);
    expect((await cast.manager.inject({ method: "GET", url: comment.files.data[0]?.url ?? "" })).body).toBe("seen");

    const again = await remove(cast.coWorker, api(`comments/${comment.id}/delete`));
    await remove(cast.manager, api(`tasks/${task.id}/delete`));
    const refused = await undo(cast.coWorker, again.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This cannot be undone: the task #${task.id} it belongs to has been deleted since.`);
  });

  it("brings back a folder with its doc, revisions, comments, attachments and uploads; 404 while the Files module is off", async () => {
    const folder = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: filesApi(), payload: { type: "folder", title: "Designs" } }));
    const doc = await ok<{ id: number }>(await send(cast.manager, filesApi(), { type: "doc", title: "Brief", description: "<p>v1</p>", parent: String(folder.id) }, [text("brief-appendix.txt")]));
    await ok(await cast.manager.inject({ method: "POST", url: filesApi(`/${doc.id}`), payload: { description: "<p>v2</p>" } }));
    await ok(await cast.client.inject({ method: "POST", url: api("comments"), payload: { content: "<p>Nice brief</p>", commentable_type: "file", commentable_id: doc.id } }));
    const [upload] = await ok<Array<{ id: number; url: string }>>(await send(cast.manager, filesApi(), { type: "pro_file", parent: String(folder.id) }, [text("logo.txt", "logo")]));
    const read = async () => ({
      home: (await cast.manager.inject({ method: "GET", url: filesApi("?folder_id=0") })).json(),
      folder: (await cast.manager.inject({ method: "GET", url: filesApi(`?folder_id=${folder.id}`) })).json(),
      doc: (await cast.manager.inject({ method: "GET", url: filesApi(`?childId=${doc.id}&with=comments,revisions`) })).json(),
    });
    const before = await read();
    expect(before.doc.data.revisions.data).toHaveLength(1);

    const ticket = await remove(cast.manager, api(`files/${folder.id}/delete`));
    expect((await cast.manager.inject({ method: "GET", url: filesApi(`?childId=${doc.id}`) })).statusCode).toBe(404);

    await ok(await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "files", type: "deactivate" } }));
    const off = await undo(cast.manager, ticket.id);
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe("module_inactive");
    await ok(await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "files", type: "activate" } }));

    expect((await undo(cast.manager, ticket.id)).json()).toEqual({ message: "Restored", data: { kind: "file", project_id: projectId, ids: [folder.id] } });
    expect(await read()).toEqual(before);
    expect((await cast.manager.inject({ method: "GET", url: upload?.url ?? "" })).body).toBe("logo");
  });
});

describe("the undo window", () => {
  it("answers 404 once the window has passed, and the trash.purge job removes the entry and the file bytes, safely twice", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Too late" });
    await ok(await send(cast.manager, api(`tasks/${task.id}/update`), {}, [text("late.txt")]));
    const blobs = await storedBlobs();
    const ticket = await remove(cast.manager, api(`tasks/${task.id}/delete`));
    const repository = trashRepository(t.database.db);
    await repository.setExpiry(ticket.id, "2001-01-01 00:00:00");

    const late = await undo(cast.manager, ticket.id);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(NOTHING);
    expect(await storedBlobs()).toBe(blobs);

    await startJobRunner(t.app.jobs, t.app.modules);
    for (let run = 0; run < 2; run += 1) {
      const jobId = (await t.app.jobs.enqueue("trash.purge", { id: ticket.id })) ?? "";
      const deadline = Date.now() + 10_000;
      while ((await t.app.jobs.findJob("trash.purge", jobId))?.state !== "done") {
        if (Date.now() > deadline) throw new Error("the purge job did not run");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await repository.findEntry(ticket.id)).toBeUndefined();
      expect(await storedBlobs()).toBe(blobs - 1);
    }
  });
});
