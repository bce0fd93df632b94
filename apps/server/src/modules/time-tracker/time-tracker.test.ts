import type { OthersTime, StartedTimer, Task, TimeLog, Timesheet } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
/** A co-worker of the project who is assigned to nothing. */
let bystander: Session;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  bystander = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Bea Bystander" });
  projectId = (
    await createProjectWithCast(cast, {
      title: "Timed project",
      assignees: [
        { user_id: cast.manager.userId, role_id: 1 },
        { user_id: cast.coWorker.userId, role_id: 2 },
        { user_id: bystander.userId, role_id: 2 },
        { user_id: cast.client.userId, role_id: 3 },
      ],
    })
  ).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Another project" })).id;
});
afterAll(() => t.close());

const everyone = () => [cast.siteManager, cast.manager, cast.coWorker, bystander, cast.client, cast.outsider];

// Each test leaves no timer running, so the next one starts from a clean slate.
afterEach(async () => {
  for (const session of everyone()) await stop(session);
});

function start(session: Session, taskId: number, project = projectId, listId?: number): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/time/", payload: { task_id: taskId, project_id: project, ...(listId && { list_id: listId }) } });
}

function stop(session: Session, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/time/update", payload });
}

function custom(session: Session, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/custom-time/", payload });
}

function remove(session: Session, timeId: number): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: `/api/pm-pro/v2/time/${timeId}/delete` });
}

function othersTime(session: Session, taskId: number): Promise<LightMyRequestResponse> {
  return session.inject({ method: "GET", url: `/api/pm-pro/v2/others-time/?task_id=${taskId}` });
}

function timesheet(session: Session, query: string): Promise<LightMyRequestResponse> {
  return session.inject({ method: "GET", url: `/api/pm-pro/v2/timesheet?${query}` });
}

/** A task of the project assigned to the given people (in the Inbox unless `board_id` is given). */
async function taskFor(assignees: Session[], extra: Record<string, unknown> = {}): Promise<number> {
  return (await createTask(cast.manager, projectId, { assignees: assignees.map((session) => session.userId), ...extra })).id;
}

