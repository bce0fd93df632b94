import { fromGanttEnd, toGanttEnd, type GanttCriticalPathResponse, type GanttRescheduleResponse, type Task } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { chart, chartTask, datedTask, fieldMessage, ganttBase, get, link, ok, post, snapshot } from "./gantt.fixtures.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const taskUrl = (projectId: number, taskId: number) => `/api/pm/v2/projects/${projectId}/tasks/${taskId}`;

/**
 * Moves a task as the chart saves a drag: its title with the bar's start and end, the end made a due date
 * by `fromGanttEnd`.
 */
async function drag(projectId: number, taskId: number, title: string, start: string, barEnd: string): Promise<Task> {
  const response = await post(cast.manager, `${taskUrl(projectId, taskId)}/update`, { title, start_at: start, due_date: fromGanttEnd(barEnd) });
  return (await ok<{ data: Task }>(response)).data;
}

async function reschedule(projectId: number, taskId: number, apply = false): Promise<GanttRescheduleResponse> {
  return ok<GanttRescheduleResponse>(await post(cast.manager, `${ganttBase(projectId)}/reschedule`, { task_id: taskId, apply }));
}

describe("dates through the task update (the chart's drag and resize)", () => {
  it("saves a bar's end as the day before, shows the due date the chart turns back into that end, and refuses a start after the due date", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const taskId = await datedTask(cast.manager, projectId, "Bar", "2026-03-02", "2026-03-04");
    const saved = await drag(projectId, taskId, "Bar moved", "2026-03-09", "2026-03-13");
    expect(saved.start_at.date).toBe("2026-03-09");
    expect(saved.due_date.date).toBe("2026-03-12");
    const shown = await chartTask(cast.manager, projectId, taskId);
    expect(shown).toMatchObject({ title: "Bar moved", start_at: "2026-03-09", due_date: "2026-03-12" });
    expect(toGanttEnd(shown?.due_date ?? "")).toBe("2026-03-13");
    // A one-day bar: start and end a day apart, due on its start.
    expect((await drag(projectId, taskId, "Bar moved", "2026-02-28", "2026-03-01")).due_date.date).toBe("2026-02-28");

    const before = await snapshot(t);
    const refused = await post(cast.manager, `${taskUrl(projectId, taskId)}/update`, { start_at: "2026-03-20", due_date: "2026-03-19" });
    expect(fieldMessage(refused, "due_date")).toBe("The due date cannot be before the start date.");
    expect(fieldMessage(await post(cast.manager, `${taskUrl(projectId, taskId)}/update`, { start_at: "2026-03-01" }), "due_date")).toBe("The due date cannot be before the start date.");
    expect(fieldMessage(await post(cast.manager, `${taskUrl(projectId, taskId)}/update`, { due_date: "2026-02-31" }), "due_date")).toBeDefined();
    expect(await snapshot(t)).toBe(before);
  });
});

