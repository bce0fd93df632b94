import type { CalendarEvent, CalendarResourceEvent } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;

const MARCH = "start=2026-03-01&end=2026-04-01";

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

async function events(session: Session, query: string): Promise<CalendarEvent[]> {
  const response = await session.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-events?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CalendarEvent[];
}

function titles(list: ReadonlyArray<{ title: string }>): string[] {
  return list.map((event) => event.title).sort();
}

async function createMilestone(session: Session, project: number, payload: Record<string, unknown>): Promise<number> {
  const response = await session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/milestones`, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

describe("GET /api/pm-pro/v2/calendar-events range", () => {
  let rangeProject: number;

  beforeAll(async () => {
    rangeProject = (await createProjectWithCast(cast, { title: "Range edges" })).id;
    const tasks: Array<[string, string | null, string | null]> = [
      ["starts before, ends inside", "2026-02-20", "2026-03-05"],
      ["ends exactly on start", "2026-02-25", "2026-03-01"],
      ["ends the day before start", "2026-02-20", "2026-02-28"],
      ["starts on the last day", "2026-03-31", "2026-04-03"],
      ["starts on end (excluded)", "2026-04-01", "2026-04-02"],
      ["spans the whole range", "2026-02-01", "2026-05-01"],
      ["due date only, inside", null, "2026-03-15"],
      ["due date only, on end", null, "2026-04-01"],
      ["start only, inside", "2026-03-10", null],
      ["start only, day before", "2026-02-28", null],
      ["no dates", null, null],
    ];
    for (const [title, start_at, due_date] of tasks) await createTask(cast.manager, rangeProject, { title, start_at, due_date });
  });

  it("includes a task that overlaps [start, end) and leaves out the rest", async () => {
    const found = await events(cast.manager, `${MARCH}&project_id=${rangeProject}`);
    expect(titles(found)).toEqual(
      ["due date only, inside", "ends exactly on start", "spans the whole range", "start only, inside", "starts before, ends inside", "starts on the last day"].sort(),
    );
  });

  it("sends whole days with an exclusive end, and the saved dates", async () => {
    const found = await events(cast.manager, `${MARCH}&project_id=${rangeProject}`);
    const byTitle = new Map(found.map((event) => [event.title, event]));
    expect(byTitle.get("starts before, ends inside")).toMatchObject({
      type: "task",
      project_id: rangeProject,
      start: "2026-02-20",
      end: "2026-03-06",
      start_at: "2026-02-20",
      due_date: "2026-03-05",
      status: 0,
      assignees: { data: [] },
      meta: { privacy: "0" },
      abilities: { can_edit: true },
    });
    expect(byTitle.get("starts before, ends inside")?.task_list?.data.title).toBe("Inbox");
    expect(byTitle.get("due date only, inside")).toMatchObject({ start: "2026-03-15", end: "2026-03-16", start_at: null, due_date: "2026-03-15" });
    expect(byTitle.get("start only, inside")).toMatchObject({ start: "2026-03-10", end: "2026-03-11", start_at: "2026-03-10", due_date: null });
    // Lean: the task window loads the rest of the task.
    expect(Object.keys(byTitle.get("starts before, ends inside") ?? {}).sort()).toEqual(
      ["abilities", "assignees", "due_date", "end", "id", "meta", "project_id", "start", "start_at", "status", "task_list", "title", "type"],
    );
    // Ordered by first day shown.
    expect(found.map((event) => event.start)).toEqual([...found.map((event) => event.start)].sort());
  });

  it("takes ISO date-times and uses the day they name", async () => {
    const iso = await events(cast.manager, `start=2026-03-01T00:00:00%2B02:00&end=2026-04-01T00:00:00Z&project_id=${rangeProject}`);
    const plain = await events(cast.manager, `${MARCH}&project_id=${rangeProject}`);
    expect(iso.map((event) => event.id)).toEqual(plain.map((event) => event.id));
  });

  it("shows a one-day range: a task ending that day and one starting that day", async () => {
    const found = await events(cast.manager, `start=2026-03-01&end=2026-03-02&project_id=${rangeProject}`);
    expect(titles(found)).toEqual(["ends exactly on start", "spans the whole range", "starts before, ends inside"]);
  });

  it("places milestones on their achieve date inside the range, never undated ones", async () => {
    await createMilestone(cast.manager, rangeProject, { title: "Launch", achieve_date: "2026-03-31" });
    await createMilestone(cast.manager, rangeProject, { title: "Kick-off", achieve_date: "2026-03-01" });
    await createMilestone(cast.manager, rangeProject, { title: "Too late", achieve_date: "2026-04-01" });
    await createMilestone(cast.manager, rangeProject, { title: "Someday" });
    const milestones = (await events(cast.manager, `${MARCH}&project_id=${rangeProject}`)).filter((event) => event.type === "milestone");
    expect(milestones.map((event) => event.title)).toEqual(["Kick-off", "Launch"]);
    expect(milestones[1]).toMatchObject({
      start: "2026-03-31",
      end: "2026-04-01",
      start_at: null,
      due_date: null,
      task_list: null,
      assignees: { data: [] },
      status: 0,
    });
  });
});

describe("GET /api/pm-pro/v2/calendar-events privacy and membership", () => {
  let privateProject: number;

  beforeAll(async () => {
    privateProject = (await createProjectWithCast(cast, { title: "Privacy" })).id;
    const hiddenList = await createList(cast.manager, privateProject, { title: "Hidden list", privacy: 1 });
    await createTask(cast.manager, privateProject, { title: "Public task", due_date: "2026-03-10" });
    await createTask(cast.manager, privateProject, { title: "Private task", due_date: "2026-03-11", privacy: 1 });
    await createTask(cast.manager, privateProject, { title: "Task in a private list", due_date: "2026-03-12", board_id: hiddenList.id });
    await createMilestone(cast.manager, privateProject, { title: "Public milestone", achieve_date: "2026-03-13" });
    await createMilestone(cast.manager, privateProject, { title: "Private milestone", achieve_date: "2026-03-14", privacy: 1 });
  });

  const everything = ["Private milestone", "Private task", "Public milestone", "Public task", "Task in a private list"];

  it("shows a client only public tasks in public lists and public milestones", async () => {
    expect(titles(await events(cast.client, `${MARCH}&project_id=${privateProject}`))).toEqual(["Public milestone", "Public task"]);
    expect(titles(await events(cast.coWorker, `${MARCH}&project_id=${privateProject}`))).toEqual(everything);
    expect(titles(await events(cast.manager, `${MARCH}&project_id=${privateProject}`))).toEqual(everything);
  });

  it("follows the project's capability overrides, for clients and co-workers", async () => {
    await saveCapabilities(t.database.db, privateProject, {
      client: { view_private_task: true, view_private_milestone: true },
      co_worker: { view_private_list: false, view_private_milestone: false },
    });
    try {
      expect(titles(await events(cast.client, `${MARCH}&project_id=${privateProject}`))).toEqual(["Private milestone", "Private task", "Public milestone", "Public task"]);
      expect(titles(await events(cast.coWorker, `${MARCH}&project_id=${privateProject}`))).toEqual(["Private task", "Public milestone", "Public task"]);
      // The same rules hold when no project is named and every project of the reader is searched.
      const across = titles(await events(cast.coWorker, MARCH));
      expect(across).toContain("Private task");
      expect(across).not.toContain("Task in a private list");
    } finally {
      await saveCapabilities(t.database.db, privateProject, null);
    }
  });

  it("refuses a project the caller is not a member of (403), and a missing one (404)", async () => {
    const outsider = await cast.outsider.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-events?${MARCH}&project_id=${privateProject}` });
    expect(outsider.statusCode).toBe(403);
    const missing = await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-events?${MARCH}&project_id=999999` });
    expect(missing.statusCode).toBe(404);
  });

  it("without a project, shows the caller's projects only; site managers see every project", async () => {
    expect(await events(cast.outsider, MARCH)).toEqual([]);
    // The site manager leaves the project's members and still sees all of it.
    await t.database.db.deleteFrom("project_members").where("project_id", "=", privateProject).where("user_id", "=", cast.siteManager.userId).execute();
    const forSiteManager = await events(cast.siteManager, MARCH);
    expect(titles(forSiteManager.filter((event) => event.project_id === privateProject))).toEqual(everything);
    expect(forSiteManager.every((event) => event.abilities.can_edit)).toBe(true);
    const forClient = await events(cast.client, MARCH);
    expect(titles(forClient.filter((event) => event.project_id === privateProject))).toEqual(["Public milestone", "Public task"]);
  });

  it("lets only managers and the creator move an event (abilities)", async () => {
    await createTask(cast.coWorker, privateProject, { title: "Carl's own", due_date: "2026-03-20" });
    const forCoWorker = new Map((await events(cast.coWorker, `${MARCH}&project_id=${privateProject}`)).map((event) => [event.title, event]));
    expect(forCoWorker.get("Carl's own")?.abilities.can_edit).toBe(true);
    expect(forCoWorker.get("Public task")?.abilities.can_edit).toBe(false);
    expect(forCoWorker.get("Public milestone")?.abilities.can_edit).toBe(false);
  });

  it("lets an assigned co-worker move a task's dates where the project lets assignees edit, never reassign it", async () => {
    await createTask(cast.manager, privateProject, { title: "Carl's to do", due_date: "2026-03-21", assignees: [cast.coWorker.userId] });
    const setting = (value: boolean) =>
      cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${privateProject}/settings`, payload: { key: "assignees_can_edit", value } });
    const canMove = async () => {
      const month = (await events(cast.coWorker, `${MARCH}&project_id=${privateProject}`)).find((event) => event.title === "Carl's to do");
      const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-resource?${MARCH}&project_id=${privateProject}` });
      const row = (response.json().data.events as CalendarResourceEvent[]).find((event) => event.title === "Carl's to do");
      return { month: month?.abilities.can_edit, userView: row?.abilities.can_edit };
    };
    expect(await canMove()).toEqual({ month: false, userView: false });
    expect((await setting(true)).statusCode).toBe(200);
    try {
      // The month view moves dates (details); the user view's rows are people, so a drop there reassigns.
      expect(await canMove()).toEqual({ month: true, userView: false });
    } finally {
      await setting(false);
    }
  });

  it("answers 404 module_inactive while the modules list has Calendar off", async () => {
    await t.app.services.moduleStates.setActive("calendar", false);
    try {
      for (const path of [`calendar-events?${MARCH}`, `calendar-resource?${MARCH}`, "calendar-projects"]) {
        const response = await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/${path}` });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
    } finally {
      await t.app.services.moduleStates.setActive("calendar", true);
    }
  });
});