/** Adds custom time as `session` and answers the log. */
async function logged(session: Session, taskId: number, hour: number, minute: number, extra: Record<string, unknown> = {}): Promise<TimeLog> {
  const response = await custom(session, { task_id: taskId, hour, minute, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TimeLog;
}

async function countLogs(): Promise<number> {
  const row = await t.database.db.selectFrom("time_logs").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

async function runningCount(userId: number): Promise<number> {
  const rows = await t.database.db.selectFrom("time_logs").select("id").where("user_id", "=", userId).where("run_status", "=", 1).execute();
  return rows.length;
}

async function readTask(taskId: number): Promise<Task> {
  const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Task;
}

function statusesOf(responses: LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode);
}

describe("who may log, read and delete time", () => {
  it("lets only assignees start a timer: not a client, a member who is not assigned or an outsider", async () => {
    const taskId = await taskFor([cast.siteManager, cast.manager, cast.coWorker, cast.client]);
    const answers: number[] = [];
    for (const session of everyone()) {
      const response = await start(session, taskId);
      answers.push(response.statusCode);
      if (response.statusCode === 200) expect((await stop(session)).statusCode).toBe(200);
    }
    expect(answers).toEqual([200, 200, 200, 403, 403, 403]);
    // Managers follow the same rule on a task they are not assigned to.
    const notTheirs = await taskFor([cast.coWorker]);
    expect(statusesOf([await start(cast.siteManager, notTheirs), await start(cast.manager, notTheirs)])).toEqual([403, 403]);
  });

  it("stops only the caller's own timer, and says so when none runs", async () => {
    const taskId = await taskFor([cast.coWorker]);
    expect((await start(cast.coWorker, taskId)).statusCode).toBe(200);
    for (const session of [cast.siteManager, cast.manager, bystander]) {
      const response = await stop(session);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe("Your time tracker is not running.");
    }
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
    const stopped = await stop(cast.coWorker, { task_id: taskId, note: "Wireframes" });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toMatchObject({ task_id: taskId, run_status: 0, note: "Wireframes", stopped_by_cap: false, abilities: { can_delete: true } });
  });

  it("lets only assignees add custom time, writing nothing for the others", async () => {
    const taskId = await taskFor([cast.siteManager, cast.manager, cast.coWorker, cast.client]);
    const before = await countLogs();
    const answers: number[] = [];
    for (const session of everyone()) answers.push((await custom(session, { task_id: taskId, hour: 0, minute: 30 })).statusCode);
    expect(answers).toEqual([200, 200, 200, 403, 403, 403]);
    expect(await countLogs()).toBe(before + 3);
  });

  it("lets only a log's owner delete it; an unknown log is a 404", async () => {
    const taskId = await taskFor([cast.manager, cast.coWorker]);
    const log = await logged(cast.coWorker, taskId, 1, 0);
    const refused = [];
    for (const session of [cast.siteManager, cast.manager, bystander, cast.client, cast.outsider]) {
      const response = await remove(session, log.time_id);
      refused.push(response.statusCode);
      expect(response.json().message).toBe("Only the person who logged this time can delete it.");
    }
    expect(refused).toEqual([403, 403, 403, 403, 403]);
    expect((await remove(cast.coWorker, log.time_id)).statusCode).toBe(200);
    expect((await remove(cast.coWorker, log.time_id)).statusCode).toBe(404);
    expect((await remove(cast.coWorker, 987654)).statusCode).toBe(404);
  });

  it("shows the others' time on a task to its managers only, by person", async () => {
    const taskId = await taskFor([cast.manager, cast.coWorker]);
    await logged(cast.coWorker, taskId, 1, 0);
    await logged(cast.coWorker, taskId, 0, 30);
    await logged(cast.manager, taskId, 0, 15);
    const forSite = await othersTime(cast.siteManager, taskId);
    expect(forSite.statusCode, forSite.body).toBe(200);
    const groups = (forSite.json() as OthersTime).data;
    // By name: Carl Coworker, then Mia Manager.
    expect(groups.map((group) => [group.user.data.id, group.total, group.logs.length])).toEqual([[cast.coWorker.userId, 5400, 2], [cast.manager.userId, 900, 1]]);
    expect((forSite.json() as OthersTime).meta.total).toBe(6300);
    const forManager = (await othersTime(cast.manager, taskId)).json() as OthersTime;
    expect(forManager.data.map((group) => group.user.data.id)).toEqual([cast.coWorker.userId]);
    expect(forManager.data[0]?.logs.every((log) => !log.abilities.can_delete)).toBe(true);
    expect(statusesOf(await Promise.all([cast.coWorker, bystander, cast.client, cast.outsider].map((session) => othersTime(session, taskId))))).toEqual([403, 403, 403, 403]);
    expect((await othersTime(cast.manager, 987654)).statusCode).toBe(404);
  });

  it("opens a member's timesheet to site managers and the managers of a shared project only", async () => {
    const taskId = await taskFor([cast.coWorker]);
    await logged(cast.coWorker, taskId, 2, 0, { date: "2026-03-03" });
    const query = `user_id=${cast.coWorker.userId}&start=2026-03-02`;
    const answers = await Promise.all([cast.siteManager, cast.manager, bystander, cast.client, cast.outsider].map((session) => timesheet(session, query)));
    expect(statusesOf(answers)).toEqual([200, 200, 403, 403, 403]);
    const seen = answers[1]?.json().data as Timesheet;
    expect(seen).toMatchObject({ user: { data: { id: cast.coWorker.userId } }, editable: false, totals: { total: 7200 } });
    expect(seen.rows.map((row) => [row.task.id, row.days, row.can_add])).toEqual([[taskId, { "2026-03-03": 7200 }, false]]);
    const own = (await timesheet(cast.coWorker, "start=2026-03-02")).json().data as Timesheet;
    expect(own).toMatchObject({ editable: true, totals: { total: 7200 } });
    expect(own.rows[0]?.can_add).toBe(true);
    // A site manager who is in none of the co-worker's projects still reads the whole sheet.
    const otherSiteManager = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Sid Site", manage_pm: true });
    expect(((await timesheet(otherSiteManager, query)).json().data as Timesheet).totals.total).toBe(7200);
    expect((await timesheet(cast.siteManager, "user_id=987654")).statusCode).toBe(404);
  });
});

describe("one running timer per user", () => {
  it("stops the timer running elsewhere when another starts, with a warning", async () => {
    const first = await createTask(cast.manager, projectId, { title: "Homepage", assignees: [cast.coWorker.userId] });
    const second = await taskFor([cast.coWorker]);
    expect((await start(cast.coWorker, first.id)).statusCode).toBe(200);
    const response = await start(cast.coWorker, second);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as StartedTimer;
    expect(answer.meta.warnings).toEqual(['Your timer on "Homepage" was stopped.']);
    expect(answer.meta.stopped).toMatchObject({ task_id: first.id, run_status: 0 });
    expect(answer.data).toMatchObject({ task_id: second, run_status: 1, stop: null, abilities: { can_delete: false } });
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
    const running = (await cast.coWorker.inject({ method: "GET", url: "/api/pm-pro/v2/time/running" })).json();
    expect(running).toMatchObject({ data: { task_id: second }, meta: { task: { id: second, project_id: projectId }, capped: [], max_hours: 10 } });
  });

  it("answers a second start on the task already timed with the timer that runs, writing nothing", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const first = await start(cast.coWorker, taskId);
    expect(first.statusCode).toBe(200);
    const logsBefore = await t.database.db.selectFrom("time_logs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const again = await start(cast.coWorker, taskId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { time_id: first.json().data.time_id, run_status: 1 }, meta: { warnings: [], stopped: null } });
    const logsAfter = await t.database.db.selectFrom("time_logs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(logsAfter.n)).toBe(Number(logsBefore.n));
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
  });

  it("keeps one timer when two starts arrive at once, answering neither with a 500", async () => {
    const [a, b] = [await taskFor([cast.coWorker]), await taskFor([cast.coWorker])];
    const onTwo = await Promise.all([start(cast.coWorker, a), start(cast.coWorker, b)]);
    for (const response of onTwo) expect([200, 409], response.body).toContain(response.statusCode);
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
    // When both started, the later one stopped the earlier's timer and said so.
    const started = onTwo.filter((response) => response.statusCode === 200);
    const warned = started.filter((response) => (response.json() as StartedTimer).meta.warnings.length === 1);
    expect(warned.length).toBe(started.length - 1);
    await stop(cast.coWorker);
    // Two starts on one task at once: one timer, which both answer.
    const onOne = await Promise.all([start(cast.coWorker, a), start(cast.coWorker, a)]);
    expect(statusesOf(onOne)).toEqual([200, 200]);
    expect(new Set(onOne.map((response) => (response.json() as StartedTimer).data.time_id)).size).toBe(1);
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
  });

  it("has the database refuse a second running log of one user", async () => {
    const taskId = await taskFor([cast.coWorker]);
    expect((await start(cast.coWorker, taskId)).statusCode).toBe(200);
    const at = "2026-03-02 09:00:00";
    const insert = t.database.db.insertInto("time_logs").values({
      task_id: taskId, project_id: projectId, user_id: cast.coWorker.userId, started_at: at, stopped_at: null, total_seconds: 0, run_status: 1,
      day: "2026-03-02", note: "", source: "timer", stopped_by_cap: 0, cap_seen_at: null, created_at: at, updated_at: at,
    }).execute();
    const { isUniqueViolation } = await import("./time-tracker.repository.js");
    await expect(insert.then(() => "written", (error: unknown) => (isUniqueViolation(error) ? "unique violation" : String(error)))).resolves.toBe("unique violation");
  });
});

describe("while the caller's timer runs", () => {
  it("refuses deleting a log and adding custom time: Please stop your time tracker.", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const log = await logged(cast.coWorker, taskId, 0, 20);
    expect((await start(cast.coWorker, taskId)).statusCode).toBe(200);
    const before = await countLogs();
    const deleting = await remove(cast.coWorker, log.time_id);
    const adding = await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0 });
    for (const response of [deleting, adding]) {
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe("Please stop your time tracker.");
    }
    expect(await countLogs()).toBe(before);
    await stop(cast.coWorker);
    expect((await remove(cast.coWorker, log.time_id)).statusCode).toBe(200);
  });
});

