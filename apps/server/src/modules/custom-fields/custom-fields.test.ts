import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Fielded" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
});
afterAll(() => t.close());

type Role = keyof Cast;
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

const projectBase = (project = projectId) => `/api/pm-pro/v2/projects/${project}/custom-fields`;
const siteBase = "/api/pm-pro/v2/custom-fields";
const tasksUrl = (project = projectId) => `/api/pm/v2/projects/${project}/tasks`;

interface FieldJson {
  id: number;
  title: string;
  type: string;
  project_id: number | null;
  required: boolean;
  default: unknown;
  order: number;
  options: Array<{ id: number; title: string; is_default: boolean }>;
  abilities: { can_edit: boolean; can_delete: boolean };
}

async function createField(session: Session, payload: Record<string, unknown>, base = projectBase()): Promise<FieldJson> {
  const response = await session.inject({ method: "POST", url: base, payload });
  if (response.statusCode !== 200) throw new Error(`field creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data as FieldJson;
}

async function count(table: "custom_fields" | "custom_field_options" | "custom_field_values" | "tasks"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function listIds(session: Session, url: string): Promise<number[]> {
  const response = await session.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ id: number }>).map((task) => task.id);
}

describe("who may read and change fields", () => {
  it("lets members read a project's fields, and its managers and site managers change them", async () => {
    const project = (await createProjectWithCast(cast, { title: "Matrix" })).id;
    const READ: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 };
    const MANAGE: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 };
    const field = await createField(cast.manager, { title: "Owner field", type: "text" }, projectBase(project));
    for (const role of ROLES) {
      const list = await cast[role].inject({ method: "GET", url: projectBase(project) });
      expect(list.statusCode, role).toBe(READ[role]);
      if (READ[role] === 200) expect(list.json().meta.can_create, role).toBe(MANAGE[role] === 200);
      const created = await cast[role].inject({ method: "POST", url: projectBase(project), payload: { title: `By ${role}`, type: "number" } });
      expect(created.statusCode, role).toBe(MANAGE[role]);
      const updated = await cast[role].inject({ method: "POST", url: `${projectBase(project)}/${field.id}/update`, payload: { description: role } });
      expect(updated.statusCode, role).toBe(MANAGE[role]);
      const sorted = await cast[role].inject({ method: "POST", url: `${projectBase(project)}/sorting`, payload: { orders: [{ id: field.id, index: 3 }] } });
      expect(sorted.statusCode, role).toBe(MANAGE[role]);
    }
    for (const role of ["coWorker", "client", "outsider"] as const) {
      const deleted = await cast[role].inject({ method: "POST", url: `${projectBase(project)}/${field.id}/delete` });
      expect(deleted.statusCode, role).toBe(403);
    }
    expect((await cast.manager.inject({ method: "POST", url: `${projectBase(project)}/${field.id}/delete` })).statusCode).toBe(200);
  });

  it("lets only site managers change site-wide fields; everyone reads them", async () => {
    const before = await count("custom_fields");
    for (const role of ROLES) {
      expect((await cast[role].inject({ method: "GET", url: siteBase })).statusCode, role).toBe(200);
      const created = await cast[role].inject({ method: "POST", url: siteBase, payload: { title: `Site ${role}`, type: "checkbox" } });
      expect(created.statusCode, role).toBe(role === "siteManager" ? 200 : 403);
    }
    expect(await count("custom_fields")).toBe(before + 1);
    const site = (await cast.siteManager.inject({ method: "GET", url: siteBase })).json().data as FieldJson[];
    const field = site.find((candidate) => candidate.title === "Site siteManager");
    expect(field).toMatchObject({ project_id: null, type: "checkbox", abilities: { can_edit: true } });
    const asManager = (await cast.manager.inject({ method: "GET", url: projectBase() })).json().data as FieldJson[];
    expect(asManager.find((candidate) => candidate.id === field?.id)?.abilities).toEqual({ can_edit: false, can_delete: false });
    // A project's calls do not reach site-wide fields.
    expect((await cast.manager.inject({ method: "POST", url: `${projectBase()}/${field?.id}/update`, payload: { title: "Taken over" } })).statusCode).toBe(404);
    expect((await cast.siteManager.inject({ method: "POST", url: `${siteBase}/${field?.id}/delete` })).statusCode).toBe(200);
  });
});

describe("field definitions", () => {
  it("creates every type, with options and defaults, and lists site-wide fields before the project's own", async () => {
    const site = await createField(cast.siteManager, { title: "Client code", type: "text", default: "ACME" }, siteBase);
    const text = await createField(cast.manager, { title: "Summary", type: "text", description: "One line" });
    const long = await createField(cast.manager, { title: "Notes", type: "long_text" });
    const number = await createField(cast.manager, { title: "Points", type: "number", default: "3" });
    const dropdown = await createField(cast.manager, {
      title: "Size", type: "dropdown", options: [{ title: "S" }, { title: "M", is_default: true }, { title: "L", color: "#FF0000" }],
    });
    const multi = await createField(cast.manager, { title: "Platforms", type: "multi_select", options: [{ title: "Web" }, { title: "iOS" }, { title: "Android" }] });
    const date = await createField(cast.manager, { title: "Launch", type: "date" });
    const checkbox = await createField(cast.manager, { title: "Approved", type: "checkbox", default: false });
    const url = await createField(cast.manager, { title: "Spec", type: "url" });
    const user = await createField(cast.manager, { title: "Reviewer", type: "user" });
    expect(number.default).toBe(3);
    expect(dropdown.default).toBe(dropdown.options[1]?.id);
    expect(dropdown.options.map((option) => option.title)).toEqual(["S", "M", "L"]);
    const list = (await cast.coWorker.inject({ method: "GET", url: projectBase() })).json().data as FieldJson[];
    expect(list.map((field) => field.title)).toEqual([site.title, text.title, long.title, number.title, dropdown.title, multi.title, date.title, checkbox.title, url.title, user.title]);
    expect((await cast.coWorker.inject({ method: "GET", url: projectBase(otherProjectId) })).json().data.map((field: FieldJson) => field.title)).toEqual(["Client code"]);
  });

  it("refuses bad definitions with a 400 on the field, writing nothing", async () => {
    const before = await count("custom_fields");
    const bad = async (payload: Record<string, unknown>, param: string) => {
      const response = await cast.manager.inject({ method: "POST", url: projectBase(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params), response.body).toContain(param);
    };
    await bad({ title: "", type: "text" }, "title");
    await bad({ title: "Kind", type: "colour" }, "type");
    await bad({ title: "Kind", type: "dropdown" }, "options");
    await bad({ title: "Kind", type: "dropdown", options: [{ title: "A", is_default: true }, { title: "B", is_default: true }] }, "options");
    await bad({ title: "Kind", type: "number", default: "many" }, "default");
    await bad({ title: "Kind", type: "url", default: "ftp://x" }, "default");
    await bad({ title: "Kind", type: "text", options: [{ title: "A" }] }, "options");
    const taken = await cast.manager.inject({ method: "POST", url: projectBase(), payload: { title: "summary", type: "text" } });
    expect(taken.statusCode).toBe(409);
    expect(await count("custom_fields")).toBe(before);
  });

  it("changes a field, keeps its type, and sorts the scope's fields", async () => {
    const field = await createField(cast.manager, { title: "Temp", type: "number" });
    const renamed = await cast.manager.inject({ method: "POST", url: `${projectBase()}/${field.id}/update`, payload: { title: "Estimate", required: true, default: 5 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: "Estimate", required: true, default: 5 });
    const retyped = await cast.manager.inject({ method: "POST", url: `${projectBase()}/${field.id}/update`, payload: { type: "text" } });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().data.params).toHaveProperty("type");
    const own = ((await cast.manager.inject({ method: "GET", url: projectBase() })).json().data as FieldJson[]).filter((entry) => entry.project_id === projectId);
    const reversed = [...own].reverse().map((entry, index) => ({ id: entry.id, index }));
    const sorted = await cast.manager.inject({ method: "POST", url: `${projectBase()}/sorting`, payload: { orders: reversed } });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const after = (sorted.json().data as FieldJson[]).filter((entry) => entry.project_id === projectId).map((entry) => entry.id);
    expect(after).toEqual([...own].reverse().map((entry) => entry.id));
    const foreign = await cast.manager.inject({ method: "POST", url: `${projectBase(otherProjectId)}/sorting`, payload: { orders: [{ id: field.id, index: 0 }] } });
    expect(foreign.statusCode).toBe(400);
    await cast.manager.inject({ method: "POST", url: `${projectBase()}/${field.id}/delete` });
  });
});

/** The project's fields by title. */
async function fieldsByTitle(project = projectId): Promise<Record<string, FieldJson>> {
  const list = (await cast.manager.inject({ method: "GET", url: projectBase(project) })).json().data as FieldJson[];
  return Object.fromEntries(list.map((field) => [field.title, field]));
}

describe("values on tasks", () => {
  it("takes a value of every type on create, fills defaults, and answers them on every task call", async () => {
    const f = await fieldsByTitle();
    const size = f.Size as FieldJson;
    const platforms = f.Platforms as FieldJson;
    const payload = {
      [f.Summary!.id]: "  Landing page ",
      [f.Notes!.id]: "line one\nline two",
      [f.Points!.id]: 8.5,
      [size.id]: size.options[2]!.id,
      [platforms.id]: [platforms.options[2]!.id, platforms.options[0]!.id],
      [f.Launch!.id]: "2026-12-01",
      [f.Approved!.id]: "1",
      [f.Spec!.id]: "https://example.com/spec",
      [f.Reviewer!.id]: cast.coWorker.userId,
    };
    const task = await createTask(cast.manager, projectId, { custom_fields: payload });
    const expected = {
      [f.Summary!.id]: "Landing page",
      [f.Notes!.id]: "line one\nline two",
      [f.Points!.id]: 8.5,
      [size.id]: size.options[2]!.id,
      [platforms.id]: [platforms.options[0]!.id, platforms.options[2]!.id],
      [f.Launch!.id]: "2026-12-01",
      [f.Approved!.id]: true,
      [f.Spec!.id]: "https://example.com/spec",
      [f.Reviewer!.id]: cast.coWorker.userId,
      [f["Client code"]!.id]: "ACME",
    };
    expect(task.custom_fields).toEqual(expected);
    const shown = await cast.client.inject({ method: "GET", url: `${tasksUrl()}/${task.id}` });
    expect(shown.json().data.custom_fields).toEqual(expected);
    const listed = await cast.client.inject({ method: "GET", url: `/api/pm/v2/tasks?project_id=${projectId}` });
    expect((listed.json().data as Array<{ id: number; custom_fields: unknown }>).find((row) => row.id === task.id)?.custom_fields).toEqual(expected);

    // Defaults: Points 3, Size M, Approved false, Client code ACME.
    const plain = await createTask(cast.manager, projectId, {});
    expect(plain.custom_fields).toEqual({ [f.Points!.id]: 3, [size.id]: size.options[1]!.id, [f.Approved!.id]: false, [f["Client code"]!.id]: "ACME" });
  });

  it("refuses a wrong type, an unknown option, a stranger, an unknown field or a missing required value with nothing written", async () => {
    const f = await fieldsByTitle();
    const required = await createField(cast.manager, { title: "Budget code", type: "text", required: true });
    const tasksBefore = await count("tasks");
    const valuesBefore = await count("custom_field_values");
    const refuse = async (values: Record<string, unknown>, param: string) => {
      const response = await cast.manager.inject({ method: "POST", url: tasksUrl(), payload: { title: "Refused", custom_fields: { [required.id]: "B-1", ...values } } });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().data.params)).toContain(param);
      return response.json();
    };
    expect((await refuse({ [f.Points!.id]: "lots" }, `custom_fields.${f.Points!.id}`)).message).toBe("Points must be a number");
    await refuse({ [f.Size!.id]: 999_999 }, `custom_fields.${f.Size!.id}`);
    await refuse({ [f.Platforms!.id]: [f.Size!.options[0]!.id] }, `custom_fields.${f.Platforms!.id}`);
    await refuse({ [f.Launch!.id]: "2026-02-30" }, `custom_fields.${f.Launch!.id}`);
    await refuse({ [f.Approved!.id]: "maybe" }, `custom_fields.${f.Approved!.id}`);
    await refuse({ [f.Spec!.id]: "not a url" }, `custom_fields.${f.Spec!.id}`);
    await refuse({ [f.Summary!.id]: 42 }, `custom_fields.${f.Summary!.id}`);
    await refuse({ [f.Reviewer!.id]: cast.outsider.userId }, `custom_fields.${f.Reviewer!.id}`);
    const foreign = await createField(cast.manager, { title: "Foreign", type: "text" }, projectBase(otherProjectId));
    await refuse({ [foreign.id]: "x" }, `custom_fields.${foreign.id}`);
    await refuse({ [required.id]: "" }, `custom_fields.${required.id}`);
    const missing = await cast.manager.inject({ method: "POST", url: tasksUrl(), payload: { title: "No code" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.params).toEqual({ [`custom_fields.${required.id}`]: ["Budget code is required"] });
    expect(await count("tasks")).toBe(tasksBefore);
    expect(await count("custom_field_values")).toBe(valuesBefore);

    // On update: a bad value writes nothing, not even the task's other changes; a required field cannot be cleared.
    const task = await createTask(cast.manager, projectId, { title: "Kept", custom_fields: { [required.id]: "B-2" } });
    const update = (payload: Record<string, unknown>) => cast.manager.inject({ method: "POST", url: `${tasksUrl()}/${task.id}/update`, payload });
    const badUpdate = await update({ title: "Changed", custom_fields: { [f.Points!.id]: "x" } });
    expect(badUpdate.statusCode).toBe(400);
    const cleared = await update({ custom_fields: { [required.id]: null } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().data.params).toHaveProperty(`custom_fields.${required.id}`);
    const reread = await cast.manager.inject({ method: "GET", url: `${tasksUrl()}/${task.id}` });
    expect(reread.json().data.title).toBe("Kept");
    expect(reread.json().data.custom_fields[required.id]).toBe("B-2");
    await cast.manager.inject({ method: "POST", url: `${projectBase()}/${required.id}/delete` });
  });

  it("changes and clears values on update; only editors may", async () => {
    const f = await fieldsByTitle();
    const task = await createTask(cast.manager, projectId, { custom_fields: { [f.Summary!.id]: "Before" } });
    const update = (session: Session, values: Record<string, unknown>) =>
      session.inject({ method: "POST", url: `${tasksUrl()}/${task.id}/update`, payload: { custom_fields: values } });
    const changed = await update(cast.manager, { [f.Summary!.id]: "After", [f.Points!.id]: null, [f.Platforms!.id]: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.custom_fields[f.Summary!.id]).toBe("After");
    expect(changed.json().data.custom_fields).not.toHaveProperty(String(f.Points!.id));
    expect((await update(cast.client, { [f.Summary!.id]: "Client" })).statusCode).toBe(403);
    // A form body sends the values as JSON text.
    const asText = await cast.manager.inject({ method: "POST", url: `${tasksUrl()}/${task.id}/update`, payload: { custom_fields: JSON.stringify({ [f.Summary!.id]: "Text" }) } });
    expect(asText.json().data.custom_fields[f.Summary!.id]).toBe("Text");
  });
});

describe("filters", () => {
  let ids: Record<string, number>;
  let f: Record<string, FieldJson>;
  let project: number;

  beforeAll(async () => {
    project = (await createProjectWithCast(cast, { title: "Filtered" })).id;
    const stage = await createField(cast.manager, { title: "Stage", type: "dropdown", options: [{ title: "Todo" }, { title: "Doing" }, { title: "Done" }] }, projectBase(project));
    await createField(cast.manager, { title: "Cost", type: "number" }, projectBase(project));
    await createField(cast.manager, { title: "Ship", type: "date" }, projectBase(project));
    await createField(cast.manager, { title: "Tags", type: "multi_select", options: [{ title: "red" }, { title: "blue" }] }, projectBase(project));
    await createField(cast.manager, { title: "Flag", type: "checkbox" }, projectBase(project));
    await createField(cast.manager, { title: "Memo", type: "long_text" }, projectBase(project));
    f = await fieldsByTitle(project);
    const [todo, doing, done] = stage.options.map((option) => option.id);
    const [red, blue] = f.Tags!.options.map((option) => option.id);
    const make = async (name: string, values: Record<string, unknown>) => (await createTask(cast.manager, project, { title: name, custom_fields: values })).id;
    ids = {
      a: await make("a", { [stage.id]: todo, [f.Cost!.id]: 5, [f.Ship!.id]: "2026-01-10", [f.Tags!.id]: [red], [f.Flag!.id]: true, [f.Memo!.id]: "Call ACME Corp" }),
      b: await make("b", { [stage.id]: doing, [f.Cost!.id]: 15.5, [f.Ship!.id]: "2026-02-10", [f.Tags!.id]: [red, blue] }),
      c: await make("c", { [stage.id]: done, [f.Cost!.id]: -2, [f.Tags!.id]: [blue], [f.Flag!.id]: false }),
      d: await make("d", {}),
    };
  });

  const byIds = (...names: string[]) => names.map((name) => ids[name]).sort((x, y) => (y ?? 0) - (x ?? 0));

  it("filters the project tasks and GET pm/v2/tasks by every kind", async () => {
    const field = (title: string) => f[title]!.id;
    const option = (title: string, index: number) => f[title]!.options[index]!.id;
    const cases: Array<[string, string[]]> = [
      [`cf[${field("Stage")}]=${option("Stage", 1)}`, ["b"]],
      [`cf[${field("Stage")}][]=${option("Stage", 0)}&cf[${field("Stage")}][]=${option("Stage", 2)}`, ["a", "c"]],
      [`cf[${field("Cost")}][min]=0&cf[${field("Cost")}][max]=10`, ["a"]],
      [`cf[${field("Cost")}][min]=5`, ["a", "b"]],
      [`cf[${field("Cost")}]=15.5`, ["b"]],
      [`cf[${field("Ship")}][max]=2026-01-31`, ["a"]],
      [`cf[${field("Ship")}]=2026-02-10`, ["b"]],
      [`cf[${field("Tags")}]=${option("Tags", 0)}`, ["a", "b"]],
      [`cf[${field("Tags")}]=${option("Tags", 1)}&cf[${field("Stage")}]=${option("Stage", 2)}`, ["c"]],
      [`cf[${field("Flag")}]=1`, ["a"]],
      [`cf[${field("Flag")}]=0`, ["b", "c", "d"]],
      [`cf[${field("Memo")}]=acme`, ["a"]],
      [`cf[${field("Ship")}][empty]=1`, ["c", "d"]],
      [`cf[${field("Ship")}][empty]=0`, ["a", "b"]],
    ];
    for (const [query, expected] of cases) {
      expect(await listIds(cast.coWorker, `${tasksUrl(project)}?per_page=100&${query}`), query).toEqual(byIds(...expected));
      expect(await listIds(cast.coWorker, `/api/pm/v2/tasks?per_page=100&project_id=${project}&${query}`), query).toEqual(byIds(...expected));
    }
    // Without a project, across every project the reader belongs to.
    expect(await listIds(cast.coWorker, `/api/pm/v2/tasks?per_page=100&cf[${field("Cost")}][min]=15`)).toEqual(byIds("b"));
  });

  it("answers 400 on cf.<id> for an unknown field or a value of the wrong kind", async () => {
    const bad = async (query: string, param: string) => {
      const response = await cast.coWorker.inject({ method: "GET", url: `${tasksUrl(project)}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().data.params), query).toContain(param);
    };
    await bad(`cf[${f.Cost!.id}]=cheap`, `cf.${f.Cost!.id}`);
    await bad(`cf[${f.Ship!.id}][min]=soon`, `cf.${f.Ship!.id}`);
    await bad(`cf[${f.Stage!.id}]=todo`, `cf.${f.Stage!.id}`);
    await bad("cf[99999]=1", "cf.99999");
    const foreign = await createField(cast.manager, { title: "Not here", type: "number" }, projectBase(otherProjectId));
    await bad(`cf[${foreign.id}]=1`, `cf.${foreign.id}`);
    // Across projects, a reader names fields of their own projects only.
    const outsider = await cast.outsider.inject({ method: "GET", url: `/api/pm/v2/tasks?cf[${f.Cost!.id}][min]=1` });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().data.params).toHaveProperty(`cf.${f.Cost!.id}`);
  });

  it("drops a deleted option's values, and a deleted field's", async () => {
    const tags = f.Tags!;
    const values = () => t.database.db.selectFrom("custom_field_values").select("value_int").where("field_id", "=", tags.id).execute();
    expect(await values()).toHaveLength(4);
    const kept = tags.options[1]!;
    const updated = await cast.manager.inject({ method: "POST", url: `${projectBase(project)}/${tags.id}/update`, payload: { options: [{ id: kept.id, title: "Blue" }, { title: "green" }] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.options.map((option: { title: string }) => option.title)).toEqual(["Blue", "green"]);
    expect((await values()).map((row) => row.value_int)).toEqual([kept.id, kept.id]);
    const deleted = await cast.manager.inject({ method: "POST", url: `${projectBase(project)}/${tags.id}/delete` });
    expect(deleted.statusCode).toBe(200);
    expect(await values()).toHaveLength(0);
    const task = await cast.manager.inject({ method: "GET", url: `${tasksUrl(project)}/${ids.b}` });
    expect(task.json().data.custom_fields).not.toHaveProperty(String(tags.id));
  });
});

