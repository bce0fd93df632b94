import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, seedLists } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Labelled" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];
/** Who manages labels: site managers and the project's managers; members read; outsiders nothing. */
const MANAGE: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 };
const READ: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 };

const base = (project = projectId) => `/api/pm-pro/v2/projects/${project}/settings/labels`;

interface LabelJson {
  id: number;
  title: string;
  description: string;
  color: string;
  project_id: number;
  abilities: { can_edit: boolean; can_delete: boolean };
}

async function createLabel(session: Session, payload: Record<string, unknown>, project = projectId): Promise<LabelJson> {
  const response = await session.inject({ method: "POST", url: base(project), payload });
  if (response.statusCode !== 200) throw new Error(`label creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data as LabelJson;
}

async function count(table: "labels" | "activities" | "task_labels"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastActivity() {
  return t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

describe("POST /api/pm-pro/v2/projects/:project/settings/labels", () => {
  it("creates a label with an activity", async () => {
    const before = await count("activities");
    const response = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "  Urgent ", description: "Do first", color: "#FF0000" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Label created successfully",
      data: { title: "Urgent", description: "Do first", color: "#ff0000", project_id: projectId, created_by: cast.manager.userId, abilities: { can_edit: true, can_delete: true } },
    });
    expect(await count("activities")).toBe(before + 1);
    expect(await lastActivity()).toMatchObject({ action: "create_label", resource_type: "label", message: "Mia Manager created the label Urgent", privacy_scope: null });
  });

  it("answers 'Label name required!' for a missing or blank title and 'Label color required!' for a missing colour", async () => {
    const before = await count("labels");
    const noTitle = await cast.manager.inject({ method: "POST", url: base(), payload: { color: "#00c2e0" } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ code: "rest_invalid_param", message: "Label name required!", data: { params: { title: ["Label name required!"] } } });
    const blankTitle = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "   ", color: "#00c2e0" } });
    expect(blankTitle.json().data.params).toEqual({ title: ["Label name required!"] });
    const noColor = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "Bug" } });
    expect(noColor.statusCode).toBe(400);
    expect(noColor.json()).toMatchObject({ message: "Label color required!", data: { params: { color: ["Label color required!"] } } });
    const emptyColor = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "Bug", color: "" } });
    expect(emptyColor.json().data.params).toEqual({ color: ["Label color required!"] });
    const neither = await cast.manager.inject({ method: "POST", url: base(), payload: {} });
    expect(neither.json().messages.sort()).toEqual(["Label color required!", "Label name required!"]);
    expect(await count("labels")).toBe(before);
  });

  it("refuses a colour that is not hex, a name too long and a name already used (ignoring case)", async () => {
    const badColor = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "Bug", color: "blue" } });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json().data.params).toEqual({ color: ["Label color must be a hex colour such as #00c2e0"] });
    const long = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "x".repeat(101), color: "#00c2e0" } });
    expect(long.json().data.params).toEqual({ title: ["Label name must have at most 100 characters"] });
    await createLabel(cast.manager, { title: "Design", color: "#00c2e0" });
    const again = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "DESIGN", color: "#123456" } });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.params.title).toEqual(["A label named DESIGN already exists in this project."]);
    // The same name in another project is fine.
    await createLabel(cast.manager, { title: "Design", color: "#00c2e0" }, otherProjectId);
  });

  for (const role of ROLES) {
    it(`answers ${MANAGE[role]} to a ${role}`, async () => {
      const before = await count("labels");
      const response = await cast[role].inject({ method: "POST", url: base(), payload: { title: `By ${role}`, color: "#00c2e0" } });
      expect(response.statusCode).toBe(MANAGE[role]);
      expect(await count("labels")).toBe(before + (MANAGE[role] === 200 ? 1 : 0));
    });
  }

  it("answers 404 for an unknown project", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: base(999_999), payload: { title: "Ghost", color: "#00c2e0" } });
    expect(response.statusCode).toBe(404);
  });
});

describe("GET /api/pm-pro/v2/projects/:project/settings/labels", () => {
  it("lists the project's labels by name, with what the caller may do", async () => {
    const project = (await createProjectWithCast(cast)).id;
    await createLabel(cast.manager, { title: "zeta", color: "#000000" }, project);
    await createLabel(cast.manager, { title: "Alpha", color: "#ffffff", description: "First" }, project);
    const response = await cast.client.inject({ method: "GET", url: base(project) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((label: LabelJson) => label.title)).toEqual(["Alpha", "zeta"]);
    expect(body.data[0]).toMatchObject({ description: "First", color: "#ffffff", abilities: { can_edit: false, can_delete: false } });
    expect(body.meta).toMatchObject({ can_create: false, pagination: { total: 2, count: 2 } });
    const asManager = await cast.manager.inject({ method: "GET", url: base(project) });
    expect(asManager.json().meta.can_create).toBe(true);
    expect(asManager.json().data[0].abilities).toEqual({ can_edit: true, can_delete: true });
  });

  for (const role of ROLES) {
    it(`answers ${READ[role]} to a ${role}`, async () => {
      expect((await cast[role].inject({ method: "GET", url: base() })).statusCode).toBe(READ[role]);
    });
  }
});

describe("POST /api/pm-pro/v2/projects/:project/settings/labels/:label", () => {
  it("changes only the fields given, with an activity", async () => {
    const label = await createLabel(cast.manager, { title: "Review", description: "Needs eyes", color: "#00c2e0" });
    const response = await cast.siteManager.inject({ method: "POST", url: `${base()}/${label.id}`, payload: { title: "Reviewed", color: "#ABCDEF" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: "Label updated successfully", data: { title: "Reviewed", description: "Needs eyes", color: "#abcdef" } });
    expect(await lastActivity()).toMatchObject({ action: "update_label", message: "Sam Site updated the label Reviewed" });
    // Changing only the case of its own name is not a clash with itself.
    expect((await cast.manager.inject({ method: "POST", url: `${base()}/${label.id}`, payload: { title: "REVIEWED" } })).statusCode).toBe(200);
  });

  it("refuses an emptied title or colour with the documents' messages", async () => {
    const label = await createLabel(cast.manager, { title: "Blocked", color: "#00c2e0" });
    const response = await cast.manager.inject({ method: "POST", url: `${base()}/${label.id}`, payload: { title: "", color: " " } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ title: ["Label name required!"], color: ["Label color required!"] });
    const unchanged = await t.database.db.selectFrom("labels").selectAll().where("id", "=", label.id).executeTakeFirstOrThrow();
    expect(unchanged).toMatchObject({ title: "Blocked", color: "#00c2e0" });
  });

  it("answers 404 for a label of another project and 409 for a name in use", async () => {
    const foreign = await createLabel(cast.manager, { title: "Foreign", color: "#00c2e0" }, otherProjectId);
    expect((await cast.manager.inject({ method: "POST", url: `${base()}/${foreign.id}`, payload: { title: "Mine" } })).statusCode).toBe(404);
    const first = await createLabel(cast.manager, { title: "First one", color: "#00c2e0" });
    await createLabel(cast.manager, { title: "Second one", color: "#00c2e0" });
    expect((await cast.manager.inject({ method: "POST", url: `${base()}/${first.id}`, payload: { title: "second ONE" } })).statusCode).toBe(409);
  });

  for (const role of ROLES) {
    it(`answers ${MANAGE[role]} to a ${role}`, async () => {
      const label = await createLabel(cast.manager, { title: `Edit target ${role}`, color: "#00c2e0" });
      const response = await cast[role].inject({ method: "POST", url: `${base()}/${label.id}`, payload: { description: "changed" } });
      expect(response.statusCode).toBe(MANAGE[role]);
    });
  }
});

describe("POST /api/pm-pro/v2/projects/:project/settings/labels/:label/delete", () => {
  it("deletes the label and takes it off its tasks, with an activity", async () => {
    const label = await createLabel(cast.manager, { title: "Doomed", color: "#00c2e0" });
    const task = await createTask(cast.manager, projectId);
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { task_labels: [label.id] } });
    expect(await count("task_labels")).toBeGreaterThan(0);
    const response = await cast.manager.inject({ method: "POST", url: `${base()}/${label.id}/delete` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Label deleted successfully" });
    expect(await t.database.db.selectFrom("labels").select("id").where("id", "=", label.id).executeTakeFirst()).toBeUndefined();
    const read = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}` });
    expect(read.json().data.labels).toEqual({ data: [] });
    expect(await lastActivity()).toMatchObject({ action: "delete_label", message: "Mia Manager deleted the label Doomed" });
    expect((await cast.manager.inject({ method: "POST", url: `${base()}/${label.id}/delete` })).statusCode).toBe(404);
  });

  for (const role of ROLES) {
    it(`answers ${MANAGE[role]} to a ${role}`, async () => {
      const label = await createLabel(cast.manager, { title: `Delete target ${role}`, color: "#00c2e0" });
      expect((await cast[role].inject({ method: "POST", url: `${base()}/${label.id}/delete` })).statusCode).toBe(MANAGE[role]);
    });
  }
});

