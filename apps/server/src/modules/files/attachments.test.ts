import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { purgeNow } from "../trash/trash.fixtures.js";
import { multipart, type TestFile } from "./files.multipart.fixture.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let dataDir: string;

const LIMIT = 200_000;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-attachments-"));
  t = await createTestApp({ config: { dataDir, maxUploadBytes: LIMIT } });
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Attachments" })).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = () => sharp({ create: { width: 320, height: 200, channels: 3, background: "#cc3366" } }).png().toBuffer();
const text = (name: string, body = "some notes"): TestFile => ({ name, bytes: Buffer.from(body), type: "text/plain" });
const api = (rest: string) => `/api/pm/v2/projects/${projectId}/${rest}`;
const files = (rest = "") => `/api/pm-pro/v2/projects/${projectId}/files${rest}`;

async function storedFiles(): Promise<number> {
  try {
    return (await readdir(path.join(dataDir, "files"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

async function rows(table: "comments" | "discussions" | "tasks"): Promise<number> {
  return (await t.database.db.selectFrom(table).select("id").execute()).length;
}

function send(session: Session, url: string, fields: Record<string, string | readonly string[]>, attached: readonly TestFile[]) {
  return session.inject({ method: "POST", url, ...multipart(fields, attached) });
}

async function ok<T = Record<string, unknown>>(response: { statusCode: number; body: string; json: () => unknown }): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

/** Ids in the files home as one reader sees it. */
async function homeIds(session: Session): Promise<number[]> {
  const response = await session.inject({ method: "GET", url: files("?folder_id=0") });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id);
}

type Attached = { id: number; name: string; url: string; thumb: string; mime_type: string; fileable_type: string; fileable_id: number };

describe("comments with files[]", () => {
  it("stores the files as the comment's attachments, with a thumbnail, an activity and a download", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Homepage" });
    const comment = await ok<{ id: number; files: { data: Attached[] }; notify_users: number[] }>(
      await send(cast.coWorker, api("comments"), {
        content: "<p>See the mock-up</p>", commentable_type: "task", commentable_id: String(task.id), "notify_users[]": [String(cast.manager.userId)],
      }, [{ name: "mockup.png", bytes: await png(), type: "image/png" }, text("notes.txt")]),
    );
    expect(comment.notify_users).toEqual([cast.manager.userId]);
    expect(comment.files.data).toHaveLength(2);
    const [image, notes] = comment.files.data as [Attached, Attached];
    expect(image).toMatchObject({ name: "mockup.png", mime_type: "image/png", fileable_type: "comment", fileable_id: comment.id, url: api(`attachments/${image.id}/download`) });
    expect(image.thumb).toBe(api(`attachments/${image.id}/thumb`));
    expect(notes).toMatchObject({ name: "notes.txt", mime_type: "text/plain", thumb: "" });

    const download = await cast.client.inject({ method: "GET", url: notes.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("some notes");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="notes.txt"/);
    const ranged = await cast.client.inject({ method: "GET", url: notes.url, headers: { range: "bytes=0-3" } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe("some");
    expect((await cast.client.inject({ method: "GET", url: image.thumb })).headers["content-type"]).toBe("image/webp");

    const entries = await t.database.db.selectFrom("activities").select(["action", "subject_type", "subject_id", "message"])
      .where("project_id", "=", projectId).where("resource_type", "=", "file").orderBy("id").execute();
    expect(entries.slice(-2)).toMatchObject([
      { action: "create_file", subject_type: "task", subject_id: task.id, message: "Carl Coworker created the file mockup.png (attached to a comment on the task Homepage)" },
      { action: "create_file", subject_type: "task", subject_id: task.id },
    ]);

    // The comment list carries the files too.
    const listed = await cast.client.inject({ method: "GET", url: api(`comments?commentable_type=task&commentable_id=${task.id}`) });
    expect(listed.json().data[0].files.data.map((file: Attached) => file.id)).toEqual([image.id, notes.id]);
  });

  it("adds and removes files on update; a file of another record is a 400 on files_to_delete", async () => {
    const task = await createTask(cast.manager, projectId);
    const comment = await ok<{ id: number; files: { data: Attached[] } }>(
      await send(cast.coWorker, api("comments"), { content: "one", commentable_type: "task", commentable_id: String(task.id) }, [text("a.txt")]),
    );
    const other = await ok<{ id: number; files: { data: Attached[] } }>(
      await send(cast.coWorker, api("comments"), { content: "two", commentable_type: "task", commentable_id: String(task.id) }, [text("b.txt")]),
    );
    const first = comment.files.data[0] as Attached;
    const before = await storedFiles();
    const foreign = await send(cast.coWorker, api(`comments/${comment.id}`), { content: "one!", "files_to_delete[]": [String(other.files.data[0]?.id)] }, [text("c.txt")]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.params).toHaveProperty("files_to_delete");
    // The refused update stored nothing.
    expect(await storedFiles()).toBe(before);

    const updated = await ok<{ content: string; files: { data: Attached[] } }>(
      await send(cast.coWorker, api(`comments/${comment.id}`), { content: "one!", "files_to_delete[]": [String(first.id)] }, [text("c.txt")]),
    );
    expect(updated.content).toBe("one!");
    expect(updated.files.data.map((file) => file.name)).toEqual(["c.txt"]);
    expect(await storedFiles()).toBe(before);
    expect((await cast.manager.inject({ method: "GET", url: first.url })).statusCode).toBe(404);
    // JSON updates take files_to_delete too.
    const cleared = await ok<{ files: { data: Attached[] } }>(
      await cast.coWorker.inject({ method: "POST", url: api(`comments/${comment.id}`), payload: { content: "one!", files_to_delete: [updated.files.data[0]?.id] } }),
    );
    expect(cleared.files.data).toEqual([]);
    expect(await storedFiles()).toBe(before - 1);
  });

  it("refuses an unsafe SVG with svg_xss and an oversize file with 413, writing nothing", async () => {
    const task = await createTask(cast.manager, projectId);
    const before = { files: await storedFiles(), comments: await rows("comments") };
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);
    const unsafe = await send(cast.coWorker, api("comments"), { content: "x", commentable_type: "task", commentable_id: String(task.id) }, [{ name: "x.svg", bytes: svg }]);
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toMatchObject({ error_type: "svg_xss" });
    const big = await send(cast.coWorker, api("comments"), { content: "x", commentable_type: "task", commentable_id: String(task.id) }, [{ name: "big.bin", bytes: Buffer.alloc(LIMIT + 1, 1) }]);
    expect(big.statusCode).toBe(413);
    expect({ files: await storedFiles(), comments: await rows("comments") }).toEqual(before);
  });

  it("removes a deleted comment's files, rows and bytes", async () => {
    const task = await createTask(cast.manager, projectId);
    const comment = await ok<{ id: number; files: { data: Attached[] } }>(
      await send(cast.coWorker, api("comments"), { content: "bye", commentable_type: "task", commentable_id: String(task.id) }, [text("gone.txt")]),
    );
    const before = await storedFiles();
    const deleted = await cast.coWorker.inject({ method: "POST", url: api(`comments/${comment.id}/delete`) });
    expect(deleted.statusCode).toBe(200);
    // The bytes wait in the trash for an undo, and go with its purge.
    expect(await storedFiles()).toBe(before);
    await purgeNow(t.app, t.database.db, deleted.json().undo.id);
    expect(await storedFiles()).toBe(before - 1);
    expect((await cast.manager.inject({ method: "GET", url: comment.files.data[0]?.url ?? "" })).statusCode).toBe(404);
  });
});

describe("discussions with files[]", () => {
  it("attaches on create and update, counts its comments' files, and purges them with the discussion", async () => {
    const discussion = await ok<{ id: number; files: { data: Attached[] }; meta: { total_files: number } }>(
      await send(cast.manager, api("discussion-boards"), { title: "Kick-off", description: "<p>Agenda</p>", privacy: "0" }, [text("agenda.txt")]),
    );
    expect(discussion.files.data).toMatchObject([{ name: "agenda.txt", fileable_type: "discussion_board", fileable_id: discussion.id }]);
    expect(discussion.meta.total_files).toBe(1);
    await ok(await send(cast.client, api("comments"), { content: "mine", commentable_type: "discussion_board", commentable_id: String(discussion.id) }, [text("c1.txt"), text("c2.txt")]));

    const updated = await ok<{ files: { data: Attached[] }; meta: { total_files: number } }>(
      await send(cast.manager, api(`discussion-boards/${discussion.id}/update`), { title: "Kick-off!", "files_to_delete[]": [String(discussion.files.data[0]?.id)] }, [text("minutes.txt")]),
    );
    expect(updated.files.data.map((file) => file.name)).toEqual(["minutes.txt"]);
    expect(updated.meta.total_files).toBe(3);
    const listed = await cast.client.inject({ method: "GET", url: api("discussion-boards") });
    expect(listed.json().data.find((row: { id: number }) => row.id === discussion.id)).toMatchObject({ meta: { total_files: 3 }, files: { data: [{ name: "minutes.txt" }] } });

    // Only its editors attach: the client may not edit the manager's discussion.
    const refused = await send(cast.client, api(`discussion-boards/${discussion.id}/update`), { title: "Mine now" }, [text("x.txt")]);
    expect(refused.statusCode).toBe(403);

    const before = await storedFiles();
    expect((await cast.manager.inject({ method: "POST", url: api(`discussion-boards/${discussion.id}/delete`) })).statusCode).toBe(200);
    expect(await storedFiles()).toBe(before - 3);
    const left = await t.database.db.withTables<{ project_files: { id: number; fileable_type: string | null } }>().selectFrom("project_files").select("id")
      .where("fileable_type", "is not", null).execute();
    expect(left.every((row) => !updated.files.data.some((file) => file.id === row.id))).toBe(true);
  });

  it("rolls the discussion back when a file is refused", async () => {
    const before = await rows("discussions");
    const response = await send(cast.manager, api("discussion-boards"), { title: "Bad" }, [{ name: "x.svg", bytes: Buffer.from(`<svg onload="x()"></svg>`) }]);
    expect(response.statusCode).toBe(400);
    expect(await rows("discussions")).toBe(before);
  });
});

describe("tasks with files[]", () => {
  it("creates a task from a multipart form with assignees[] and files[], and attaches more on update", async () => {
    const list = await createList(cast.manager, projectId);
    const task = await ok<{ id: number; files: { data: Attached[] }; assignees: { data: { id: number }[] }; meta: { total_files: number } }>(
      await send(cast.manager, api("tasks"), { title: "Spec", board_id: String(list.id), "assignees[]": [String(cast.coWorker.userId)] }, [text("spec.txt")]),
    );
    expect(task.assignees.data.map((user) => user.id)).toEqual([cast.coWorker.userId]);
    expect(task.files.data).toMatchObject([{ name: "spec.txt", fileable_type: "task", fileable_id: task.id }]);
    expect(task.meta.total_files).toBe(1);

    const updated = await ok<{ files: { data: Attached[] }; meta: { total_files: number } }>(await send(cast.manager, api(`tasks/${task.id}/update`), {}, [text("v2.txt")]));
    expect(updated.files.data.map((file) => file.name)).toEqual(["spec.txt", "v2.txt"]);
    const one = await ok<{ files: { data: Attached[] }; meta: { total_files: number } }>(await cast.client.inject({ method: "GET", url: api(`tasks/${task.id}`) }));
    expect(one.meta.total_files).toBe(2);
    expect(one.files.data).toHaveLength(2);
    // Listings carry the count, not the files.
    const lists = await cast.client.inject({ method: "GET", url: api(`tasks?task_list_id=${list.id}`) });
    expect(lists.json().data[0]).toMatchObject({ meta: { total_files: 2 } });
    expect(lists.json().data[0].files).toBeUndefined();

    // Assignees may complete but not edit: attaching is editing.
    expect((await send(cast.coWorker, api(`tasks/${task.id}/update`), {}, [text("no.txt")])).statusCode).toBe(403);

    const before = await storedFiles();
    const deleted = await cast.manager.inject({ method: "POST", url: api(`tasks/${task.id}/delete`) });
    expect(deleted.statusCode).toBe(200);
    expect(await storedFiles()).toBe(before);
    await purgeNow(t.app, t.database.db, deleted.json().undo.id);
    expect(await storedFiles()).toBe(before - 2);
  });

  it("keeps a private task's files from readers without view_private_task, everywhere", async () => {
    const secret = await createTask(cast.manager, projectId, { title: "Fee", privacy: 1 });
    const attached = await ok<{ files: { data: Attached[] } }>(await send(cast.manager, api(`tasks/${secret.id}/update`), {}, [text("fee.txt")]));
    const file = attached.files.data[0] as Attached;
    expect((await cast.client.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
    expect((await cast.client.inject({ method: "GET", url: files(`/${file.id}/download`) })).statusCode).toBe(404);
    expect((await cast.client.inject({ method: "GET", url: files(`/${file.id}/download-check`) })).statusCode).toBe(404);
    expect((await cast.client.inject({ method: "GET", url: files(`?childId=${file.id}`) })).statusCode).toBe(404);
    expect(await homeIds(cast.client)).not.toContain(file.id);
    expect(await homeIds(cast.coWorker)).toContain(file.id);
    expect((await cast.outsider.inject({ method: "GET", url: file.url })).statusCode).toBe(403);

    // Turning the task public shows its file to the client.
    await ok(await cast.manager.inject({ method: "POST", url: api(`tasks/${secret.id}/update`), payload: { privacy: 0 } }));
    expect(await homeIds(cast.client)).toContain(file.id);
    expect((await cast.client.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
  });
});

describe("the files list and attachments", () => {
  it("lists the project's attachments at the top level with their content links, read-only", async () => {
    const discussion = await ok<{ id: number; files: { data: Attached[] } }>(await send(cast.manager, api("discussion-boards"), { title: "Board" }, [text("board.txt")]));
    const task = await createTask(cast.manager, projectId, { title: "Linked" });
    const comment = await ok<{ files: { data: Attached[] } }>(
      await send(cast.coWorker, api("comments"), { content: "c", commentable_type: "task", commentable_id: String(task.id) }, [text("on-comment.txt")]),
    );
    const folder = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: files(), payload: { type: "folder", title: "Sub" } }));
    const home = await cast.coWorker.inject({ method: "GET", url: files("?folder_id=0") });
    const byId = new Map((home.json().data as Array<{ id: number }>).map((row) => [row.id, row]));
    expect(byId.get(discussion.files.data[0]?.id ?? 0)).toMatchObject({
      type: "pro_file", fileable_type: "discussion_board", fileable_id: discussion.id, private: "0",
      content_link: `/projects/${projectId}/discussions/${discussion.id}`,
      fileable: { commentable_type: "discussion_board", commentable_id: discussion.id, title: "Board" },
      abilities: { can_edit: false, can_delete: false, can_download: true },
    });
    expect(byId.get(comment.files.data[0]?.id ?? 0)).toMatchObject({
      fileable_type: "comment", content_link: `/projects/${projectId}/task-lists/tasks/${task.id}`, fileable: { commentable_type: "task", title: "Linked" },
    });
    // Folders first; attachments only in the files home.
    expect((home.json().data as Array<{ type: string }>)[0]?.type).toBe("folder");
    const inFolder = await cast.coWorker.inject({ method: "GET", url: files(`?folder_id=${folder.id}`) });
    expect(inFolder.json().data).toEqual([]);

    const attachmentId = discussion.files.data[0]?.id ?? 0;
    expect((await cast.manager.inject({ method: "POST", url: files(`/${attachmentId}`), payload: { title: "Renamed" } })).statusCode).toBe(403);
    expect((await cast.manager.inject({ method: "POST", url: files("/sorting"), payload: { source: attachmentId, destination: folder.id } })).statusCode).toBe(400);
    expect((await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/files/${attachmentId}/delete` })).statusCode).toBe(403);
    // No comments on an attachment: it belongs to its record's thread.
    const commentOnFile = await cast.manager.inject({ method: "POST", url: api("comments"), payload: { content: "x", commentable_type: "file", commentable_id: attachmentId } });
    expect(commentOnFile.statusCode).toBe(404);
  });

  it("downloads attachments through the core call while the files module is off", async () => {
    const discussion = await ok<{ files: { data: Attached[] } }>(await send(cast.manager, api("discussion-boards"), { title: "Off" }, [text("off.txt", "still here")]));
    const update = (type: string) => cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "files", type } });
    expect((await update("deactivate")).statusCode).toBe(200);
    try {
      expect((await cast.client.inject({ method: "GET", url: files("?folder_id=0") })).statusCode).toBe(404);
      const download = await cast.client.inject({ method: "GET", url: discussion.files.data[0]?.url ?? "" });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe("still here");
    } finally {
      expect((await update("activate")).statusCode).toBe(200);
    }
  });
});

describe("docs and links with files[]", () => {
  it("attaches files to a doc on create and update, lists them in the doc, and keeps them out of the list", async () => {
    const created = await send(cast.coWorker, files(), { type: "doc", title: "Guide", description: "<p>v1</p>", parent: "0" }, [text("appendix.txt")]);
    const doc = await ok<{ id: number; files: { data: Attached[] } }>(created);
    expect(created.json().message).toBe("Doc created successfully");
    expect(doc.files.data).toMatchObject([{ name: "appendix.txt", fileable_type: "file", fileable_id: doc.id }]);
    expect(await homeIds(cast.coWorker)).not.toContain(doc.files.data[0]?.id);

    const updated = await ok<{ files: { data: Attached[] }; description: { html: string } }>(
      await send(cast.coWorker, files(`/${doc.id}`), { description: "<p>v2</p>", "files_to_delete[]": [String(doc.files.data[0]?.id)] }, [text("appendix-2.txt")]),
    );
    expect(updated.description.html).toBe("<p>v2</p>");
    expect(updated.files.data.map((file) => file.name)).toEqual(["appendix-2.txt"]);
    const one = await ok<{ files: { data: Attached[] }; revisions: { data: unknown[] } }>(await cast.client.inject({ method: "GET", url: files(`?childId=${doc.id}&with=comments,revisions`) }));
    expect(one.files.data).toHaveLength(1);
    expect(one.revisions.data).toHaveLength(1);

    // A folder takes no attachments.
    const folder = await send(cast.coWorker, files(), { type: "folder", title: "F" }, [text("x.txt")]);
    expect(folder.statusCode).toBe(400);
    expect(folder.json().data.params).toHaveProperty("files");

    // Deleting the doc removes its files, rows and (once its trash entry is purged) bytes.
    const before = await storedFiles();
    const deleted = await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/files/${doc.id}/delete` });
    expect(deleted.statusCode).toBe(200);
    await purgeNow(t.app, t.database.db, deleted.json().undo.id);
    expect(await storedFiles()).toBe(before - 1);
  });

  it("hides a doc's files with the doc when its folder turns private", async () => {
    const folder = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: files(), payload: { type: "folder", title: "Vault" } }));
    const doc = await ok<{ id: number; files: { data: Attached[] } }>(await send(cast.manager, files(), { type: "doc", title: "In vault", parent: String(folder.id) }, [text("v.txt")]));
    const url = doc.files.data[0]?.url ?? "";
    expect((await cast.client.inject({ method: "GET", url })).statusCode).toBe(200);
    await ok(await cast.manager.inject({ method: "POST", url: files(`/${folder.id}`), payload: { private: 1 } }));
    expect((await cast.client.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await cast.coWorker.inject({ method: "GET", url })).statusCode).toBe(200);
  });

  it("answers a doc with its comments when asked", async () => {
    const doc = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: files(), payload: { type: "doc", title: "Talked about" } }));
    await ok(await cast.client.inject({ method: "POST", url: api("comments"), payload: { content: "<p>Nice</p>", commentable_type: "file", commentable_id: doc.id } }));
    const one = await ok<{ comments: { data: Array<{ content: string }> }; comment_count: number }>(
      await cast.client.inject({ method: "GET", url: files(`?childId=${doc.id}&with=comments,revisions`) }),
    );
    expect(one.comment_count).toBe(1);
    expect(one.comments.data.map((comment) => comment.content)).toEqual(["<p>Nice</p>"]);
    const without = await ok<Record<string, unknown>>(await cast.client.inject({ method: "GET", url: files(`?childId=${doc.id}`) }));
    expect(without.comments).toBeUndefined();
  });
});