describe("duplication", () => {
  it("copies a project's fields, options and values, re-pointed at the copies; site-wide values as they are", async () => {
    const project = (await createProjectWithCast(cast, { title: "Original" })).id;
    const priority = await createField(cast.manager, { title: "Level", type: "dropdown", options: [{ title: "Low" }, { title: "High" }] }, projectBase(project));
    const site = ((await cast.manager.inject({ method: "GET", url: siteBase })).json().data as FieldJson[])[0]!;
    const task = await createTask(cast.manager, project, { title: "Copied", custom_fields: { [priority.id]: priority.options[1]!.id, [site.id]: "XYZ" } });
    const response = await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${project}` });
    expect(response.statusCode, response.body).toBe(200);
    const copyId = response.json().data.id as number;
    const copied = (await cast.siteManager.inject({ method: "GET", url: projectBase(copyId) })).json().data as FieldJson[];
    const level = copied.find((field) => field.title === "Level")!;
    expect(level.project_id).toBe(copyId);
    expect(level.id).not.toBe(priority.id);
    expect(level.options.map((option) => option.title)).toEqual(["Low", "High"]);
    const copiedTasks = (await cast.siteManager.inject({ method: "GET", url: `${tasksUrl(copyId)}?per_page=100` })).json().data as Array<{ id: number; title: string; custom_fields: Record<string, unknown> }>;
    const copy = copiedTasks.find((row) => row.title === "Copied")!;
    expect(copy.id).not.toBe(task.id);
    expect(copy.custom_fields).toEqual({ [level.id]: level.options[1]!.id, [site.id]: "XYZ" });
    // Filtering the copy by its own field finds the copied task.
    expect(await listIds(cast.siteManager, `${tasksUrl(copyId)}?cf[${level.id}]=${level.options[1]!.id}`)).toEqual([copy.id]);
  });
});

describe("deleting and restoring a task", () => {
  it("takes the task's values into the trash and brings them back with the undo", async () => {
    const f = await fieldsByTitle();
    const task = await createTask(cast.manager, projectId, { custom_fields: { [f.Summary!.id]: "Trashed", [f.Platforms!.id]: [f.Platforms!.options[1]!.id] } });
    const values = () => t.database.db.selectFrom("custom_field_values").select("field_id").where("task_id", "=", task.id).execute();
    expect(await values()).not.toHaveLength(0);
    const deleted = await cast.manager.inject({ method: "POST", url: `${tasksUrl()}/${task.id}/delete` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await values()).toHaveLength(0);
    const restored = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/undo/${deleted.json().undo.id as number}` });
    expect(restored.statusCode, restored.body).toBe(200);
    const shown = await cast.manager.inject({ method: "GET", url: `${tasksUrl()}/${task.id}` });
    expect(shown.json().data.custom_fields).toEqual(task.custom_fields);
  });
});