describe("task_labels on POST /api/pm/v2/projects/:project/tasks/:task/update", () => {
  it("puts labels on a task; the task, its list page and the task listings show them by name", async () => {
    const bug = await createLabel(cast.manager, { title: "Bug", color: "#e03131" });
    const front = await createLabel(cast.manager, { title: "Frontend", color: "#1971c2", description: "UI" });
    const list = await createList(cast.manager, projectId, { title: "Labelled list" });
    const task = await createTask(cast.coWorker, projectId, { title: "Broken button", board_id: list.id });
    const response = await cast.coWorker.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`,
      payload: { task_labels: [front.id, bug.id, bug.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { id: bug.id, title: "Bug", description: "", color: "#e03131" },
      { id: front.id, title: "Frontend", description: "UI", color: "#1971c2" },
    ];
    expect(response.json().data.labels).toEqual({ data: expected });
    expect(await lastActivity()).toMatchObject({ action: "update_task", meta: JSON.stringify({ task_labels: [front.id, bug.id] }) });

    const single = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}` });
    expect(single.json().data.labels.data).toEqual(expected);
    const lists = await cast.client.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists?per_page=-1&with=incomplete_tasks` });
    const shown = lists.json().data.find((entry: { id: number }) => entry.id === list.id);
    expect(shown.incomplete_tasks.data[0].labels.data).toEqual(expected);
    const mine = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/tasks?project_id=${projectId}&per_page=100` });
    expect(mine.json().data.find((entry: { id: number }) => entry.id === task.id).labels.data).toEqual(expected);

    // [0] (the documents' "none") and [] both take every label off.
    const cleared = await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { task_labels: [0] } });
    expect(cleared.json().data.labels).toEqual({ data: [] });
  });

  it("refuses labels of another project or unknown ids with a 400 on task_labels, changing nothing", async () => {
    const mine = await createLabel(cast.manager, { title: "Mine only", color: "#00c2e0" });
    const foreign = await createLabel(cast.manager, { title: "Theirs", color: "#00c2e0" }, otherProjectId);
    const task = await createTask(cast.manager, projectId);
    const response = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`,
      payload: { title: "Renamed", task_labels: [mine.id, foreign.id, 987_654] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ task_labels: [`Choose labels of this project; not: ${foreign.id}, 987654.`] });
    const after = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}` });
    expect(after.json().data).toMatchObject({ title: task.title, labels: { data: [] } });
    const notNumbers = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { task_labels: "x" } });
    expect(notNumbers.statusCode).toBe(400);
    expect(Object.keys(notNumbers.json().data.params)).toEqual(["task_labels"]);
  });

  const EDIT: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 };
  for (const role of ROLES) {
    it(`lets a ${role} label a task made by the manager: ${EDIT[role]} (can_edit_task)`, async () => {
      const label = await createLabel(cast.manager, { title: `Task label ${role}`, color: "#00c2e0" });
      const task = await createTask(cast.manager, projectId);
      const response = await cast[role].inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { task_labels: [label.id] } });
      expect(response.statusCode).toBe(EDIT[role]);
    });
  }
});

