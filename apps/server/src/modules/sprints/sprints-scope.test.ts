import type { AddSprintTasksAnswer, CompleteSprintAnswer, Sprint } from "@plotline/contracts";
import { addSprintTasksResponse, completeSprintResponse } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { addTasks, buildSprintWorld, get, ok, planSprint, post, readSprint, sprintTables, SPRINTS, taskIn, type SprintWorld } from "./sprints.fixtures.js";

let t: TestApp;
let w: SprintWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildSprintWorld(t);
});
afterAll(() => t.close());

const add = (session: Session, sprintId: number, taskIds: unknown) => post(session, `${SPRINTS}/${sprintId}/tasks`, { task_ids: taskIds });
const remove = (session: Session, sprintId: number, taskId: number) => post(session, `${SPRINTS}/${sprintId}/tasks/${taskId}/delete`);

/** The ids of the tasks a sprint holds, as the site manager sees them. */
async function taskIdsOf(sprintId: number): Promise<number[]> {
  return (await readSprint(w.cast.siteManager, sprintId)).tasks?.data.map((task) => task.id) ?? [];
}

describe("who may add tasks to a sprint and take them out", () => {
  let sprint: Sprint;
  let taskA: number;
  let taskB: number;

  beforeAll(async () => {
    sprint = await planSprint(w, { title: "Matrix", projects: [w.projectA, w.projectB] });
    taskA = await taskIn(w.cast.manager, w.projectA, { title: "A task" });
    taskB = await taskIn(w.managerB, w.projectB, { title: "B task" });
  });

  it("lets the site manager and the creator change any of its projects' tasks", async () => {
    for (const session of [w.cast.siteManager, w.creator]) {
      const answer = await ok<AddSprintTasksAnswer>(await add(session, sprint.id, [taskA, taskB]));
      expect(addSprintTasksResponse.parse(answer)).toEqual(answer);
      expect(answer.meta.added_ids).toEqual([taskA, taskB]);
      expect(answer.data.counters.tasks.total).toBe(2);
      expect(await ok(await remove(session, sprint.id, taskA))).toEqual({ message: "Task removed from the sprint successfully" });
      await ok(await remove(session, sprint.id, taskB));
      expect(await taskIdsOf(sprint.id)).toEqual([]);
    }
  });

  it("lets a project's manager change the tasks of the projects they manage only", async () => {
    const answer = await ok<AddSprintTasksAnswer>(await add(w.cast.manager, sprint.id, [taskA]));
    expect(answer.data.abilities).toMatchObject({ can_edit: false, task_project_ids: [w.projectA] });
    // B is not theirs: its task reads like an unknown one.
    const strange = await add(w.cast.manager, sprint.id, [taskB]);
    expect(strange.statusCode).toBe(400);
    expect(strange.json().data.params.task_ids).toEqual([`These are not tasks of the sprint's projects: ${taskB}.`]);
    await ok(await add(w.managerB, sprint.id, [taskB]));
    const refused = await remove(w.managerB, sprint.id, taskA);
    expect(refused.statusCode).toBe(404);
    await ok(await remove(w.cast.manager, sprint.id, taskA));
    await ok(await remove(w.managerB, sprint.id, taskB));
  });

  it("leaves co-workers and clients read-only, and strangers outside", async () => {
    const before = await sprintTables(t);
    for (const session of [w.cast.coWorker, w.cast.client]) {
      const refused = await add(session, sprint.id, [taskA]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only site managers, the sprint's creator and the managers of a task's project can add its tasks to this sprint or take them out.");
      expect((await readSprint(session, sprint.id)).abilities).toEqual({ can_edit: false, can_delete: false, can_start: false, can_complete: false, task_project_ids: [] });
    }
    await addTasks(w.creator, sprint.id, [taskA]);
    const mid = await sprintTables(t);
    for (const session of [w.cast.coWorker, w.cast.client]) expect((await remove(session, sprint.id, taskA)).statusCode).toBe(403);
    expect((await add(w.cast.outsider, sprint.id, [taskA])).statusCode).toBe(404);
    expect((await remove(w.cast.outsider, sprint.id, taskA)).statusCode).toBe(404);
    expect(await sprintTables(t)).toBe(mid);
    await ok(await remove(w.creator, sprint.id, taskA));
    // Added to a planned sprint and taken out again: nothing of it is left.
    expect(await sprintTables(t)).toBe(before);
  });

  it("refuses bad task lists with a 400 on task_ids, writing nothing", async () => {
    const subTask = (await ok<{ data: { id: number } }>(await post(w.cast.manager, `/api/pm-pro/v2/tasks/${taskA}/sub-tasks`, { title: "Step" }))).data.id;
    const before = await sprintTables(t);
    const cases: Array<[unknown, string | null]> = [
      [[], "task_ids must name at least one task"],
      [[taskA, taskA], "task_ids must not name a task twice"],
      ["nope", null],
      [[0], null],
      [Array.from({ length: 501 }, (_, index) => index + 1), null],
      [[taskA, 999999], "These are not tasks of the sprint's projects: 999999."],
      [[subTask], "Sub-tasks are not put in a sprint: their parent task is."],
    ];
    for (const [ids, message] of cases) {
      const response = await add(w.creator, sprint.id, ids);
      expect(response.statusCode, JSON.stringify(ids).slice(0, 40)).toBe(400);
      const params = response.json().data.params as Record<string, string[]>;
      expect(Object.keys(params).some((key) => key.startsWith("task_ids"))).toBe(true);
      if (message) expect(params.task_ids).toEqual([message]);
    }
    const notIn = await remove(w.creator, sprint.id, taskA);
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe("This task is not in this sprint.");
    expect((await remove(w.creator, sprint.id, 999999)).statusCode).toBe(404);
    expect(await sprintTables(t)).toBe(before);
  });
});

describe("one open sprint per task", () => {
  it("refuses a task that is in another open sprint with a 409 naming it, and takes it again once that sprint ended", async () => {
    const first = await planSprint(w, { title: "First" });
    const second = await planSprint(w, { title: "Second" });
    const task = await taskIn(w.cast.manager, w.projectA, { title: "Shared" });
    const other = await taskIn(w.cast.manager, w.projectA, { title: "Free" });
    await addTasks(w.creator, first.id, [task]);
    const again = await ok<AddSprintTasksAnswer>(await add(w.creator, first.id, [task, other]));
    expect(again.meta).toEqual({ added_ids: [other], unchanged_ids: [task] });
    const before = await sprintTables(t);
    const conflict = await add(w.creator, second.id, [other, task]);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(`These tasks are already in the open sprint First: ${other}, ${task}. A task is in at most one open sprint.`);
    expect(await sprintTables(t)).toBe(before);
    // The index holds it too, whatever the service checked.
    await expect(t.database.db.insertInto("sprint_tasks").values({ sprint_id: second.id, task_id: task, project_id: w.projectA, is_open: 1, added_by: null, added_at: "2026-03-02 10:00:00" }).execute()).rejects.toThrow();

    await ok(await post(w.creator, `${SPRINTS}/${first.id}/start`));
    await ok(await post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/${task}/change-status`, { status: 1 }));
    await ok(await post(w.creator, `${SPRINTS}/${first.id}/complete`, { carry_over_to: second.id }));
    // The done task left with its sprint; the open one went on to the second.
    expect(await taskIdsOf(second.id)).toEqual([other]);
    await addTasks(w.creator, second.id, [task]);
    expect(new Set(await taskIdsOf(second.id))).toEqual(new Set([other, task]));
  });

  it("lets one of two adds of a task to two sprints at the same moment win, and answers the other 409", async () => {
    const left = await planSprint(w, { title: "Left" });
    const right = await planSprint(w, { title: "Right" });
    for (let round = 0; round < 3; round += 1) {
      const task = await taskIn(w.cast.manager, w.projectA, { title: `Raced ${round}` });
      const answers = await Promise.all([add(w.creator, left.id, [task]), add(w.cast.manager, right.id, [task])]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.database.db.selectFrom("sprint_tasks").select("sprint_id").where("task_id", "=", task).where("is_open", "=", 1).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("never leaves a task open in a sprint that completed while it was added", async () => {
    const sprint = await planSprint(w, { title: "Closing" });
    const first = await taskIn(w.cast.manager, w.projectA, { title: "Already in" });
    await addTasks(w.creator, sprint.id, [first]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    const late = await taskIn(w.cast.manager, w.projectA, { title: "Late" });
    const [added, completed] = await Promise.all([add(w.cast.manager, sprint.id, [late]), post(w.creator, `${SPRINTS}/${sprint.id}/complete`)]);
    expect(completed.statusCode).toBe(200);
    expect([200, 422]).toContain(added.statusCode);
    const open = await t.database.db.selectFrom("sprint_tasks").select("task_id").where("sprint_id", "=", sprint.id).where("is_open", "=", 1).execute();
    expect(open).toEqual([]);
  });
});

describe("starting and completing", () => {
  it("starts a planned sprint once, and completes an active one, carrying open tasks to a planned sprint", async () => {
    const sprint = await planSprint(w, { title: "Carry", projects: [w.projectA, w.projectB] });
    const next = await planSprint(w, { title: "Next one", projects: [w.projectA, w.projectB] });
    const done = await taskIn(w.cast.manager, w.projectA, { title: "Done", estimation: 60 });
    const open = await taskIn(w.cast.manager, w.projectA, { title: "Open", estimation: 30 });
    const openB = await taskIn(w.managerB, w.projectB, { title: "Open B", estimation: 15 });
    await addTasks(w.creator, sprint.id, [done, open, openB]);
    expect((await post(w.creator, `${SPRINTS}/${sprint.id}/complete`)).json().message).toBe("Only an active sprint can be completed.");

    const started = await ok<{ data: Sprint; message: string }>(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    expect(started.message).toBe("Sprint started successfully");
    expect(started.data).toMatchObject({ status: "active", abilities: { can_start: false, can_complete: true } });
    expect(started.data.started_at.date).not.toBeNull();
    const twice = await post(w.creator, `${SPRINTS}/${sprint.id}/start`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe("Only a planned sprint can be started.");
    await ok(await post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/${done}/change-status`, { status: 1 }));

    const narrow = await planSprint(w, { title: "Only A" });
    const before = await sprintTables(t);
    for (const target of [sprint.id, 999999, "next"]) {
      const refused = await post(w.creator, `${SPRINTS}/${sprint.id}/complete`, { carry_over_to: target });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().data.params)).toEqual(["carry_over_to"]);
    }
    const tooNarrow = await post(w.creator, `${SPRINTS}/${sprint.id}/complete`, { carry_over_to: narrow.id });
    expect(tooNarrow.statusCode).toBe(400);
    expect(tooNarrow.json().data.params.carry_over_to).toEqual(["Only A does not span these projects of the open tasks: Borealis. Add them to it first."]);
    expect((await post(w.cast.manager, `${SPRINTS}/${sprint.id}/complete`, { carry_over_to: next.id })).statusCode).toBe(403);
    expect(await sprintTables(t)).toBe(before);

    const completed = await ok<CompleteSprintAnswer>(await post(w.creator, `${SPRINTS}/${sprint.id}/complete`, { carry_over_to: next.id }));
    expect(completeSprintResponse.parse(completed)).toEqual(completed);
    expect(completed.message).toBe("Sprint completed successfully");
    expect(completed.meta).toEqual({ carried_over_ids: [open, openB], carried_over_to: next.id });
    expect(completed.data).toMatchObject({
      status: "completed", carried_over_to: next.id,
      counters: { tasks: { total: 3, complete: 1 }, estimation: { total: 105, complete: 60 } },
      abilities: { can_complete: false, can_start: false, task_project_ids: [] },
    });
    expect(await taskIdsOf(next.id)).toEqual([open, openB]);
    const closed = await readSprint(w.cast.client, sprint.id);
    expect(closed.tasks?.meta).toEqual({ total: 2, carried_over_ids: [open] });
    // A completed sprint keeps its tasks, dates and projects.
    expect((await remove(w.creator, sprint.id, open)).statusCode).toBe(422);
    expect((await add(w.creator, sprint.id, [open])).statusCode).toBe(422);
    expect((await post(w.creator, `${SPRINTS}/${sprint.id}/update`, { due_date: "2026-04-01" })).json().message).toBe("A completed sprint keeps its dates and projects.");
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/update`, { title: "Carry (done)" }));
    // Its counters stay as they ended, whatever becomes of its tasks later.
    await ok(await post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/${open}/change-status`, { status: 1 }));
    expect((await readSprint(w.cast.siteManager, sprint.id)).counters.tasks).toEqual({ total: 3, complete: 1 });
    expect((await readSprint(w.cast.siteManager, next.id)).counters.tasks).toEqual({ total: 2, complete: 1 });
  });

  it("sends open tasks back to the backlog when no sprint is chosen", async () => {
    const sprint = await planSprint(w, { title: "To backlog" });
    const task = await taskIn(w.cast.manager, w.projectA, { title: "Back to backlog" });
    await addTasks(w.creator, sprint.id, [task]);
    await ok(await post(w.cast.siteManager, `${SPRINTS}/${sprint.id}/start`));
    const completed = await ok<CompleteSprintAnswer>(await post(w.cast.siteManager, `${SPRINTS}/${sprint.id}/complete`));
    expect(completed.meta).toEqual({ carried_over_ids: [task], carried_over_to: null });
    const open = await t.database.db.selectFrom("sprint_tasks").select("sprint_id").where("task_id", "=", task).where("is_open", "=", 1).execute();
    expect(open).toEqual([]);
    const later = await planSprint(w, { title: "Later" });
    await addTasks(w.creator, later.id, [task]);
  });
});