describe("reports and search", () => {
  it("shows the fields as columns of the advanced report and its CSV, and finds tasks by their text values", async () => {
    const project = (await createProjectWithCast(cast, { title: "Reported" })).id;
    const kind = await createField(cast.manager, { title: "Kind", type: "dropdown", options: [{ title: "Bug" }, { title: "Idea" }] }, projectBase(project));
    const owner = await createField(cast.manager, { title: "Owner", type: "user" }, projectBase(project));
    const code = await createField(cast.manager, { title: "Ticket", type: "text" }, projectBase(project));
    const task = await createTask(cast.manager, project, {
      title: "Reported task",
      custom_fields: { [kind.id]: kind.options[1]!.id, [owner.id]: cast.coWorker.userId, [code.id]: "Zebracorn-42" },
    });
    const report = await cast.siteManager.inject({ method: "GET", url: `/api/pm-pro/v2/advance-report?filters[0][skey]=project&filters[0][svalue]=${project}` });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    const titles = (body.meta.custom_field_columns as Array<{ title: string }>).map((column) => column.title);
    expect(titles).toEqual(expect.arrayContaining(["Kind", "Owner", "Ticket"]));
    const row = body.data[0].task_lists.data[0].tasks.data[0];
    expect(row.id).toBe(task.id);
    expect(row.custom_field_cells[titles.indexOf("Kind")]).toBe("Idea");
    expect(row.custom_field_cells[titles.indexOf("Owner")]).toBe("Carl Coworker");
    expect(row.custom_field_cells[titles.indexOf("Ticket")]).toBe("Zebracorn-42");

    const csv = await cast.siteManager.inject({ method: "GET", url: `/api/pm-pro/v2/advance-report?csv=1&filters[0][skey]=project&filters[0][svalue]=${project}` });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, first] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("Estimation (hours),");
    expect(header).toContain("Kind");
    expect(first).toContain("Idea");
    expect(first).toContain("Carl Coworker");

    const search = await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/search?query=zebracorn" });
    expect(search.statusCode, search.body).toBe(200);
    expect((search.json().data as Array<{ type: string; id: number }>).map((hit) => hit.id)).toContain(task.id);
    const outsider = await cast.outsider.inject({ method: "GET", url: "/api/pm/v2/search?query=zebracorn" });
    expect(outsider.json().data).toEqual([]);
  });
});

