import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, type Created } from "./tasks.fixtures.js";

/** The project setting `assignees_can_edit`: co-workers assigned to a task may change its details. */
let t: TestApp;
let cast: Cast;
let projectId: number;
let task: Created;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Shared editing" })).id;
  task = await createTask(cast.manager, projectId, { title: "Assigned", assignees: [cast.coWorker.userId, cast.client.userId] });
});
afterAll(() => t.close());

const taskUrl = () => `/api/pm/v2/projects/${projectId}/tasks/${task.id}`;

function setting(on: boolean) {
  return cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "assignees_can_edit", value: on } });
}

function update(session: Session, payload: Record<string, unknown>, url = taskUrl()) {
  return session.inject({ method: "POST", url: `${url}/update`, payload });
}

async function abilitiesOf(session: Session) {
  const single = (await session.inject({ method: "GET", url: taskUrl() })).json().data.abilities;
  const listed = (await session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks` })).json().data.find((row: { id: number }) => row.id === task.id).abilities;
  expect(listed).toEqual(single);
  return single;
}

describe("assignees_can_edit", () => {
  it("is off by default: an assigned co-worker changes the status only", async () => {
    expect(await abilitiesOf(cast.coWorker)).toMatchObject({ can_edit: false, can_complete: true, can_edit_details: false });
    expect((await update(cast.coWorker, { title: "Mine now" })).statusCode).toBe(403);
  });

  it("when on, lets an assigned co-worker change title, description, dates and estimation, and nothing else", async () => {
    expect((await setting(true)).statusCode).toBe(200);
    expect(await abilitiesOf(cast.coWorker)).toEqual({
      can_edit: false, can_delete: false, can_complete: true, can_move: false, can_set_privacy: false, can_edit_details: true,
    });
    const edited = await update(cast.coWorker, { title: "Renamed", description: "Notes", start_at: "2026-05-01", due_date: "2026-05-09", estimation: 120 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: "Renamed", estimation: 120, due_date: { date: "2026-05-09" } });
    const list = await createList(cast.manager, projectId);
    for (const payload of [{ privacy: 1 }, { assignees: [cast.coWorker.userId] }, { board_id: list.id }, { priority: 3 }, { title: "And", priority: 1 }]) {
      expect((await update(cast.coWorker, payload)).statusCode, JSON.stringify(payload)).toBe(403);
    }
    const stored = await t.database.db.selectFrom("tasks").select(["title", "priority", "privacy"]).where("id", "=", task.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: "Renamed", priority: 0, privacy: 0 });
    // The assignees sent as they are (as the calendar's move sends them) change nothing, so the move is allowed.
    const moved = await update(cast.coWorker, { title: "Renamed", assignees: [cast.client.userId, cast.coWorker.userId], due_date: "2026-05-10" });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("when on, still refuses clients and co-workers who are not assigned", async () => {
    expect(await abilitiesOf(cast.client)).toMatchObject({ can_edit: false, can_edit_details: false });
    expect((await update(cast.client, { title: "Client's" })).statusCode).toBe(403);
    const other = await createTask(cast.manager, projectId, { title: "Not theirs" });
    expect((await update(cast.coWorker, { title: "Taken" }, `/api/pm/v2/projects/${projectId}/tasks/${other.id}`)).statusCode).toBe(403);
  });

  it("when on, lets the assigned co-worker set due dates in bulk but not priorities", async () => {
    const url = `/api/pm/v2/projects/${projectId}/tasks/bulk`;
    const dates = await cast.coWorker.inject({ method: "POST", url, payload: { action: "due_date", task_ids: [task.id], due_date: "2026-05-20" } });
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json().data[0].abilities.can_edit_details).toBe(true);
    expect((await cast.coWorker.inject({ method: "POST", url, payload: { action: "priority", task_ids: [task.id], priority: 2 } })).statusCode).toBe(403);
  });

  it("takes effect on the next read when turned off, whatever was kept", async () => {
    // A manager's read keeps the task; the co-worker's abilities are still their own.
    await abilitiesOf(cast.manager);
    expect((await abilitiesOf(cast.coWorker)).can_edit_details).toBe(true);
    expect((await setting(false)).statusCode).toBe(200);
    expect((await abilitiesOf(cast.coWorker)).can_edit_details).toBe(false);
    expect((await update(cast.coWorker, { title: "Too late" })).statusCode).toBe(403);
  });
});