describe("labels on task listings without more queries", () => {
  it("reads the labels of every shown task in one statement, whatever their number", async () => {
    const few = (await createProjectWithCast(cast, { title: "Few labels" })).id;
    const many = (await createProjectWithCast(cast, { title: "Many labels" })).id;
    await seedLists(t.database.db, { projectId: few, creatorId: cast.manager.userId, assigneeId: cast.coWorker.userId, lists: 2, tasksPerList: 2 });
    await seedLists(t.database.db, { projectId: many, creatorId: cast.manager.userId, assigneeId: cast.coWorker.userId, lists: 8, tasksPerList: 20 });
    for (const project of [few, many]) {
      const labels = [await createLabel(cast.manager, { title: "One", color: "#00c2e0" }, project), await createLabel(cast.manager, { title: "Two", color: "#e03131" }, project)];
      const tasks = await t.database.db.selectFrom("tasks").select("id").where("project_id", "=", project).execute();
      await t.database.db
        .insertInto("task_labels")
        .values(tasks.flatMap((task) => labels.map((label) => ({ task_id: task.id, label_id: label.id, project_id: project }))))
        .execute();
    }
    const url = (project: number) => `/api/pm/v2/projects/${project}/task-lists?per_page=-1&with=incomplete_tasks,complete_tasks`;
    // The reader's running timer is read once and then kept: read it before counting.
    await cast.client.inject({ method: "GET", url: "/api/pm/v2/tasks?per_page=1" });
    t.queries.length = 0;
    const small = await cast.client.inject({ method: "GET", url: url(few) });
    const smallCount = t.queries.length;
    t.queries.length = 0;
    const big = await cast.client.inject({ method: "GET", url: url(many) });
    const bigCount = t.queries.length;
    expect(bigCount).toBe(smallCount);
    expect(t.queries.filter((query) => query.includes("task_labels"))).toHaveLength(1);
    const bigLists = big.json().data as Array<{ incomplete_tasks: { data: Array<{ labels: { data: Array<{ title: string }> } }> } }>;
    const shownTasks = bigLists.flatMap((list) => list.incomplete_tasks.data);
    expect(shownTasks.length).toBeGreaterThan(50);
    for (const task of shownTasks) expect(task.labels.data.map((label) => label.title)).toEqual(["One", "Two"]);
    expect(small.statusCode).toBe(200);
  });
});