describe("the module switch", () => {
  it("refuses values and filters while the module is off, and keeps showing stored values", async () => {
    const f = await fieldsByTitle();
    const task = await createTask(cast.manager, projectId, { custom_fields: { [f.Summary!.id]: "Stored" } });
    await t.app.services.moduleStates.setActive("custom_fields", false);
    try {
      const list = await cast.manager.inject({ method: "GET", url: projectBase() });
      expect(list.statusCode).toBe(404);
      const write = await cast.manager.inject({ method: "POST", url: `${tasksUrl()}/${task.id}/update`, payload: { custom_fields: { [f.Summary!.id]: "x" } } });
      expect(write.statusCode).toBe(400);
      const filter = await cast.manager.inject({ method: "GET", url: `${tasksUrl()}?cf[${f.Summary!.id}]=x` });
      expect(filter.statusCode).toBe(400);
      const shown = await cast.manager.inject({ method: "GET", url: `${tasksUrl()}/${task.id}` });
      expect(shown.json().data.custom_fields[f.Summary!.id]).toBe("Stored");
      // A required field does not block creating tasks while the module is off.
      expect((await cast.manager.inject({ method: "POST", url: tasksUrl(), payload: { title: "Off" } })).statusCode).toBe(200);
    } finally {
      await t.app.services.moduleStates.setActive("custom_fields", true);
    }
  });
});
