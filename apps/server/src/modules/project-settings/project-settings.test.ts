import { CAPABILITIES, DEFAULT_CAPABILITIES, DEFAULT_GIT_BIT_SETTING, DEFAULT_SLACK_SETTING } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Configured" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];
const ALLOWED: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 };

const url = (project = projectId) => `/api/pm/v2/projects/${project}/settings`;

function save(session: Session, payload: unknown, project = projectId) {
  return session.inject({ method: "POST", url: url(project), payload: payload as Record<string, unknown> });
}

async function savedRow(project = projectId) {
  return t.database.db.selectFrom("project_settings").selectAll().where("project_id", "=", project).where("key", "=", "capabilities").executeTakeFirst();
}

async function count(table: "activities"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("GET /api/pm/v2/projects/:project/settings", () => {
  it("shows the default capabilities of a project that saved none", async () => {
    const fresh = (await createProjectWithCast(cast)).id;
    const response = await cast.manager.inject({ method: "GET", url: url(fresh) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { capabilities: DEFAULT_CAPABILITIES, assignees_can_edit: false, working_days: [1, 2, 3, 4, 5, 6, 7], git_bit: DEFAULT_GIT_BIT_SETTING, slack: DEFAULT_SLACK_SETTING } });
    expect(response.json().data.capabilities.client).toMatchObject({ create_task: true, create_file: true, view_private_task: false });
  });

  it("keeps the capabilities a project saved before the defaults gave clients create_file", async () => {
    const project = (await createProjectWithCast(cast)).id;
    // What a save stored while the client default was four create_*: the complete set, create_file off.
    const saved = { co_worker: DEFAULT_CAPABILITIES.co_worker, client: { ...DEFAULT_CAPABILITIES.client, create_file: false } };
    await t.database.db.insertInto("project_settings").values({ project_id: project, key: "capabilities", value: JSON.stringify(saved), updated_at: "2024-01-01 00:00:00" }).execute();
    const response = await cast.manager.inject({ method: "GET", url: url(project) });
    expect(response.json().data.capabilities).toEqual(saved);
    const folder = await cast.client.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${project}/files`, payload: { type: "folder", title: "Refused" } });
    expect(folder.statusCode).toBe(403);
  });

  for (const role of ROLES) {
    it(`answers ${ALLOWED[role]} to a ${role}`, async () => {
      expect((await cast[role].inject({ method: "GET", url: url() })).statusCode).toBe(ALLOWED[role]);
    });
  }

  it("answers 404 for an unknown project", async () => {
    expect((await cast.siteManager.inject({ method: "GET", url: url(999_999) })).statusCode).toBe(404);
  });
});

describe("POST /api/pm/v2/projects/:project/settings", () => {
  it("saves capabilities given as a list of settings, merging them onto what the project applies", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const before = await count("activities");
    const first = await save(cast.manager, { settings: [{ key: "capabilities", value: { client: { view_private_task: true } } }] }, project);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe("Settings saved successfully");
    expect(first.json().data.capabilities.client).toEqual({ ...DEFAULT_CAPABILITIES.client, view_private_task: true });
    expect(first.json().data.capabilities.co_worker).toEqual(DEFAULT_CAPABILITIES.co_worker);

    // One {key, value}; text and number forms of booleans are read as the documents send them.
    const second = await save(cast.siteManager, { key: "capabilities", value: { co_worker: { create_file: "0", view_private_file: 0 } } }, project);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.capabilities).toEqual({
      co_worker: { ...DEFAULT_CAPABILITIES.co_worker, create_file: false, view_private_file: false },
      client: { ...DEFAULT_CAPABILITIES.client, view_private_task: true },
    });
    const row = await savedRow(project);
    expect(JSON.parse(row?.value ?? "null")).toEqual(second.json().data.capabilities);
    const read = await cast.manager.inject({ method: "GET", url: url(project) });
    expect(read.json().data).toEqual(second.json().data);

    expect(await count("activities")).toBe(before + 2);
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ project_id: project, action: "update_project_settings", message: "Sam Site updated the project setting capabilities" });
    expect(JSON.parse(activity.meta)).toEqual({ key: "capabilities", changes: { co_worker: { create_file: false, view_private_file: false } } });
  });

  it("turns assignees_can_edit on and off, with one activity per change", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const before = await count("activities");
    const on = await save(cast.manager, { key: "assignees_can_edit", value: "1" }, project);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.assignees_can_edit).toBe(true);
    expect((await save(cast.manager, { key: "assignees_can_edit", value: true }, project)).json().data.assignees_can_edit).toBe(true);
    expect(await count("activities")).toBe(before + 1);
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(activity.meta)).toEqual({ key: "assignees_can_edit", changes: { from: false, to: true } });
    const off = await save(cast.manager, { key: "assignees_can_edit", value: false }, project);
    expect(off.json().data).toEqual({ capabilities: DEFAULT_CAPABILITIES, assignees_can_edit: false, working_days: [1, 2, 3, 4, 5, 6, 7], git_bit: DEFAULT_GIT_BIT_SETTING, slack: DEFAULT_SLACK_SETTING });
    expect(await count("activities")).toBe(before + 2);
    const wrong = await save(cast.manager, { key: "assignees_can_edit", value: "maybe" }, project);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.params).toEqual({ assignees_can_edit: ["assignees_can_edit must be true or false"] });
  });

  it("saves the working days sorted, with one activity per change, refusing a bad list and non-managers", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const before = await count("activities");
    const saved = await save(cast.manager, { key: "working_days", value: [5, 1, 2, 3, 4] }, project);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.working_days).toEqual([1, 2, 3, 4, 5]);
    expect((await save(cast.manager, { key: "working_days", value: [1, 2, 3, 4, 5] }, project)).statusCode).toBe(200);
    expect(await count("activities")).toBe(before + 1);
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(activity.meta)).toEqual({ key: "working_days", changes: { from: [1, 2, 3, 4, 5, 6, 7], to: [1, 2, 3, 4, 5] } });
    const cases: Array<[unknown, string]> = [
      [[], "working_days must name at least one working day"],
      [[1, 1], "working_days names a weekday twice"],
      [[0], "working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)"],
      [[1, 8], "working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)"],
      ["weekdays", "working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)"],
    ];
    for (const [value, message] of cases) {
      const wrong = await save(cast.manager, { key: "working_days", value }, project);
      expect(wrong.statusCode, JSON.stringify(value)).toBe(400);
      expect(Object.values(wrong.json().data.params).flat()).toEqual([message]);
    }
    for (const session of [cast.coWorker, cast.client, cast.outsider]) expect((await save(session, { key: "working_days", value: [1] }, project)).statusCode).toBe(403);
    expect((await cast.manager.inject({ method: "GET", url: url(project) })).json().data.working_days).toEqual([1, 2, 3, 4, 5]);
  });

  it("writes no activity when nothing changes", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const before = await count("activities");
    const response = await save(cast.manager, { key: "capabilities", value: { client: { create_task: true } } }, project);
    expect(response.statusCode).toBe(200);
    expect(await count("activities")).toBe(before);
  });

  it("names each bad field and saves nothing when any setting is wrong", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const response = await save(
      cast.manager,
      {
        settings: [
          { key: "capabilities", value: { client: { view_private_task: true } } },
          { key: "colour", value: "red" },
          { key: "capabilities", value: { admin: { create_task: true }, client: { fly: true, create_task: "maybe" } } },
        ],
      },
      project,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({
      key: ["Unknown setting colour; known: capabilities, assignees_can_edit, working_days, git_bit, slack"],
      capabilities: ["Unknown role admin"],
      "capabilities.client": ["Unknown capability fly"],
      "capabilities.client.create_task": ["capabilities.client.create_task must be true or false"],
    });
    expect(await savedRow(project)).toBeUndefined();

    const notObject = await save(cast.manager, { key: "capabilities", value: "all" }, project);
    expect(notObject.json().data.params).toEqual({ capabilities: ["capabilities must be an object"] });
    const roleNotObject = await save(cast.manager, { key: "capabilities", value: { client: true } }, project);
    expect(roleNotObject.json().data.params).toEqual({ "capabilities.client": ["capabilities.client must be an object"] });
    const noKey = await save(cast.manager, { value: {} }, project);
    expect(noKey.statusCode).toBe(400);
    const emptyList = await save(cast.manager, { settings: [] }, project);
    expect(emptyList.statusCode).toBe(400);
    expect(await savedRow(project)).toBeUndefined();
  });

  for (const role of ROLES) {
    it(`answers ${ALLOWED[role]} to a ${role}`, async () => {
      const project = (await createProjectWithCast(cast)).id;
      const response = await save(cast[role], { key: "capabilities", value: { client: { create_file: false } } }, project);
      expect(response.statusCode).toBe(ALLOWED[role]);
      expect((await savedRow(project)) !== undefined).toBe(ALLOWED[role] === 200);
    });
  }

  it("answers 404 for an unknown project", async () => {
    expect((await save(cast.siteManager, { key: "capabilities", value: {} }, 999_999)).statusCode).toBe(404);
  });
});

describe("saved capabilities take effect on the next call", () => {
  it("shows a client private tasks once given view_private_task, and hides them again when it is taken away", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const secret = await createTask(cast.manager, project, { title: "Secret task", privacy: 1 });
    const open = await createTask(cast.manager, project, { title: "Open task" });
    const taskUrl = `/api/pm/v2/projects/${project}/tasks/${secret.id}`;
    const listsUrl = `/api/pm/v2/projects/${project}/task-lists?per_page=-1&with=incomplete_tasks`;
    const titlesOnLists = async () =>
      ((await cast.client.inject({ method: "GET", url: listsUrl })).json().data as Array<{ incomplete_tasks: { data: Array<{ title: string }> } }>)
        .flatMap((list) => list.incomplete_tasks.data.map((task) => task.title))
        .sort();
    const clientAbilities = async () => (await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` })).json().data.abilities;

    expect((await cast.client.inject({ method: "GET", url: taskUrl })).statusCode).toBe(404);
    expect(await titlesOnLists()).toEqual([open.title]);
    expect((await clientAbilities()).view_private_task).toBe(false);

    expect((await save(cast.manager, { key: "capabilities", value: { client: { view_private_task: true } } }, project)).statusCode).toBe(200);
    expect((await cast.client.inject({ method: "GET", url: taskUrl })).statusCode).toBe(200);
    expect(await titlesOnLists()).toEqual(["Open task", "Secret task"]);
    expect((await clientAbilities()).view_private_task).toBe(true);
    const all = await cast.client.inject({ method: "GET", url: `/api/pm/v2/tasks?project_id=${project}` });
    expect(all.json().data.map((task: { title: string }) => task.title).sort()).toEqual(["Open task", "Secret task"]);

    expect((await save(cast.manager, { key: "capabilities", value: { client: { view_private_task: false } } }, project)).statusCode).toBe(200);
    expect((await cast.client.inject({ method: "GET", url: taskUrl })).statusCode).toBe(404);
    expect(await titlesOnLists()).toEqual([open.title]);
    expect((await clientAbilities()).view_private_task).toBe(false);
  });

  it("takes a create capability from co-workers: creating is refused until it is given back", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const create = () => cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/milestones`, payload: { title: "Beta" } });
    expect((await create()).statusCode).toBe(200);
    await save(cast.manager, { key: "capabilities", value: { co_worker: { create_milestone: false } } }, project);
    expect((await create()).statusCode).toBe(403);
    await save(cast.manager, { key: "capabilities", value: { co_worker: { create_milestone: true } } }, project);
    expect((await create()).statusCode).toBe(200);
  });

  it("never changes what managers may do", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const none = Object.fromEntries(CAPABILITIES.map((capability) => [capability, false]));
    await save(cast.manager, { settings: [{ key: "capabilities", value: { co_worker: none, client: none } }] }, project);
    const abilities = (await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` })).json().data.abilities;
    expect(abilities).toMatchObject({ create_task: true, view_private_task: true, view_private_file: true });
    const coWorker = (await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` })).json().data.abilities;
    expect(coWorker).toMatchObject({ create_task: false, view_private_task: false });
  });
});