describe("open tasks only", () => {
  it("refuses time on a complete task and deleting its time", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const log = await logged(cast.coWorker, taskId, 0, 10);
    const done = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}/change-status`, payload: { status: 1 } });
    expect(done.statusCode, done.body).toBe(200);
    expect(statusesOf([await start(cast.coWorker, taskId), await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0 }), await remove(cast.coWorker, log.time_id)]))
      .toEqual([422, 422, 422]);
  });

  it("refuses deleting time, and logging it, while the task's list is archived", async () => {
    const list = await createList(cast.manager, projectId, { title: "Archived soon" });
    const taskId = await taskFor([cast.coWorker], { board_id: list.id });
    const log = await logged(cast.coWorker, taskId, 0, 45);
    const archived = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, payload: { status: 0 } });
    expect(archived.statusCode, archived.body).toBe(200);
    const deleting = await remove(cast.coWorker, log.time_id);
    expect(deleting.statusCode).toBe(422);
    expect(deleting.json().message).toBe("This task list is archived. Please restore the task list to delete time logged on its tasks.");
    expect((await start(cast.coWorker, taskId, projectId, list.id)).statusCode).toBe(422);
    expect(await t.database.db.selectFrom("time_logs").select("id").where("id", "=", log.time_id).executeTakeFirst()).toBeDefined();
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, payload: { status: 1 } });
    expect((await remove(cast.coWorker, log.time_id)).statusCode).toBe(200);
  });
});

describe("bad input", () => {
  it("answers 400 on the field for custom time out of bounds, writing nothing", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const before = await countLogs();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ hour: 0, minute: 0 }, "minute", "Add at least 1 minute."],
      [{ hour: 0, minute: -5 }, "minute", "Minutes cannot be negative."],
      [{ hour: 25, minute: 0 }, "hour", "Custom time can be at most 24 hours."],
      [{ hour: 24, minute: 1 }, "hour", "Custom time can be at most 24 hours."],
      [{ hour: -1, minute: 30 }, "hour", "Hours cannot be negative."],
      [{ hour: 1, minute: 60 }, "minute", "Minutes go from 0 to 59: write 60 minutes as 1 hour."],
      [{ hour: 1, minute: 0, date: "2999-01-01" }, "date", "The date cannot be in the future."],
      [{ hour: 1, minute: 0, date: "yesterday" }, "date", ""],
    ];
    for (const [payload, field, message] of cases) {
      const response = await custom(cast.coWorker, { task_id: taskId, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const params = response.json().data.params as Record<string, string[]>;
      expect(Object.keys(params), JSON.stringify(payload)).toContain(field);
      if (message) expect(params[field]?.[0]).toBe(message);
    }
    expect(await countLogs()).toBe(before);
    // 24 hours exactly and 1 minute are the bounds.
    expect((await logged(cast.coWorker, taskId, 24, 0)).total).toBe(86_400);
    expect((await logged(cast.coWorker, taskId, 0, 1)).total).toBe(60);
  });

  it("answers 404 for an unknown task or a task of another project, writing nothing", async () => {
    const elsewhere = (await createTask(cast.siteManager, otherProjectId, { assignees: [cast.manager.userId] })).id;
    const mine = await taskFor([cast.manager]);
    const before = await countLogs();
    const answers = [
      await start(cast.manager, 987654),
      await start(cast.manager, elsewhere, projectId),
      await start(cast.manager, mine, otherProjectId),
      await custom(cast.manager, { task_id: 987654, hour: 1, minute: 0 }),
      await custom(cast.manager, { task_id: elsewhere, project_id: projectId, hour: 1, minute: 0 }),
    ];
    expect(statusesOf(answers)).toEqual([404, 404, 404, 404, 404]);
    expect(await countLogs()).toBe(before);
    expect(statusesOf([await start(cast.manager, 0), await custom(cast.manager, { task_id: mine, hour: "one", minute: 0 })])).toEqual([400, 400]);
    expect(await countLogs()).toBe(before);
  });
});

describe("the task's time", () => {
  it("adds up stopped and custom time in time.meta.totalTime, and takes deleted time off", async () => {
    const taskId = await taskFor([cast.manager, cast.coWorker]);
    expect((await readTask(taskId)).time.meta).toEqual({ totalTime: 0, running: false });
    const custom1 = await logged(cast.coWorker, taskId, 1, 30);
    await logged(cast.manager, taskId, 0, 20);
    expect((await readTask(taskId)).time.meta.totalTime).toBe(5400 + 1200);
    expect((await start(cast.manager, taskId)).statusCode).toBe(200);
    expect((await readTask(taskId)).time.meta).toEqual({ totalTime: 6600, running: true });
    const stopped = (await stop(cast.manager)).json().data as TimeLog;
    expect((await readTask(taskId)).time.meta).toEqual({ totalTime: 6600 + stopped.total, running: false });
    expect((await remove(cast.coWorker, custom1.time_id)).statusCode).toBe(200);
    expect((await readTask(taskId)).time.meta.totalTime).toBe(1200 + stopped.total);
  });

  it("records time.logged and time.deleted events with the seconds", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const log = await logged(cast.coWorker, taskId, 0, 40);
    await remove(cast.coWorker, log.time_id);
    const rows = await t.database.db.selectFrom("events").select(["name", "payload"]).where("name", "in", ["time.logged", "time.deleted"]).orderBy("id").execute();
    const about = rows
      .map((row) => ({ name: row.name, ...(JSON.parse(row.payload) as { timeId: number }) }))
      .filter((event) => event.timeId === log.time_id);
    expect(about).toEqual([
      expect.objectContaining({ name: "time.logged", projectId, taskId, userId: cast.coWorker.userId, seconds: 2400, source: "custom", stoppedByCap: false }),
      expect.objectContaining({ name: "time.deleted", projectId, taskId, seconds: 2400 }),
    ]);
  });
});

describe("undo of a deleted task", () => {
  it("brings a task back with its time, even when the owner of a timer that ran on it has started another", async () => {
    const deleted = await taskFor([cast.coWorker]);
    const next = await taskFor([cast.coWorker]);
    const log = await logged(cast.coWorker, deleted, 0, 30);
    expect((await start(cast.coWorker, deleted)).statusCode).toBe(200);
    const removed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${deleted}/delete` });
    expect(removed.statusCode, removed.body).toBe(200);
    // The timer went with its task: the owner starts one elsewhere before the undo.
    expect((await start(cast.coWorker, next)).statusCode).toBe(200);
    const undone = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/undo/${(removed.json() as { undo: { id: number } }).undo.id}` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
    const running = (await cast.coWorker.inject({ method: "GET", url: "/api/pm-pro/v2/time/running" })).json();
    expect(running.data).toMatchObject({ task_id: next });
    const back = await t.database.db.selectFrom("time_logs").select(["id", "run_status", "total_seconds"]).where("task_id", "=", deleted).orderBy("id").execute();
    expect(back.map((row) => [row.id, row.run_status])).toEqual([[log.time_id, 0], [expect.any(Number), 0]]);
    expect((await readTask(deleted)).time.meta.totalTime).toBe(1800 + (back[1]?.total_seconds ?? 0));
  });

  it("brings a deleted list back with its tasks' time, the timer that ran there stopped", async () => {
    const list = await createList(cast.manager, projectId, { title: "Going away" });
    const inList = await taskFor([cast.coWorker], { board_id: list.id });
    const next = await taskFor([cast.coWorker]);
    expect((await start(cast.coWorker, inList, projectId, list.id)).statusCode).toBe(200);
    const removed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/delete` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await start(cast.coWorker, next)).statusCode).toBe(200);
    const undone = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/undo/${(removed.json() as { undo: { id: number } }).undo.id}` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await runningCount(cast.coWorker.userId)).toBe(1);
    const back = await t.database.db.selectFrom("time_logs").select("run_status").where("task_id", "=", inList).execute();
    expect(back.map((row) => row.run_status)).toEqual([0]);
  });
});

describe("the module switch", () => {
  it("answers every call with 404 module_inactive while the time tracker is off", async () => {
    const taskId = await taskFor([cast.coWorker]);
    const log = await logged(cast.coWorker, taskId, 0, 5);
    await t.app.services.moduleStates.setActive("time_tracker", false);
    try {
      const answers = [
        await start(cast.coWorker, taskId),
        await stop(cast.coWorker),
        await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0 }),
        await remove(cast.coWorker, log.time_id),
        await othersTime(cast.manager, taskId),
        await timesheet(cast.coWorker, ""),
        await cast.coWorker.inject({ method: "GET", url: "/api/pm-pro/v2/time/running" }),
        await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/time/${log.time_id}/seen` }),
      ];
      for (const response of answers) {
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
    } finally {
      await t.app.services.moduleStates.setActive("time_tracker", true);
    }
  });
});
