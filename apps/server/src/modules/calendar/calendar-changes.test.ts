import type { CalendarEvent } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

/** What the calendar's drags send through the update calls, its bad parameters, and its query counts. */

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

async function createMilestone(session: Session, project: number, payload: Record<string, unknown>): Promise<number> {
  const response = await session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/milestones`, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

describe("moving and resizing from the calendar, through the update calls", () => {
  let moveProject: number;

  beforeAll(async () => {
    moveProject = (await createProjectWithCast(cast, { title: "Moves" })).id;
  });

  async function eventOf(title: string): Promise<CalendarEvent | undefined> {
    return (await events(cast.manager, `start=2026-01-01&end=2026-12-31&project_id=${moveProject}`)).find((event) => event.title === title);
  }

  it("moves a task (start and due dates keep their length) and resizes it (end less one day is the due date)", async () => {
    const task = await createTask(cast.manager, moveProject, { title: "Drag me", start_at: "2026-03-02", due_date: "2026-03-04", assignees: [cast.coWorker.userId] });
    // A drag by 5 days: the calendar sends both dates moved, and the assignees it has.
    const moved = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${moveProject}/tasks/${task.id}/update`,
      payload: { title: "Drag me", start_at: "2026-03-07", due_date: "2026-03-09", assignees: [cast.coWorker.userId] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await eventOf("Drag me")).toMatchObject({ start: "2026-03-07", end: "2026-03-10", due_date: "2026-03-09" });
    // A resize to end on the (exclusive) 2026-03-13 saves the 12th as the due date.
    const resized = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${moveProject}/tasks/${task.id}/update`, payload: { due_date: "2026-03-12" } });
    expect(resized.statusCode).toBe(200);
    expect(await eventOf("Drag me")).toMatchObject({ start: "2026-03-07", end: "2026-03-13", start_at: "2026-03-07", due_date: "2026-03-12" });
  });

  it("moves a task to another person's row (assignees replaced) and to Unassigned ([0])", async () => {
    const task = await createTask(cast.manager, moveProject, { title: "Reassign me", due_date: "2026-04-02", assignees: [cast.coWorker.userId] });
    const url = `/api/pm/v2/projects/${moveProject}/tasks/${task.id}/update`;
    expect((await cast.manager.inject({ method: "POST", url, payload: { assignees: [cast.client.userId], start_at: null, due_date: "2026-04-03" } })).statusCode).toBe(200);
    expect((await eventOf("Reassign me"))?.assignees.data.map((user) => user.id)).toEqual([cast.client.userId]);
    expect((await cast.manager.inject({ method: "POST", url, payload: { assignees: [0] } })).statusCode).toBe(200);
    expect((await eventOf("Reassign me"))?.assignees.data).toEqual([]);
    // Someone outside the project cannot be given the task: the calendar puts the event back.
    const stranger = await cast.manager.inject({ method: "POST", url, payload: { assignees: [cast.outsider.userId] } });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().data.params)).toEqual(["assignees"]);
  });

  it("refuses a move by someone who may not edit the task, and a due date before the start", async () => {
    const task = await createTask(cast.manager, moveProject, { title: "Not Carl's", start_at: "2026-05-01", due_date: "2026-05-02" });
    const url = `/api/pm/v2/projects/${moveProject}/tasks/${task.id}/update`;
    expect((await cast.coWorker.inject({ method: "POST", url, payload: { start_at: "2026-05-03", due_date: "2026-05-04" } })).statusCode).toBe(403);
    const backwards = await cast.manager.inject({ method: "POST", url, payload: { due_date: "2026-04-30" } });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().data.params)).toEqual(["due_date"]);
    expect(await eventOf("Not Carl's")).toMatchObject({ start: "2026-05-01", end: "2026-05-03" });
  });

  it("moves a milestone by its achieve date (status sent as incomplete)", async () => {
    const id = await createMilestone(cast.manager, moveProject, { title: "Gate", achieve_date: "2026-06-01" });
    const response = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${moveProject}/milestones/${id}/update`,
      payload: { title: "Gate", achieve_date: "2026-06-05", status: "incomplete" },
    });
    expect(response.statusCode).toBe(200);
    expect(await eventOf("Gate")).toMatchObject({ type: "milestone", start: "2026-06-05", end: "2026-06-06" });
  });
});