describe("the users filter and the user view", () => {
  let teamProject: number;

  beforeAll(async () => {
    teamProject = (await createProjectWithCast(cast, { title: "Team" })).id;
    await createTask(cast.manager, teamProject, { title: "Pair work", due_date: "2026-03-05", assignees: [cast.coWorker.userId, cast.client.userId] });
    await createTask(cast.manager, teamProject, { title: "Carl alone", start_at: "2026-03-02", due_date: "2026-03-04", assignees: [cast.coWorker.userId] });
    await createTask(cast.manager, teamProject, { title: "Nobody's", due_date: "2026-03-06" });
    await createMilestone(cast.manager, teamProject, { title: "Team milestone", achieve_date: "2026-03-07" });
  });

  const base = () => `${MARCH}&project_id=${teamProject}`;

  it("keeps tasks assigned to any named user, 0 standing for unassigned; milestones stay", async () => {
    expect(titles(await events(cast.manager, `${base()}&users[]=${cast.coWorker.userId}`))).toEqual(["Carl alone", "Pair work", "Team milestone"]);
    expect(titles(await events(cast.manager, `${base()}&users=${cast.client.userId}`))).toEqual(["Pair work", "Team milestone"]);
    expect(titles(await events(cast.manager, `${base()}&users[]=0`))).toEqual(["Nobody's", "Team milestone"]);
    expect(titles(await events(cast.manager, `${base()}&users[]=${cast.client.userId}&users[]=0`))).toEqual(["Nobody's", "Pair work", "Team milestone"]);
    const pair = (await events(cast.manager, base())).find((event) => event.title === "Pair work");
    expect(pair?.assignees.data.map((user) => user.display_name)).toEqual(["Carl Coworker", "Cleo Client"]);
    expect(Object.keys(pair?.assignees.data[0] ?? {}).sort()).toEqual(["avatar_url", "display_name", "id"]);
  });

  async function resource(session: Session, query: string) {
    const response = await session.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-resource?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { resources: Array<{ id: number; display_name: string }>; events: CalendarResourceEvent[] }; meta: { count: number; truncated: boolean } };
  }

  it("has a row per member and one for Unassigned; a task with two assignees is on both rows", async () => {
    const answer = await resource(cast.manager, base());
    expect(answer.data.resources.map((row) => row.display_name)).toEqual(["Carl Coworker", "Cleo Client", "Mia Manager", "Sam Site", "Unassigned"]);
    expect(answer.data.resources.at(-1)?.id).toBe(0);
    const rowsOf = (title: string) => answer.data.events.filter((event) => event.title === title).map((event) => event.resource_id).sort();
    expect(rowsOf("Pair work")).toEqual([cast.coWorker.userId, cast.client.userId].sort());
    expect(rowsOf("Carl alone")).toEqual([cast.coWorker.userId]);
    expect(rowsOf("Nobody's")).toEqual([0]);
    expect(answer.data.events.some((event) => event.type === "milestone")).toBe(false);
    expect(answer.meta).toEqual({ count: 4, truncated: false });
  });

  it("narrows the rows to the users filter", async () => {
    const answer = await resource(cast.manager, `${base()}&users[]=${cast.client.userId}`);
    expect(answer.data.resources.map((row) => row.id)).toEqual([cast.client.userId]);
    expect(answer.data.events.map((event) => [event.title, event.resource_id])).toEqual([["Pair work", cast.client.userId]]);
    const withUnassigned = await resource(cast.manager, `${base()}&users[]=${cast.client.userId}&users[]=0`);
    expect(withUnassigned.data.resources.map((row) => row.id)).toEqual([cast.client.userId, 0]);
  });

  it("does not give away people outside the caller's projects through the users filter", async () => {
    const answer = await resource(cast.client, `${base()}&users[]=${cast.outsider.userId}`);
    expect(answer.data.resources).toEqual([]);
    expect(answer.data.events).toEqual([]);
  });
});

