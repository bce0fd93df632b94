import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUILT_PRO_MODULES } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { nowUtc } from "../../lib/dates.js";
import { localDiskStorage } from "../../storage/local-disk.js";
import { createList, createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let dataDir: string;

type Role = keyof Cast;
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-duplication-"));
  t = await createTestApp({ config: { dataDir } });
  cast = await createCast(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Who may create projects site-wide: site managers only (the default) or every signed-in user. */
async function allowEveryoneToCreateProjects(allowed: boolean): Promise<void> {
  await t.database.db.deleteFrom("settings").where("key", "=", "project_create_capability").execute();
  if (allowed) {
    await t.database.db.insertInto("settings").values({ key: "project_create_capability", value: JSON.stringify("everyone"), updated_at: nowUtc() }).execute();
  }
}

async function projectCount(): Promise<number> {
  return (await t.database.db.selectFrom("projects").select("id").execute()).length;
}

describe("who may duplicate a project", () => {
  let projectId: number;

  beforeAll(async () => {
    projectId = (await createProjectWithCast(cast, { title: "Permissions" })).id;
  });

  // By default only site managers create projects, so only they duplicate; the project's own manager may
  // once everyone may create projects. Co-workers, clients and outsiders never may.
  const expectations: Record<Role, { byDefault: number; everyone: number }> = {
    siteManager: { byDefault: 200, everyone: 200 },
    manager: { byDefault: 403, everyone: 200 },
    coWorker: { byDefault: 403, everyone: 403 },
    client: { byDefault: 403, everyone: 403 },
    outsider: { byDefault: 403, everyone: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].byDefault}, then ${expectations[role].everyone} once everyone may create projects, to a ${role}`, async () => {
      for (const [setting, expected] of [[false, expectations[role].byDefault], [true, expectations[role].everyone]] as const) {
        await allowEveryoneToCreateProjects(setting);
        const before = await projectCount();
        const response = await cast[role].inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${projectId}` });
        expect(response.statusCode, response.body).toBe(expected);
        expect(await projectCount()).toBe(before + (expected === 200 ? 1 : 0));
        if (role !== "outsider") {
          const project = (await cast[role].inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` })).json().data;
          expect(project.abilities.duplicate).toBe(expected === 200);
        }
      }
      await allowEveryoneToCreateProjects(false);
    });
  }

  it("makes the project manager who duplicates a manager of the copy, with the source's members", async () => {
    await allowEveryoneToCreateProjects(true);
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${projectId}` });
    await allowEveryoneToCreateProjects(false);
    const copy = response.json().data;
    expect(copy.creator.data.id).toBe(cast.manager.userId);
    const roles = copy.assignees.data.map((member: { id: number; roles: { data: Array<{ slug: string }> } }) => [member.id, member.roles.data[0]?.slug]);
    expect(roles).toEqual(expect.arrayContaining([
      [cast.siteManager.userId, "manager"], [cast.manager.userId, "manager"], [cast.coWorker.userId, "co_worker"], [cast.client.userId, "client"],
    ]));
    expect(roles).toHaveLength(4);
  });

  it("is core Pro: it answers with every built Pro module switched off", async () => {
    for (const module of BUILT_PRO_MODULES) {
      const off = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module, type: "deactivate" } });
      expect(off.statusCode, off.body).toBe(200);
    }
    const list = await createList(cast.manager, projectId, { title: "Modules off" });
    expect((await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${projectId}` })).statusCode).toBe(200);
    expect((await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/duplicate/list/${list.id}` })).statusCode).toBe(200);
    for (const module of BUILT_PRO_MODULES) {
      await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module, type: "activate" } });
    }
  });

  it("refuses a browser session without the nonce", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${projectId}`, nonce: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("invalid_nonce");
  });
});

describe("GET /api/pm-pro/v2/duplicate/list/:list", () => {
  let projectId: number;
  let inboxId: number;
  const url = (listId: number) => `/api/pm-pro/v2/duplicate/list/${listId}`;

  beforeAll(async () => {
    projectId = (await createProjectWithCast(cast, { title: "Lists" })).id;
    inboxId = (await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 1).executeTakeFirstOrThrow()).id;
  });

  async function listTitles(): Promise<string[]> {
    const response = await cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists?per_page=-1` });
    return response.json().data.map((list: { title: string }) => list.title);
  }

  it("copies a list right below it with its tasks, assignees, labels and sub-tasks", async () => {
    const milestone = (await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/milestones`, payload: { title: "Go live" } })).json().data.id;
    const design = await createList(cast.manager, projectId, { title: "Design", description: "<p>Look</p>", milestone });
    await createList(cast.manager, projectId, { title: "Later" });
    const parent = await createTask(cast.coWorker, projectId, {
      title: "Mock-up", board_id: design.id, assignees: [cast.coWorker.userId, cast.client.userId], estimation: 90, start_at: "2026-05-01", due_date: "2026-05-04",
    });
    await createTask(cast.coWorker, projectId, { title: "Mock-up detail", parent_id: parent.id, assignees: [cast.coWorker.userId] });
    const done = await createTask(cast.manager, projectId, { title: "Moodboard", board_id: design.id });
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${done.id}/change-status`, payload: { status: 1 } });
    await createTask(cast.manager, projectId, { title: "Fee", board_id: design.id, privacy: 1 });
    const label = await t.database.db.insertInto("labels").values({
      project_id: projectId, title: "Urgent", description: "", color: "#e03131", created_by: cast.manager.userId, created_at: nowUtc(), updated_at: nowUtc(),
    }).returning("id").executeTakeFirstOrThrow();
    await t.database.db.insertInto("task_labels").values({ task_id: parent.id, label_id: label.id, project_id: projectId }).execute();
    const storage = localDiskStorage(path.join(dataDir, "files"));
    await storage.put(`projects/${projectId}/sketch`, Buffer.from("sketch"), "text/plain");
    await t.database.db.withTables<{ project_files: Record<string, unknown> }>().insertInto("project_files").values({
      project_id: projectId, parent_id: 0, type: "pro_file", title: "sketch.txt", description: "", url: "", privacy: 0, original_name: "sketch.txt",
      mime_type: "text/plain", size_bytes: 6, storage_key: `projects/${projectId}/sketch`, thumb_key: null, created_by: cast.coWorker.userId,
      created_at: nowUtc(), updated_at: nowUtc(), fileable_type: "task", fileable_id: parent.id,
    }).execute();

    const response = await cast.coWorker.inject({ method: "GET", url: url(design.id) });
    expect(response.statusCode, response.body).toBe(200);
    const copy = response.json();
    expect(copy).toMatchObject({
      message: "Task list duplicated successfully",
      data: {
        title: "Design copy", is_inbox: false, status: 1, description: { html: "<p>Look</p>" },
        milestone: { data: { id: milestone } }, meta: { privacy: "0", total_tasks: 3, total_complete_tasks: 1 },
        creator: { data: { id: cast.coWorker.userId } }, abilities: { can_edit: true, can_duplicate: true },
      },
    });
    expect(await listTitles()).toEqual(["Inbox", "Design", "Design copy", "Later"]);

    const copied = await t.database.db.selectFrom("tasks").selectAll().where("task_list_id", "=", copy.data.id).orderBy("id").execute();
    expect(copied.map((task) => [task.title, task.status, task.privacy])).toEqual([["Mock-up", 0, 0], ["Mock-up detail", 0, 0], ["Moodboard", 1, 0], ["Fee", 0, 1]]);
    const [mockUp, detail] = copied;
    expect(mockUp).toMatchObject({ estimation: 90, start_at: "2026-05-01", due_date: "2026-05-04", created_by: cast.coWorker.userId });
    expect(detail?.parent_id).toBe(mockUp?.id);
    // The copies are the co-worker's own, so they may change them as a list's and tasks' creator may.
    expect(copied.every((task) => task.created_by === cast.coWorker.userId)).toBe(true);
    const assignees = await t.database.db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("task_id", "=", mockUp?.id ?? 0).orderBy("user_id").execute();
    expect(assignees.map((row) => row.user_id)).toEqual([cast.coWorker.userId, cast.client.userId].sort((a, b) => a - b));
    const labels = await t.database.db.selectFrom("task_labels").select(["label_id", "project_id"]).where("task_id", "=", mockUp?.id ?? 0).execute();
    expect(labels).toEqual([{ label_id: label.id, project_id: projectId }]);
    const attachments = await t.database.db.withTables<{ project_files: { id: number; title: string; storage_key: string | null; fileable_type: string | null; fileable_id: number | null } }>()
      .selectFrom("project_files").select(["id", "title", "storage_key", "fileable_id"]).where("fileable_type", "=", "task").where("fileable_id", "=", mockUp?.id ?? 0).execute();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.storage_key).not.toBe(`projects/${projectId}/sketch`);
    const download = await cast.client.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/files/${attachments[0]?.id}/download` });
    expect(download.body).toBe("sketch");
    const activity = await t.database.db.selectFrom("activities").selectAll().where("project_id", "=", projectId).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ action: "duplicate_task_list", resource_id: copy.data.id, message: "Carl Coworker duplicated the task list Design" });
    // Comments are not copied.
    expect((await t.database.db.selectFrom("comments").select("id").where("commentable_id", "in", copied.map((task) => task.id)).execute())).toEqual([]);
  });

  it("copies only the tasks a client can see, and keeps the Inbox's title without making a second Inbox", async () => {
    await createTask(cast.manager, projectId, { title: "Inbox task" });
    await createTask(cast.manager, projectId, { title: "Inbox secret", privacy: 1 });
    const response = await cast.client.inject({ method: "GET", url: url(inboxId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ title: "Inbox", is_inbox: false, abilities: { can_delete: true } });
    const copied = await t.database.db.selectFrom("tasks").select("title").where("task_list_id", "=", response.json().data.id).execute();
    expect(copied.map((task) => task.title)).toEqual(["Inbox task"]);
    const inboxes = await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 1).execute();
    expect(inboxes).toEqual([{ id: inboxId }]);
    expect((await listTitles()).slice(0, 2)).toEqual(["Inbox", "Inbox"]);
  });

  it("refuses an archived list with 422 and writes nothing", async () => {
    const list = await createList(cast.manager, projectId, { title: "Old" });
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, payload: { status: 0 } });
    const archived = (await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}` })).json().data;
    expect(archived.abilities.can_duplicate).toBe(false);
    const before = (await t.database.db.selectFrom("task_lists").select("id").execute()).length;
    const response = await cast.manager.inject({ method: "GET", url: url(list.id) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "rule_broken", message: "Only a current task list can be duplicated. Restore it first." });
    expect((await t.database.db.selectFrom("task_lists").select("id").execute()).length).toBe(before);
  });

  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 200, private: 200 },
    client: { public: 200, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} duplicating a public/private list`, async () => {
      const publicList = await createList(cast.manager, projectId, { title: `Open ${role}` });
      const privateList = await createList(cast.manager, projectId, { title: `Hidden ${role}`, privacy: 1 });
      const answers = [await cast[role].inject({ method: "GET", url: url(publicList.id) }), await cast[role].inject({ method: "GET", url: url(privateList.id) })];
      expect(answers.map((answer) => answer.statusCode)).toEqual([expectations[role].public, expectations[role].private]);
      const copies = await t.database.db.selectFrom("task_lists").select("title").where("title", "in", [`Open ${role} copy`, `Hidden ${role} copy`]).execute();
      expect(copies).toHaveLength(answers.filter((answer) => answer.statusCode === 200).length);
    });
  }

  it("refuses those without create_list with 403, and says so in the list's abilities", async () => {
    await saveCapabilities(t.database.db, projectId, { client: { create_list: false } });
    const list = await createList(cast.manager, projectId, { title: "Guarded" });
    const seen = (await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}` })).json().data;
    expect(seen.abilities.can_duplicate).toBe(false);
    const response = await cast.client.inject({ method: "GET", url: url(list.id) });
    expect(response.statusCode).toBe(403);
    await saveCapabilities(t.database.db, projectId, null);
    const allowed = (await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}` })).json().data;
    expect(allowed.abilities.can_duplicate).toBe(true);
  });

  it("needs the nonce from a browser session although it is a GET, and answers 404 for an unknown list", async () => {
    const list = await createList(cast.manager, projectId, { title: "Nonce" });
    const withoutNonce = await cast.manager.inject({ method: "GET", url: url(list.id), nonce: false });
    expect(withoutNonce.statusCode).toBe(403);
    expect(withoutNonce.json().code).toBe("invalid_nonce");
    expect((await cast.manager.inject({ method: "GET", url: url(999_999) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: url(list.id) })).statusCode).toBe(401);
  });

  it("lets an API token duplicate a list without a nonce", async () => {
    const token = (await cast.manager.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "script" } })).json().data.token as string;
    const list = await createList(cast.manager, projectId, { title: "Scripted" });
    const response = await t.app.inject({ method: "GET", url: url(list.id), headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.title).toBe("Scripted copy");
  });
});
