import type { RunningTimer, TimeLog, Timesheet } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config.js";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";
import { ownLogsOfTasks } from "./time-tracker.service.js";

// The site is in New York: in March 2026 (after the clocks changed on the 8th) that is UTC-4, so 02:30 UTC on
// the 11th is 22:30 on the 10th there.
let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { timezone: "America/New_York" } });
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Night shift" })).id;
});
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  for (const session of [cast.manager, cast.coWorker]) await stop(session);
});

/** Makes `new Date()` answer this instant (timers keep running for real). */
function clockAt(iso: string): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

function start(session: Session, taskId: number): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/time/", payload: { task_id: taskId, project_id: projectId } });
}

function stop(session: Session): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/time/update", payload: {} });
}

function custom(session: Session, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/custom-time/", payload });
}

async function running(session: Session): Promise<RunningTimer> {
  const response = await session.inject({ method: "GET", url: "/api/pm-pro/v2/time/running" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RunningTimer;
}

async function sheet(session: Session, query: string): Promise<Timesheet> {
  const response = await session.inject({ method: "GET", url: `/api/pm-pro/v2/timesheet?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Timesheet;
}

async function taskFor(session: Session, title = "Timed task"): Promise<number> {
  return (await createTask(cast.manager, projectId, { title, assignees: [session.userId] })).id;
}

describe("days in the site's time zone", () => {
  it("puts a timer that runs past midnight on the day it started, and adds the timesheet up by those days", async () => {
    const taskId = await taskFor(cast.coWorker, "Overnight");
    clockAt("2026-03-11T02:00:00Z");
    // Still the 10th in New York: "today" is the 10th, and the 11th is a day to come.
    const future = await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0, date: "2026-03-11" });
    expect(future.statusCode).toBe(400);
    expect(future.json().data.params.date).toEqual(["The date cannot be in the future."]);
    const today = await custom(cast.coWorker, { task_id: taskId, hour: 0, minute: 30 });
    expect(today.json().data).toMatchObject({ day: "2026-03-10", total: 1800, source: "custom" });

    clockAt("2026-03-11T02:30:00Z");
    const started = await start(cast.coWorker, taskId);
    expect(started.json().data).toMatchObject({ day: "2026-03-10", start: "2026-03-11T02:30:00Z", run_status: 1 });
    clockAt("2026-03-11T05:00:00Z");
    const stopped = (await stop(cast.coWorker)).json().data as TimeLog;
    expect(stopped).toMatchObject({ day: "2026-03-10", total: 9000, hour: 2, minute: 30, stop: "2026-03-11T05:00:00Z" });

    // Typed-in time for a day is said to start at that day's noon in New York (16:00 UTC).
    const typed = await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0, date: "2026-03-11" });
    expect(typed.json().data).toMatchObject({ day: "2026-03-11", start: "2026-03-11T16:00:00Z", stop: "2026-03-11T17:00:00Z" });

    const week = await sheet(cast.coWorker, "start=2026-03-09");
    expect(week.days).toEqual(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15"]);
    expect(week.rows.map((row) => [row.task.id, row.days, row.total])).toEqual([[taskId, { "2026-03-10": 10_800, "2026-03-11": 3600 }, 14_400]]);
    expect(week.totals).toEqual({
      days: { "2026-03-09": 0, "2026-03-10": 10_800, "2026-03-11": 3600, "2026-03-12": 0, "2026-03-13": 0, "2026-03-14": 0, "2026-03-15": 0 },
      total: 14_400,
    });
    // The week before holds none of it.
    expect((await sheet(cast.coWorker, "start=2026-03-02")).rows).toEqual([]);
  });

  it("starts the sheet on this week's Monday in the site's time zone", async () => {
    // Wednesday 01:00 in New York.
    clockAt("2026-03-11T05:00:00Z");
    expect((await sheet(cast.manager, "")).days[0]).toBe("2026-03-09");
    // Monday 03:00 UTC is still Sunday evening in New York: the week began on the 2nd.
    clockAt("2026-03-09T03:00:00Z");
    const sunday = await sheet(cast.manager, "days=1");
    expect(sunday.days).toEqual(["2026-03-02"]);
  });

  it("sorts rows by project, then task, and reads a month of logs in one statement", async () => {
    const second = (await createProjectWithCast(cast, { title: "A first project" })).id;
    const late = await taskFor(cast.manager, "Zebra work");
    const early = await taskFor(cast.manager, "alpha work");
    const elsewhere = (await createTask(cast.manager, second, { title: "Other work", assignees: [cast.manager.userId] })).id;
    const rows = [];
    for (let index = 0; index < 1500; index += 1) {
      const day = `2026-01-${String((index % 31) + 1).padStart(2, "0")}`;
      const taskId = [late, early, elsewhere][index % 3] ?? late;
      const at = `${day} 14:00:00`;
      rows.push({
        task_id: taskId, project_id: taskId === elsewhere ? second : projectId, user_id: cast.manager.userId, started_at: at, stopped_at: at,
        total_seconds: 60, run_status: 0, day, note: "", source: "custom", stopped_by_cap: 0, cap_seen_at: null, created_at: at, updated_at: at,
      });
    }
    for (let offset = 0; offset < rows.length; offset += 200) await t.database.db.insertInto("time_logs").values(rows.slice(offset, offset + 200)).execute();
    t.queries.length = 0;
    const month = await sheet(cast.manager, "start=2026-01-01&days=31");
    expect(t.queries.filter((query) => query.includes("time_logs"))).toHaveLength(1);
    expect(month.totals.total).toBe(1500 * 60);
    expect(month.rows.map((row) => row.task.title)).toEqual(["Other work", "alpha work", "Zebra work"]);
    expect(month.rows.map((row) => row.total)).toEqual([500 * 60, 500 * 60, 500 * 60]);
  });
});

describe("forgotten timers", () => {
  it("reads the cap from PLOTLINE_TIMER_MAX_HOURS, 10 by default", () => {
    expect(loadConfig({}).timerMaxHours).toBe(10);
    expect(loadConfig({ PLOTLINE_TIMER_MAX_HOURS: "4" }).timerMaxHours).toBe(4);
    expect(() => loadConfig({ PLOTLINE_TIMER_MAX_HOURS: "0" })).toThrow(/PLOTLINE_TIMER_MAX_HOURS/);
  });

  it("are stopped by the job at exactly start plus the cap, once, and their owner is told", async () => {
    const taskId = await taskFor(cast.coWorker, "Left running");
    clockAt("2026-03-12T08:00:00Z");
    const started = (await start(cast.coWorker, taskId)).json().data as TimeLog;
    const cap = (at: string) => t.app.services.timeTracker.capForgottenTimers(new Date(at));
    expect(await cap("2026-03-12T17:59:59Z")).toBe(0);
    expect(await cap("2026-03-12T18:30:00Z")).toBe(1);
    // Again, as a second process or the next minute's run would: nothing more.
    expect(await cap("2026-03-12T19:00:00Z")).toBe(0);
    const row = await t.database.db.selectFrom("time_logs").selectAll().where("id", "=", started.time_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ run_status: 0, stopped_at: "2026-03-12 18:00:00", total_seconds: 36_000, stopped_by_cap: 1, cap_seen_at: null });
    const events = await t.database.db.selectFrom("events").select(["payload", "actor_id"]).where("name", "=", "time.logged").execute();
    const logged = events.filter((event) => (JSON.parse(event.payload) as { timeId: number }).timeId === started.time_id);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.actor_id).toBeNull();
    expect(JSON.parse(logged[0]?.payload ?? "{}")).toMatchObject({ seconds: 36_000, stoppedByCap: true, day: "2026-03-12" });

    clockAt("2026-03-12T18:30:00Z");
    expect((await stop(cast.coWorker)).statusCode).toBe(422);
    const told = await running(cast.coWorker);
    expect(told.data).toBeNull();
    expect(told.meta.max_hours).toBe(10);
    expect(told.meta.capped.map((log) => [log.time_id, log.total, log.stopped_by_cap, log.stop])).toEqual([[started.time_id, 36_000, true, "2026-03-12T18:00:00Z"]]);
    // Only its owner dismisses the notice.
    expect((await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/time/${started.time_id}/seen` })).statusCode).toBe(403);
    expect((await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/time/${started.time_id}/seen` })).statusCode).toBe(200);
    expect((await running(cast.coWorker)).meta.capped).toEqual([]);
  });

  it("are stopped at the cap as soon as their owner reads or stops them past it", async () => {
    const taskId = await taskFor(cast.coWorker, "Long haul");
    clockAt("2026-03-13T08:00:00Z");
    await start(cast.coWorker, taskId);
    clockAt("2026-03-13T19:15:00Z");
    const read = await running(cast.coWorker);
    expect(read.data).toBeNull();
    expect(read.meta.capped.map((log) => [log.total, log.stop])).toEqual([[36_000, "2026-03-13T18:00:00Z"]]);
    await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/time/${read.meta.capped[0]?.time_id}/seen` });

    clockAt("2026-03-14T08:00:00Z");
    await start(cast.coWorker, taskId);
    clockAt("2026-03-14T20:00:00Z");
    const stopped = await stop(cast.coWorker);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({
      data: { total: 36_000, stopped_by_cap: true, stop: "2026-03-14T18:00:00Z" },
      message: 'Your timer on "Long haul" ran longer than 10 hours, so it was stopped at 10 hours.',
    });
    // The stop's answer told them: no notice left.
    expect((await running(cast.coWorker)).meta.capped).toEqual([]);
  });
});

