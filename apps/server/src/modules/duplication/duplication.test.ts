import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type Session, type TestApp } from "../../../test/helpers.js";
import type { Actor } from "../../lib/actor.js";
import { PASSWORD, PEOPLE, seedDemo, type DemoIds } from "../../scripts/demo-data.js";
import { localDiskStorage } from "../../storage/local-disk.js";
import type { Storage } from "../../storage/storage.js";
import { saveCapabilities, seedLists } from "../tasks/tasks.fixtures.js";
import { projectSnapshot, uncopiedCounts } from "./duplication.fixtures.js";
import { duplicationService } from "./duplication.service.js";

let t: TestApp;
let dataDir: string;
let storage: Storage;
let demo: DemoIds;
let ana: Session;
let web: number;
const at = "2026-03-01 09:00:00";

const duplicateUrl = (projectId: number) => `/api/pm-pro/v2/duplicate/project/${projectId}`;

async function post(session: Session, url: string, payload: Record<string, unknown> = {}): Promise<{ id: number; [key: string]: unknown }> {
  const response = await session.inject({ method: "POST", url, payload });
  if (response.statusCode !== 200) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Uploads files through the API as a browser does (multipart). */
async function upload(session: Session, projectId: number, parent: number, files: Array<{ name: string; bytes: Buffer }>): Promise<Array<{ id: number }>> {
  const boundary = `----plotline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\npro_file\r\n--${boundary}\r\nContent-Disposition: form-data; name="parent"\r\n\r\n${parent}\r\n`)];
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await session.inject({
    method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/files`, payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function taskId(projectId: number, title: string): Promise<number> {
  return (await t.database.db.selectFrom("tasks").select("id").where("project_id", "=", projectId).where("title", "=", title).executeTakeFirstOrThrow()).id;
}

async function storedBlobs(): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, "files"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

async function projectCount(): Promise<number> {
  return (await t.database.db.selectFrom("projects").select("id").execute()).length;
}

const png = () => sharp({ create: { width: 300, height: 200, channels: 3, background: "#2f9e44" } }).png().toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-duplication-"));
  t = await createTestApp({ config: { dataDir } });
  storage = localDiskStorage(path.join(dataDir, "files"));
  demo = await seedDemo(t.app);
  ana = await signIn(t.app, PEOPLE.ana.email, PASSWORD);
  web = demo.projects.web;

  // The demo project, plus what the demo does not make yet: a sub-task, a task type, labels, saved
  // settings and a files tree with a private folder, a doc with a revision, a link and two uploads.
  const homepage = await taskId(web, "Homepage mock-up");
  await post(ana, `/api/pm/v2/projects/${web}/tasks`, { title: "Hero image", parent_id: homepage, assignees: [demo.users.ben], estimation: 60 });
  const bug = await post(ana, "/api/pm/v2/task-types", { title: "Bug" });
  await post(ana, `/api/pm/v2/projects/${web}/tasks`, {
    title: "Broken footer link", type_id: bug.id, priority: 2, start_at: "2026-04-01", due_date: "2026-04-03", assignees: [demo.users.chloe, demo.users.ben],
  });
  const labels = await t.database.db.insertInto("labels").values([
    { project_id: web, title: "Urgent", description: "Drop everything", color: "#e03131", created_by: demo.users.ana, created_at: at, updated_at: at },
    { project_id: web, title: "Design", description: "", color: "#00c2e0", created_by: demo.users.ana, created_at: at, updated_at: at },
  ]).returning("id").execute();
  const [urgent, design] = labels.map((label) => label.id);
  const labelled = [[await taskId(web, "Icon set"), urgent], [await taskId(web, "Icon set"), design], [await taskId(web, "Hero image"), design]];
  await t.database.db.insertInto("task_labels").values(labelled.map(([task, label]) => ({ task_id: Number(task), label_id: Number(label), project_id: web }))).execute();
  await saveCapabilities(t.database.db, web, { client: { view_private_task: true, create_list: false } });
  await t.database.db.insertInto("project_settings").values({ project_id: web, key: "git_bit_hash", value: JSON.stringify("secret-hook-token"), updated_at: at }).execute();

  const files = `/api/pm-pro/v2/projects/${web}/files`;
  const briefs = await post(ana, files, { type: "folder", title: "Briefs", private: 1 });
  const drafts = await post(ana, files, { type: "folder", title: "Drafts", parent: briefs.id });
  const doc = await post(ana, files, { type: "doc", title: "Brand brief", description: "<p>Tone: warm.</p>", parent: drafts.id });
  await post(ana, `${files}/${doc.id}`, { description: "<p>Tone: warm and plain.</p>" });
  await post(ana, files, { type: "link", title: "Style guide", url: "https://example.com/style", description: "Colours and type" });
  await upload(ana, web, briefs.id, [{ name: "hero.png", bytes: await png() }]);
  await upload(ana, web, 0, [{ name: "notes.txt", bytes: Buffer.from("Launch notes\n") }]);
  await post(ana, `/api/pm/v2/projects/${web}/comments`, { content: "<p>Looks right.</p>", commentable_type: "file", commentable_id: doc.id });

  // Attachments of a task, a discussion, a doc and a comment; the comment's is not copied.
  const comment = await t.database.db.selectFrom("comments").select("id").where("project_id", "=", web).orderBy("id").executeTakeFirstOrThrow();
  const kickoff = await t.database.db.selectFrom("discussions").select("id").where("project_id", "=", web).executeTakeFirstOrThrow();
  const holders = [["task", await taskId(web, "Icon set")], ["discussion_board", kickoff.id], ["file", doc.id], ["comment", comment.id]] as const;
  for (const [type, id] of holders) {
    const key = `projects/${web}/attachment-${type}`;
    const bytes = Buffer.from(`attached to the ${type}\n`);
    await storage.put(key, bytes, "text/plain");
    await t.database.db.withTables<{ project_files: Record<string, unknown> }>().insertInto("project_files").values({
      project_id: web, parent_id: 0, type: "pro_file", title: `${type}.txt`, description: "", url: "", privacy: 0, original_name: `${type}.txt`,
      mime_type: "text/plain", size_bytes: bytes.length, storage_key: key, thumb_key: null, created_by: demo.users.ana, created_at: at, updated_at: at,
      fileable_type: type, fileable_id: id,
    }).execute();
  }
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("POST /api/pm-pro/v2/duplicate/project/:project", () => {
  let copyId: number;

  it("copies the demo project item for item, minus comments, activities and favourites", async () => {
    const before = await projectSnapshot(t.database.db, storage, web);
    const response = await ana.inject({ method: "POST", url: duplicateUrl(web) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    copyId = body.data.id;
    expect(body).toMatchObject({
      message: "Project duplicated successfully",
      data: { title: "Website relaunch copy", status: "incomplete", color: "#1c7ed6", abilities: { duplicate: true, can_manage: true } },
    });
    expect(copyId).not.toBe(web);

    const source = await projectSnapshot(t.database.db, storage, web);
    const copy = await projectSnapshot(t.database.db, storage, copyId);
    // Duplicating changed nothing in the source.
    expect(source).toEqual(before);
    // The webhook token is the only setting that stays with its project; comments' attachments go with them.
    expect(copy).toEqual({
      ...source,
      settings: source.settings.filter((setting) => setting.key !== "git_bit_hash"),
      files: source.files.filter((file) => file.fileable_type !== "comment"),
    });

    // What was compared is all there: the comparison is not of two empty projects.
    expect(copy.lists.map((list) => list.title)).toEqual(["Inbox", "Design", "Content", "Budget"]);
    expect(copy.lists.find((list) => list.title === "Budget")).toMatchObject({ privacy: 1, status: 1, milestone: null });
    expect(copy.lists.find((list) => list.title === "Design")).toMatchObject({ milestone: "Public launch" });
    expect(copy.tasks).toHaveLength(10);
    expect(copy.tasks.find((task) => task.title === "Hero image")).toMatchObject({ parent: "Homepage mock-up", privacy: 0, labels: ["Design"], estimation: 60 });
    expect(copy.tasks.find((task) => task.title === "Internal margin review")).toMatchObject({ privacy: 1 });
    expect(copy.tasks.find((task) => task.title === "Homepage mock-up")).toMatchObject({ status: 1, estimation: 480, assignees: [demo.users.ben] });
    expect(copy.tasks.find((task) => task.title === "Icon set")).toMatchObject({ labels: ["Design", "Urgent"] });
    expect(copy.tasks.find((task) => task.title === "Broken footer link")).toMatchObject({ priority: 2, start_at: "2026-04-01", due_date: "2026-04-03" });
    expect(copy.milestones.map((milestone) => milestone.title)).toEqual(["Public launch", "Design sign-off"]);
    expect(copy.discussions).toEqual([expect.objectContaining({ title: "Kick-off notes", milestone: "Public launch" })]);
    expect(copy.members).toHaveLength(4);
    expect(copy.settings.map((setting) => setting.key)).toEqual(["capabilities"]);
    expect(copy.files.map((file) => [file.type, file.title, file.parent])).toEqual([
      ["folder", "Briefs", null],
      ["folder", "Drafts", "Briefs"],
      ["doc", "Brand brief", "Drafts"],
      ["revision", "Brand brief", "Brand brief"],
      ["link", "Style guide", null],
      ["pro_file", "hero.png", "Briefs"],
      ["pro_file", "notes.txt", null],
      ["pro_file", "task.txt", null],
      ["pro_file", "discussion_board.txt", null],
      ["pro_file", "file.txt", null],
    ]);
    expect(copy.files.filter((file) => file.fileable_type).map((file) => [file.title, file.attached_to])).toEqual([
      ["task.txt", "Icon set"], ["discussion_board.txt", "Kick-off notes"], ["file.txt", "Brand brief"],
    ]);
    expect(source.files.find((file) => file.fileable_type === "comment")).toMatchObject({ bytes: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(copy.files.find((file) => file.title === "hero.png")).toMatchObject({ bytes: expect.stringMatching(/^[0-9a-f]{64}$/), thumb: expect.stringMatching(/^[0-9a-f]{64}$/) });

    expect(await uncopiedCounts(t.database.db, web)).toMatchObject({ favourites: 1 });
    expect((await uncopiedCounts(t.database.db, web)).comments).toBeGreaterThan(0);
    expect(await uncopiedCounts(t.database.db, copyId)).toEqual({ comments: 0, activities: 1, favourites: 0 });
    const activity = await t.database.db.selectFrom("activities").selectAll().where("project_id", "=", copyId).executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ action: "duplicate_project", resource_type: "project", resource_id: copyId, message: "Ana Lima duplicated the project Website relaunch" });
  });

  it("keeps sub-tasks, lists and links pointing inside the copy", async () => {
    const tasks = await t.database.db.selectFrom("tasks").selectAll().where("project_id", "=", copyId).execute();
    const ids = new Set(tasks.map((task) => task.id));
    const lists = new Set((await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", copyId).execute()).map((list) => list.id));
    for (const task of tasks) {
      expect(lists.has(task.task_list_id)).toBe(true);
      if (task.parent_id !== 0) expect(ids.has(task.parent_id)).toBe(true);
    }
    const milestones = new Set((await t.database.db.selectFrom("milestones").select("id").where("project_id", "=", copyId).execute()).map((row) => row.id));
    const linked = await t.database.db.selectFrom("task_lists").select("milestone_id").where("project_id", "=", copyId).where("milestone_id", "is not", null).execute();
    expect(linked.length).toBeGreaterThan(0);
    for (const row of linked) expect(milestones.has(row.milestone_id ?? 0)).toBe(true);
    const assigned = await t.database.db.selectFrom("task_assignees").select(["task_id", "project_id"]).where("project_id", "=", copyId).execute();
    expect(assigned.every((row) => ids.has(row.task_id))).toBe(true);
    const labelled = await t.database.db.selectFrom("task_labels").innerJoin("labels", "labels.id", "task_labels.label_id")
      .select(["task_labels.task_id", "labels.project_id"]).where("task_labels.project_id", "=", copyId).execute();
    expect(labelled.length).toBe(3);
    expect(labelled.every((row) => ids.has(row.task_id) && row.project_id === copyId)).toBe(true);
  });

  it("shows the copy to the client as the source is shown: private items by the copied capabilities", async () => {
    const dana = await signIn(t.app, PEOPLE.dana.email, PASSWORD);
    const titles = async (projectId: number) => {
      const answer = await dana.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks,complete_tasks` });
      expect(answer.statusCode).toBe(200);
      return answer.json().data.map((list: { title: string; incomplete_tasks: { data: Array<{ title: string }> } }) =>
        [list.title, list.incomplete_tasks.data.map((task) => task.title)]);
    };
    const seen = await titles(copyId);
    expect(seen).toEqual(await titles(web));
    // The copied capabilities let the client see private tasks; the private list stays hidden.
    expect(seen.flatMap(([, tasks]: [string, string[]]) => tasks)).toContain("Internal margin review");
    expect(seen.map(([title]: [string]) => title)).not.toContain("Budget");
    const project = (await dana.inject({ method: "GET", url: `/api/pm/v2/projects/${copyId}` })).json().data;
    expect(project.abilities).toMatchObject({ duplicate: false, create_list: false, view_private_task: true });
  });

  it("keeps the copy's uploads when the source's are deleted", async () => {
    const copyPng = await t.database.db.withTables<{ project_files: { id: number; project_id: number; title: string } }>()
      .selectFrom("project_files").select("id").where("project_id", "=", copyId).where("title", "=", "hero.png").executeTakeFirstOrThrow();
    const sourcePng = await t.database.db.withTables<{ project_files: { id: number; project_id: number; title: string } }>()
      .selectFrom("project_files").select("id").where("project_id", "=", web).where("title", "=", "hero.png").executeTakeFirstOrThrow();
    const original = (await ana.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${web}/files/${sourcePng.id}/download` })).rawPayload;
    const removed = await ana.inject({ method: "POST", url: `/api/pm/v2/projects/${web}/files/${sourcePng.id}/delete` });
    expect(removed.statusCode).toBe(200);
    expect((await ana.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${web}/files/${sourcePng.id}/download` })).statusCode).toBe(404);
    const download = await ana.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${copyId}/files/${copyPng.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(download.rawPayload, original)).toBe(0);
    const thumb = await ana.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${copyId}/files/${copyPng.id}/thumb` });
    expect(thumb.statusCode).toBe(200);
  });

  it("names each copy uniquely, whatever the case of the titles taken", async () => {
    const second = await ana.inject({ method: "POST", url: duplicateUrl(web) });
    expect(second.json().data.title).toBe("Website relaunch copy 2");
    await t.database.db.updateTable("projects").set({ title: "WEBSITE RELAUNCH COPY 3" }).where("id", "=", second.json().data.id).execute();
    // "copy 2" is free again; "copy 3" is taken whatever its case.
    const third = await ana.inject({ method: "POST", url: duplicateUrl(web) });
    expect(third.json().data.title).toBe("Website relaunch copy 2");
    const fourth = await ana.inject({ method: "POST", url: duplicateUrl(web) });
    expect(fourth.json().data.title).toBe("Website relaunch copy 4");
    const ofCopy = await ana.inject({ method: "POST", url: duplicateUrl(copyId) });
    expect(ofCopy.json().data.title).toBe("Website relaunch copy copy");

    const wildcard = await post(ana, "/api/pm/v2/projects", { title: "100%_done" });
    await post(ana, "/api/pm/v2/projects", { title: "100xydone copy" });
    expect((await ana.inject({ method: "POST", url: duplicateUrl(wildcard.id) })).json().data.title).toBe("100%_done copy");

    const long = await post(ana, "/api/pm/v2/projects", { title: `${"Long name ".repeat(20)}`.trim().slice(0, 200) });
    const longCopy = (await ana.inject({ method: "POST", url: duplicateUrl(long.id) })).json().data.title as string;
    expect(longCopy.length).toBeLessThanOrEqual(200);
    expect(longCopy.endsWith("name copy")).toBe(true);
    const longAgain = (await ana.inject({ method: "POST", url: duplicateUrl(long.id) })).json().data.title as string;
    expect(longAgain).toBe(`${longCopy} 2`);
  });

  it("answers 404 for a project that does not exist", async () => {
    expect((await ana.inject({ method: "POST", url: duplicateUrl(999_999) })).statusCode).toBe(404);
    expect((await ana.inject({ method: "POST", url: "/api/pm-pro/v2/duplicate/project/abc" })).statusCode).toBe(400);
  });

  it("runs the same number of SQL statements for 30 tasks as for 600", async () => {
    async function statementsFor(tasksPerList: number): Promise<number> {
      const project = await post(ana, "/api/pm/v2/projects", { title: `Counted ${tasksPerList}`, assignees: [{ user_id: demo.users.ben, role_id: 2 }] });
      await seedLists(t.database.db, { projectId: project.id, creatorId: demo.users.ana, assigneeId: demo.users.ben, lists: 3, tasksPerList });
      t.queries.length = 0;
      const response = await ana.inject({ method: "POST", url: duplicateUrl(project.id) });
      expect(response.statusCode).toBe(200);
      const copied = await t.database.db.selectFrom("tasks").select("id").where("project_id", "=", response.json().data.id).execute();
      expect(copied).toHaveLength(3 * tasksPerList);
      return t.queries.length;
    }
    const few = await statementsFor(10);
    const many = await statementsFor(200);
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(45);
  });
});

describe("a duplication that fails", () => {
  const actor = (): Actor => ({ id: demo.users.ana, displayName: "Ana Lima", email: PEOPLE.ana.email, avatarUrl: null, isSiteManager: true, via: "session", sessionId: null, nonce: null });

  it("writes no rows and removes the blobs already copied when storage fails half-way", async () => {
    // An image and its thumbnail: two blobs, so that the second copy fails after the first was written.
    await upload(ana, demo.projects.web, 0, [{ name: "again.png", bytes: await png() }]);
    const before = { projects: await projectCount(), blobs: await storedBlobs() };
    const disk = localDiskStorage(path.join(dataDir, "files"));
    let puts = 0;
    const failing: Storage = {
      ...disk,
      async put(key, body, type) {
        puts += 1;
        if (puts === 2) throw new Error("disk full");
        return disk.put(key, body, type);
      },
    };
    const service = duplicationService(t.app.ctx, t.app.services, failing);
    await expect(service.duplicateProject(actor(), demo.projects.web)).rejects.toThrow(/disk full/);
    expect(puts).toBe(2);
    expect(await projectCount()).toBe(before.projects);
    expect(await storedBlobs()).toEqual(before.blobs);
  });

  it("removes the copied blobs when a row cannot be written", async () => {
    const before = { projects: await projectCount(), blobs: await storedBlobs() };
    const failing = t.app.ctx.db.withPlugin({
      transformQuery(args) {
        // The copy's last write in its transaction is its domain event (its activity is written after commit).
        if (args.node.kind === "InsertQueryNode" && JSON.stringify(args.node.into).includes("events")) throw new Error("insert failed");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const service = duplicationService({ ...t.app.ctx, db: failing }, t.app.services, storage);
    await expect(service.duplicateProject(actor(), demo.projects.web)).rejects.toThrow(/insert failed/);
    expect(await projectCount()).toBe(before.projects);
    expect(await storedBlobs()).toEqual(before.blobs);
  });
});