describe("bad calendar parameters", () => {
  const cases: Array<[string, string, string]> = [
    ["no start", "end=2026-04-01", "start"],
    ["no end", "start=2026-03-01", "end"],
    ["a day that does not exist", "start=2026-02-30&end=2026-04-01", "start"],
    ["a date in another format", "start=03/01/2026&end=2026-04-01", "start"],
    ["end before start", "start=2026-03-01&end=2026-02-01", "end"],
    ["end equal to start", "start=2026-03-01&end=2026-03-01", "end"],
    ["a range over 400 days", "start=2026-01-01&end=2027-02-06", "end"],
    ["a users entry that is not an id", `${MARCH}&users[]=abc`, "users"],
    ["a negative user", `${MARCH}&users=-3`, "users"],
    ["a project id that is not an id", `${MARCH}&project_id=abc`, "project_id"],
  ];
  for (const [what, query, field] of cases) {
    it(`answers 400 naming ${field} for ${what}`, async () => {
      for (const path of ["calendar-events", "calendar-resource"]) {
        const response = await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/${path}?${query}` });
        expect(response.statusCode, response.body).toBe(400);
        const body = response.json();
        expect(body.code).toBe("rest_invalid_param");
        expect(Object.keys(body.data.params).some((key) => key === field || key.startsWith(`${field}.`)), JSON.stringify(body.data.params)).toBe(true);
      }
    });
  }

  it("takes a range of exactly 400 days, and says why end is refused in words", async () => {
    expect((await cast.manager.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-events?start=2026-01-01&end=2027-02-05" })).statusCode).toBe(200);
    const response = await cast.manager.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-events?start=2026-03-01&end=2026-02-01" });
    expect(response.json().data.params.end).toEqual(["end must be after start"]);
  });

  it("needs a signed-in caller", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/pm-pro/v2/calendar-events?${MARCH}` });
    expect(response.statusCode).toBe(401);
  });
});

describe("calendar query counts", () => {
  it("runs the same number of statements for 3 tasks as for 60, with assignees", async () => {
    const countProject = (await createProjectWithCast(cast, { title: "Counting" })).id;
    const list = await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", countProject).executeTakeFirstOrThrow();
    const now = "2026-01-01 00:00:00";
    async function addTasks(n: number, offset: number): Promise<void> {
      for (let i = 0; i < n; i += 1) {
        const day = String(1 + ((offset + i) % 28)).padStart(2, "0");
        const task = await t.database.db.insertInto("tasks").values({
          project_id: countProject, task_list_id: list.id, parent_id: 0, title: `T${offset + i}`, description: "", estimation: 0,
          start_at: `2026-03-${day}`, due_date: `2026-03-${day}`, priority: 0, complexity: 0, payable: 0, recurrent: 0, status: i % 3 === 0 ? 1 : 0,
          privacy: i % 2, sort_order: i, type_id: null, created_by: cast.manager.userId, completed_by: null, completed_at: null, created_at: now, updated_at: now,
        }).returning("id").executeTakeFirstOrThrow();
        await t.database.db.insertInto("task_assignees").values({ task_id: task.id, user_id: i % 2 ? cast.coWorker.userId : cast.client.userId, project_id: countProject, assigned_at: now }).execute();
      }
    }
    async function queriesOf(path: string): Promise<number> {
      // The session and the reader's access are read once, then kept: a request for another month warms
      // them, and the counted one, never asked before, is read from the database.
      await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/${path}?start=2025-01-01&end=2025-02-01&project_id=${countProject}` });
      t.queries.length = 0;
      const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/${path}?${MARCH}&project_id=${countProject}` });
      expect(response.statusCode).toBe(200);
      // The modules list's switches are read when their 5-second cache runs out, whatever the request.
      return t.queries.filter((query) => !query.includes("module_states")).length;
    }
    await addTasks(3, 0);
    const few = [await queriesOf("calendar-events"), await queriesOf("calendar-resource")];
    await addTasks(57, 3);
    const many = [await queriesOf("calendar-events"), await queriesOf("calendar-resource")];
    expect(many).toEqual(few);
    // Tasks with their assignees' ids, the people they name, then milestones (events) or members
    // (resource); the session and the reader's access, known from earlier requests, are read from memory.
    expect(few).toEqual([3, 3]);
    // Asked again with nothing changed, both answers come from memory.
    t.queries.length = 0;
    for (const path of ["calendar-events", "calendar-resource"]) {
      expect((await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/${path}?${MARCH}&project_id=${countProject}` })).statusCode).toBe(200);
    }
    expect(t.queries.filter((query) => !query.includes("module_states"))).toEqual([]);
  });
});