describe("POST /api/pm-pro/v2/projects/:project/gantt/reschedule", () => {
  it("plans the successors' shift with lags, skipping weekends once the project works Monday to Friday, and applies it with one activity", async () => {
    const projectId = (await createProjectWithCast(cast, { title: "Weekdays" })).id;
    // Monday 2 to Friday 6 March, then B two working days after (lag 2), then C right after B (start to start + 1).
    const a = await datedTask(cast.manager, projectId, "Foundations", "2026-03-02", "2026-03-06");
    const b = await datedTask(cast.manager, projectId, "Walls", "2026-03-11", "2026-03-13");
    const c = await datedTask(cast.manager, projectId, "Roof", "2026-03-12", "2026-03-12");
    const d = await datedTask(cast.manager, projectId, "Unlinked", "2026-03-02", "2026-03-03");
    await link(cast.manager, projectId, a, b, 0, 2);
    await link(cast.manager, projectId, b, c, 1, 1);
    expect((await reschedule(projectId, a)).data).toEqual([]);

    await ok(await post(cast.manager, `/api/pm/v2/projects/${projectId}/settings`, { key: "working_days", value: [1, 2, 3, 4, 5] }));
    expect((await chart(cast.manager, projectId)).meta.working_days).toEqual([1, 2, 3, 4, 5]);
    // A grows by a day, to Monday 9: B must start two working days after, Thursday 12, and keep 3 working days.
    await drag(projectId, a, "Foundations", "2026-03-02", "2026-03-10");
    const plan = await reschedule(projectId, a);
    expect(plan).toEqual({
      data: [
        { task_id: b, title: "Walls", start_at: "2026-03-11", due_date: "2026-03-13", new_start_at: "2026-03-12", new_due_date: "2026-03-16" },
        { task_id: c, title: "Roof", start_at: "2026-03-12", due_date: "2026-03-12", new_start_at: "2026-03-13", new_due_date: "2026-03-13" },
      ],
      meta: { applied: false },
    });
    // A preview writes nothing.
    expect(await chartTask(cast.manager, projectId, b)).toMatchObject({ start_at: "2026-03-11", due_date: "2026-03-13" });

    const activitiesBefore = await t.database.db.selectFrom("activities").select("id").where("project_id", "=", projectId).execute();
    const applied = await reschedule(projectId, a, true);
    expect(applied.data).toEqual(plan.data);
    expect(applied.meta.applied).toBe(true);
    const after = await chart(cast.manager, projectId);
    const dates = (id: number) => after.data.filter((task) => task.id === id).map((task) => [task.start_at, task.due_date])[0];
    expect(dates(b)).toEqual(["2026-03-12", "2026-03-16"]);
    expect(dates(c)).toEqual(["2026-03-13", "2026-03-13"]);
    expect(dates(d)).toEqual(["2026-03-02", "2026-03-03"]);
    // One activity for the whole shift, about the moved task.
    const entries = await t.database.db.selectFrom("activities").selectAll().where("project_id", "=", projectId)
      .where("id", "not in", activitiesBefore.length > 0 ? activitiesBefore.map((row) => row.id) : [0]).execute();
    expect(entries.map((entry) => [entry.action, entry.resource_id])).toEqual([["update_task", a]]);
    const feed = await ok<{ data: Array<{ message: string }> }>(await get(cast.manager, `/api/pm/v2/projects/${projectId}/activities`));
    expect(feed.data[0]?.message).toBe("Mia Manager shifted 2 dependent tasks of Foundations");
    // Every moved task's change is told to the other subscribers as any date change is.
    const events = await t.database.db.selectFrom("events").select(["name", "payload"]).where("name", "in", ["task.updated", "task.dependents_shifted"]).orderBy("id", "desc").limit(3).execute();
    expect(events.map((event) => [event.name, JSON.parse(event.payload).id]).reverse()).toEqual([["task.updated", b], ["task.updated", c], ["task.dependents_shifted", a]]);
    expect(JSON.parse(events[2]?.payload ?? "{}").changes).toEqual({ start_at: { from: "2026-03-11", to: "2026-03-12" }, due_date: { from: "2026-03-13", to: "2026-03-16" } });
    // Now every link holds: nothing more to move.
    expect((await reschedule(projectId, a)).data).toEqual([]);
  });

  it("moves nothing when the task moved earlier or has no dates, and refuses an unknown task", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const a = await datedTask(cast.manager, projectId, "Early", "2026-05-04", "2026-05-08");
    const b = await datedTask(cast.manager, projectId, "Late", "2026-05-11", "2026-05-12");
    const undated = await datedTask(cast.manager, projectId, "Someday", null, null);
    await link(cast.manager, projectId, a, b);
    await link(cast.manager, projectId, undated, b);
    await drag(projectId, a, "Early", "2026-04-27", "2026-05-02");
    expect((await reschedule(projectId, a, true)).data).toEqual([]);
    expect((await reschedule(projectId, undated)).data).toEqual([]);
    expect(fieldMessage(await post(cast.manager, `${ganttBase(projectId)}/reschedule`, { task_id: 999_999 }), "task_id")).toBe("Choose a task of this project.");
    expect(fieldMessage(await post(cast.manager, `${ganttBase(projectId)}/reschedule`, {}), "task_id")).toBe("task_id is required");
  });

  it("refuses with a 400, writing nothing, a shift that would move a task past the last day a date can have", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const a = await datedTask(cast.manager, projectId, "Far end", "9999-12-01", "9999-12-31");
    const b = await datedTask(cast.manager, projectId, "Beyond", "9999-12-02", "9999-12-03");
    await link(cast.manager, projectId, a, b);
    const before = await snapshot(t);
    const message = "Keeping the links would move Beyond past 12/31/9999, the last day a task can have.";
    for (const apply of [false, true]) {
      expect(fieldMessage(await post(cast.manager, `${ganttBase(projectId)}/reschedule`, { task_id: a, apply }), "task_id")).toBe(message);
    }
    expect(await snapshot(t)).toBe(before);
    // The chart and its export still draw.
    expect((await get(cast.manager, `${ganttBase(projectId)}/export?format=csv`)).statusCode).toBe(200);
  });
});