describe("the task's own logs", () => {
  it("give a running timer's total up to each answer, not up to when the task was first read", async () => {
    const taskId = await taskFor(cast.coWorker, "Watched");
    clockAt("2026-03-16T09:00:00Z");
    expect((await start(cast.coWorker, taskId)).statusCode).toBe(200);
    const read = async () => {
      const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { time: { data?: TimeLog[] } }).time.data ?? [];
    };
    expect((await read()).map((log) => [log.run_status, log.total])).toEqual([[1, 0]]);
    clockAt("2026-03-16T10:30:05Z");
    expect((await read()).map((log) => [log.run_status, log.total, log.hour, log.minute])).toEqual([[1, 5405, 1, 30]]);
  });
});

describe("custom time on a day long past", () => {
  it("is refused on the date, never a 500, whatever the site's time zone", async () => {
    const taskId = await taskFor(cast.coWorker, "Archaeology");
    for (const date of ["0999-05-01", "0001-01-01"]) {
      const response = await custom(cast.coWorker, { task_id: taskId, hour: 1, minute: 0, date });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().data.params as Record<string, string[]>)).toEqual(["date"]);
    }
  });
});

describe("ownLogsOfTasks", () => {
  it("gives the caller's own logs on a task, newest first, deletable only while their timer is stopped", async () => {
    const taskId = (await createTask(cast.manager, projectId, { title: "Shared", assignees: [cast.coWorker.userId, cast.manager.userId] })).id;
    const other = await taskFor(cast.coWorker, "Elsewhere");
    for (const [session, date] of [[cast.coWorker, "2026-03-02"], [cast.coWorker, "2026-03-04"], [cast.manager, "2026-03-03"]] as const) {
      expect((await custom(session, { task_id: taskId, hour: 1, minute: 0, date })).statusCode).toBe(200);
    }
    const viewer = { id: cast.coWorker.userId, displayName: "Carl Coworker", email: cast.coWorker.email, avatarUrl: null, isSiteManager: false };
    const byTask = await ownLogsOfTasks(t.database.db, [taskId, other], viewer);
    expect(byTask.get(other)).toEqual([]);
    const logs = byTask.get(taskId) ?? [];
    expect(logs.map((log) => [log.day, log.created_by, log.user.data.display_name, log.abilities.can_delete])).toEqual([
      ["2026-03-04", cast.coWorker.userId, "Carl Coworker", true],
      ["2026-03-02", cast.coWorker.userId, "Carl Coworker", true],
    ]);
    expect((await start(cast.coWorker, other)).statusCode).toBe(200);
    expect(((await ownLogsOfTasks(t.database.db, [taskId], viewer)).get(taskId) ?? []).map((log) => log.abilities.can_delete)).toEqual([false, false]);
  });
});