describe("project counts", () => {
  it("counts the files each reader may see in meta.total_files, and comments on private files only for those who see them", async () => {
    const project = (await createProjectWithCast(cast, { title: "Counting" })).id;
    const url = (rest: string) => `/api/pm/v2/projects/${project}/${rest}`;
    const filesUrl = `/api/pm-pro/v2/projects/${project}/files`;
    const vault = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: filesUrl, payload: { type: "folder", title: "Vault", private: 1 } }));
    const secretDoc = await ok<{ id: number }>(await cast.manager.inject({ method: "POST", url: filesUrl, payload: { type: "doc", title: "Secret", parent: vault.id } }));
    await ok(await cast.manager.inject({ method: "POST", url: filesUrl, payload: { type: "link", title: "Public", url: "https://example.com" } }));
    await ok(await send(cast.manager, filesUrl, { type: "pro_file", parent: "0" }, [text("open.txt")]));
    const privateTask = await createTask(cast.manager, project, { privacy: 1 });
    await ok(await send(cast.manager, url(`tasks/${privateTask.id}/update`), {}, [text("hidden.txt")]));
    const publicTask = await createTask(cast.manager, project);
    await ok(await send(cast.client, url("comments"), { content: "c", commentable_type: "task", commentable_id: String(publicTask.id) }, [text("seen.txt")]));
    await ok(await cast.manager.inject({ method: "POST", url: url("comments"), payload: { content: "on secret doc", commentable_type: "file", commentable_id: secretDoc.id } }));

    const meta = async (session: Session) => (await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` })).json().data.meta.data;
    // Secret doc, link, upload, the private task's file, the comment's file.
    expect(await meta(cast.manager)).toMatchObject({ total_files: 5, total_comments: 2 });
    // Link, upload, the comment's file; the doc in the private folder and the private task's file are hidden.
    expect(await meta(cast.client)).toMatchObject({ total_files: 3, total_comments: 1 });
    const list = await cast.client.inject({ method: "GET", url: "/api/pm/v2/projects?with=meta" });
    expect(list.statusCode).toBe(200);
  });
});