describe("privacy", () => {
  it("leaves private tasks and tasks of private lists out of the tasks, counters and burndown of readers who may not see them", async () => {
    const sprint = await planSprint(w, { title: "Private bits" });
    const list = (await ok<{ data: { id: number } }>(await post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/task-lists`, { title: "Secret list", privacy: true }))).data.id;
    const open = await taskIn(w.cast.manager, w.projectA, { title: "Public", estimation: 10 });
    const secret = await taskIn(w.cast.manager, w.projectA, { title: "Private", estimation: 20, privacy: true });
    const listed = await taskIn(w.cast.manager, w.projectA, { title: "In a private list", estimation: 40, board_id: list });
    await addTasks(w.cast.manager, sprint.id, [open, secret, listed]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));

    const client = await readSprint(w.cast.client, sprint.id);
    expect(client.tasks?.data.map((task) => task.title)).toEqual(["Public"]);
    expect(client.counters).toEqual({ tasks: { total: 1, complete: 0 }, estimation: { total: 10, complete: 0 } });
    const manager = await readSprint(w.cast.manager, sprint.id);
    expect(manager.counters.tasks.total).toBe(3);
    // Each reader gets their own abilities on the same tasks, read one after the other.
    expect(client.tasks?.data[0]?.abilities).toMatchObject({ can_complete: false, can_delete: false });
    expect(manager.tasks?.data.map((task) => task.abilities.can_complete)).toEqual([true, true, true]);
    expect((await readSprint(w.cast.client, sprint.id)).tasks?.data[0]?.abilities.can_complete).toBe(false);
    const burndown = async (session: Session) => (await ok<{ data: { summary: { original: { count: number; estimation: number } } } }>(await get(session, `${SPRINTS}/${sprint.id}/burndown`))).data.summary.original;
    expect(await burndown(w.cast.client)).toEqual({ count: 1, estimation: 10 });
    expect(await burndown(w.cast.manager)).toEqual({ count: 3, estimation: 70 });
    // A hidden task reads like an unknown one: the client cannot probe it, even to take it out.
    expect((await remove(w.cast.client, sprint.id, secret)).statusCode).toBe(404);
    const listedIn = (await ok<{ data: Sprint[] }>(await get(w.cast.client, `${SPRINTS}/refresh`))).data.find((entry) => entry.id === sprint.id);
    expect(listedIn?.counters.tasks.total).toBe(1);
    // Deleted, the private task still counts for its readers only, by the privacy it had.
    await ok(await post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/${secret}/delete`));
    expect(await burndown(w.cast.client)).toEqual({ count: 1, estimation: 10 });
    expect(await burndown(w.cast.manager)).toEqual({ count: 3, estimation: 70 });
  });
});