describe("GET /api/pm-pro/v2/calendar-projects", () => {
  let listsProject: number;

  beforeAll(async () => {
    listsProject = (await createProjectWithCast(cast, { title: "Aardvark lists" })).id;
    await createList(cast.manager, listsProject, { title: "Open list" });
    await createList(cast.manager, listsProject, { title: "Secret list", privacy: 1 });
    const archived = await createList(cast.manager, listsProject, { title: "Old list" });
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${listsProject}/task-lists/${archived.id}/update`, payload: { status: 0 } });
  });

  it("lists the caller's projects with current visible lists, members, and the caller", async () => {
    const response = await cast.client.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-projects" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.current_user_id).toBe(cast.client.userId);
    const project = body.projects.find((p: { id: number }) => p.id === listsProject);
    expect(project.task_lists.data.map((list: { title: string }) => list.title)).toEqual(["Inbox", "Open list"]);
    expect(project.task_lists.data[0].is_inbox).toBe(true);
    expect(project.users.data.map((user: { display_name: string }) => user.display_name)).toEqual(["Carl Coworker", "Cleo Client", "Mia Manager", "Sam Site"]);
    expect(project.abilities).toEqual({ create_task: true, view_private_task: false, can_set_privacy_task: false });
    expect(body.users.map((user: { id: number }) => user.id)).toContain(cast.manager.userId);
    expect(body.users.map((user: { id: number }) => user.id)).not.toContain(cast.outsider.userId);
    const forManager = (await cast.manager.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-projects" })).json();
    const managed = forManager.projects.find((p: { id: number }) => p.id === listsProject);
    expect(managed.task_lists.data.map((list: { title: string }) => list.title)).toEqual(["Inbox", "Open list", "Secret list"]);
  });

  it("gives an outsider nothing and a site manager every project", async () => {
    const outsider = (await cast.outsider.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-projects" })).json();
    expect(outsider).toEqual({ projects: [], users: [], current_user_id: cast.outsider.userId });
    await t.database.db.deleteFrom("project_members").where("project_id", "=", listsProject).where("user_id", "=", cast.siteManager.userId).execute();
    const site = (await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-projects" })).json();
    const project = site.projects.find((p: { id: number }) => p.id === listsProject);
    expect(project.abilities).toEqual({ create_task: true, view_private_task: true, can_set_privacy_task: true });
    // Sorted by title.
    const names = site.projects.map((p: { title: string }) => p.title);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });
});