describe("GET /api/pm-pro/v2/projects/:project/gantt/critical-path", () => {
  it("answers the longest chain to the last due date and each dated task's slack", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const a = await datedTask(cast.manager, projectId, "A", "2026-01-01", "2026-01-03");
    const b = await datedTask(cast.manager, projectId, "B", "2026-01-04", "2026-01-08");
    const c = await datedTask(cast.manager, projectId, "C", "2026-01-04", "2026-01-05");
    const d = await datedTask(cast.manager, projectId, "D", "2026-01-09", "2026-01-10");
    const e = await datedTask(cast.manager, projectId, "E", "2026-01-01", "2026-01-02");
    await datedTask(cast.manager, projectId, "Undated", null, null);
    await link(cast.manager, projectId, a, b);
    await link(cast.manager, projectId, b, d);
    await link(cast.manager, projectId, a, c);
    await link(cast.manager, projectId, c, d);
    const path = (await ok<GanttCriticalPathResponse>(await get(cast.client, `${ganttBase(projectId)}/critical-path`))).data;
    expect(path).toEqual({ task_ids: [a, b, d], slack: { [a]: 0, [b]: 0, [c]: 3, [d]: 0, [e]: 8 }, finish: "2026-01-10" });
    const empty = (await ok<GanttCriticalPathResponse>(await get(cast.manager, `${ganttBase((await createProjectWithCast(cast)).id)}/critical-path`))).data;
    expect(empty).toEqual({ task_ids: [], slack: {}, finish: null });
  });
});

describe("GET /api/pm/v2/projects/:project/gantt (the chart's frame)", () => {
  it("gives sub-task progress, assignees, lists with their milestone and the milestones", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const milestone = (await ok<{ data: { id: number } }>(await post(cast.manager, `/api/pm/v2/projects/${projectId}/milestones`, { title: "Launch", achieve_date: "2026-09-01" }))).data.id;
    const list = (await ok<{ data: { id: number } }>(await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Build", milestone: milestone }))).data.id;
    const parent = await datedTask(cast.manager, projectId, "Parent", "2026-08-01", "2026-08-10", { board_id: list, assignees: [cast.coWorker.userId], estimation: 90 });
    const steps = await Promise.all(["One", "Two", "Three", "Four"].map((title) => datedTask(cast.manager, projectId, title, null, null, { parent_id: parent })));
    await ok(await post(cast.manager, `${taskUrl(projectId, steps[0] ?? 0)}/change-status`, { status: 1 }));
    const done = await datedTask(cast.manager, projectId, "Done", null, null, { board_id: list });
    await ok(await post(cast.manager, `${taskUrl(projectId, done)}/change-status`, { status: 1 }));
    const shown = await chart(cast.manager, projectId);
    expect(shown.data.find((task) => task.id === parent)).toMatchObject({ progress: 25, assignees: [cast.coWorker.userId], estimation: 90, task_list_id: list, milestone_id: milestone });
    expect(shown.data.find((task) => task.id === steps[1])).toMatchObject({ parent_id: parent, progress: 0, start_at: null, due_date: null });
    expect(shown.data.find((task) => task.id === done)).toMatchObject({ progress: 100, status: 1 });
    expect(shown.meta.lists).toContainEqual({ id: list, title: "Build", order: expect.any(Number), milestone_id: milestone });
    expect(shown.meta.milestones).toEqual([{ id: milestone, title: "Launch", achieve_date: "2026-09-01" }]);
    expect(shown.meta.working_days).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
