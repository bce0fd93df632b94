import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { saveCapabilities } from "../tasks/tasks.fixtures.js";
import { seedPersonalReportDataSet, type PersonalReportDataSet } from "./personal-report.fixtures.js";

let t: TestApp;
let set: PersonalReportDataSet;

beforeAll(async () => {
  t = await createTestApp();
  set = await seedPersonalReportDataSet(t.app, t.database.db);
});
afterAll(() => t.close());

const RANGE = "startDate=03/01/2026&endDate=03/10/2026";

function report(session: Session, query: string) {
  return session.inject({ method: "GET", url: `/api/pm-pro/v2/report-summary?type=user&${query}` });
}

interface Row {
  title: string;
  estimation_tf: string;
  logged_tf: string;
  project_title: string;
  type: { data: { title: string } | null };
  task: { data: { title: string } | null };
}

function rowsOf(body: { data: { tasks: { data: Array<{ date: string; data: Row[] }> } } }) {
  return body.data.tasks.data.map((group) => [group.date, group.data.map((row) => row.title)]);
}

describe("GET /api/pm-pro/v2/report-summary", () => {
  it("gives a co-worker their own figures, leaving out the private task they may not see", async () => {
    await saveCapabilities(t.database.db, set.alpha, { co_worker: { view_private_task: false } });
    try {
      const response = await report(set.cast.coWorker, RANGE);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.meta).toEqual({ start_date: "2026-03-01", end_date: "2026-03-10", days: 10 });
      expect(body.data.report_for).toBe("task");
      expect(body.data.users.data).toEqual([
        {
          id: set.cast.coWorker.userId,
          display_name: "Carl Coworker",
          avatar_url: null,
          meta: {
            total_estimation: 4,
            total_estimation_tf: "4:00",
            completed_tasks: 3,
            avg_hour_task: 1.33,
            avg_hour_task_tf: "1:20",
            // 60 + 120 + 30 + 20 minutes logged in the range, over ten days.
            avg_work_hour: 0.38,
            avg_work_hour_tf: "0:23",
            avg_task_day: 0.3,
            total_logged: 3.83,
            total_logged_tf: "3:50",
          },
        },
      ]);
      expect(rowsOf(body)).toEqual([
        ["2026-03-02", ["Login bug"]],
        ["2026-03-05", ["Signup form", "Beta docs"]],
      ]);
      expect(JSON.stringify(body)).not.toContain("Secret fix");
      const login = body.data.tasks.data[0].data[0] as Row;
      expect(login).toMatchObject({ estimation_tf: "1:30", logged_tf: "1:00", project_title: "Alpha", type: { data: { title: "Bug" } }, task: { data: null } });
      expect(body.data.tasks.data[1].meta).toEqual({ total_hours: 2.5, total_hours_tf: "2:30" });
      expect(body.data.tasks.meta).toEqual({ total_hours: 4, total_hours_tf: "4:00" });

      expect(body.data.projects.data).toEqual([
        {
          project: { data: { id: set.alpha, title: "Alpha" } },
          completed_tasks: 2,
          completed_sub_tasks: 1,
          estimated_task_hours: 4,
          estimated_task_hours_tf: "4:00",
          estimated_sub_task_hours: null,
          estimated_sub_task_hours_tf: null,
          estimated_hours: 4,
          estimated_hours_tf: "4:00",
          completed_hours: 3.33,
          completed_hours_tf: "3:20",
        },
        {
          project: { data: { id: set.beta, title: "Beta" } },
          completed_tasks: 1,
          completed_sub_tasks: 0,
          estimated_task_hours: null,
          estimated_task_hours_tf: null,
          estimated_sub_task_hours: null,
          estimated_sub_task_hours_tf: null,
          estimated_hours: null,
          estimated_hours_tf: null,
          completed_hours: 0.5,
          completed_hours_tf: "0:30",
        },
      ]);
      expect(body.data.projects.meta).toEqual({
        total_tasks: 3,
        total_sub_tasks: 1,
        total_task_estimation: 4,
        total_task_estimation_tf: "4:00",
        total_sub_task_estimation: 0,
        total_sub_task_estimation_tf: "0:00",
      });
      expect(body.data.task_types).toEqual({
        data: [
          { type: { data: { id: set.types.bug, title: "Bug" } }, completed: 1, estimated_hours: 1.5, estimated_hours_tf: "1:30" },
          { type: { data: { id: set.types.feature, title: "Feature" } }, completed: 1, estimated_hours: 2.5, estimated_hours_tf: "2:30" },
          { type: { data: null }, completed: 1, estimated_hours: 0, estimated_hours_tf: "0:00" },
        ],
        meta: { total_tasks: 3, total_estimation: 4, total_estimation_tf: "4:00" },
      });
      expect(body.data.sub_task_types).toEqual({ data: [], meta: { total_sub_tasks: 0, total_estimation: 0, total_estimation_tf: "0:00" } });
    } finally {
      await saveCapabilities(t.database.db, set.alpha, null);
    }
  });

  it("shows the private task to the co-worker once they may see it, and to the site manager and the project's manager", async () => {
    for (const reader of [set.cast.coWorker, set.cast.siteManager, set.cast.manager]) {
      const response = await report(reader, `users=${set.cast.coWorker.userId}&${RANGE}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.data.users.data[0].meta).toMatchObject({ total_estimation_tf: "5:00", completed_tasks: 4, total_logged_tf: "4:35", avg_task_day: 0.4 });
      expect(rowsOf(body)).toContainEqual(["2026-03-06", ["Secret fix"]]);
    }
  });

  it("reports sub-tasks when they carry the estimation, with their parent's title", async () => {
    const response = await report(set.cast.manager, RANGE);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.report_for).toBe("sub_task");
    expect(body.data.users.data[0].meta).toMatchObject({ total_estimation_tf: "0:45", completed_tasks: 1, avg_hour_task_tf: "0:45", avg_task_day: 0.1 });
    expect(body.data.tasks.data[0].data[0]).toMatchObject({ title: "Estimated sub", task: { data: { id: set.ids["Planning"], title: "Planning" } } });
    expect(body.data.projects.data[0]).toMatchObject({ completed_tasks: 0, completed_sub_tasks: 1, estimated_sub_task_hours_tf: "0:45", estimated_hours: 0.75 });
    expect(body.data.sub_task_types).toEqual({
      data: [{ type: { data: null }, completed: 1, estimated_hours: 0.75, estimated_hours_tf: "0:45" }],
      meta: { total_sub_tasks: 1, total_estimation: 0.75, total_estimation_tf: "0:45" },
    });
  });

  it("reports several users at once, and one day when only the start is given", async () => {
    const both = await report(set.cast.siteManager, `users=${set.cast.coWorker.userId},${set.cast.manager.userId}&${RANGE}`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.users.data.map((user: { display_name: string }) => user.display_name)).toEqual(["Carl Coworker", "Mia Manager"]);
    const oneDay = await report(set.cast.coWorker, "startDate=03/05/2026");
    expect(oneDay.json().meta.days).toBe(1);
    expect(rowsOf(oneDay.json())).toEqual([["2026-03-05", ["Signup form", "Beta docs"]]]);
  });

  it("answers an empty report for a range without work", async () => {
    const response = await report(set.cast.coWorker, "startDate=01/01/2026&endDate=01/31/2026");
    const body = response.json();
    expect(body.data.tasks.data).toEqual([]);
    expect(body.data.projects.data).toEqual([]);
    expect(body.data.users.data[0].meta).toMatchObject({ completed_tasks: 0, total_estimation_tf: "0:00", avg_hour_task_tf: "0:00", avg_work_hour_tf: "0:00" });
  });

  it("refuses another user's report to a co-worker and a client (403), and answers 404 for a user the reader cannot see", async () => {
    for (const reader of [set.cast.coWorker, set.cast.client]) {
      const response = await report(reader, `users=${set.cast.manager.userId}&${RANGE}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Only managers can see another user's report.");
    }
    expect((await report(set.cast.outsider, `users=${set.cast.manager.userId}&${RANGE}`)).statusCode).toBe(404);
    expect((await report(set.cast.siteManager, `users=99999&${RANGE}`)).statusCode).toBe(404);
  });

  it("limits a project manager to the projects they manage", async () => {
    // A project of the co-worker's that the manager is not in: its work stays out of the manager's reading.
    const gamma = await set.cast.siteManager.inject({
      method: "POST",
      url: "/api/pm/v2/projects",
      payload: { title: "Gamma", assignees: [{ user_id: set.cast.coWorker.userId, role_id: 2 }] },
    });
    const gammaId = (gamma.json() as { data: { id: number } }).data.id;
    const list = await set.cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/projects/${gammaId}/task-lists`, payload: { title: "Gamma list" } });
    const task = await set.cast.siteManager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${gammaId}/tasks`,
      payload: { title: "Gamma work", board_id: list.json().data.id, estimation: 30, assignees: [set.cast.coWorker.userId] },
    });
    const taskId = (task.json() as { data: { id: number } }).data.id;
    await set.cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/projects/${gammaId}/tasks/${taskId}/change-status`, payload: { status: 1 } });
    await t.database.db.updateTable("tasks").set({ completed_at: "2026-03-07 10:00:00" }).where("id", "=", taskId).execute();

    const byManager = await report(set.cast.manager, `users=${set.cast.coWorker.userId}&${RANGE}`);
    expect(JSON.stringify(byManager.json())).not.toContain("Gamma work");
    const bySiteManager = await report(set.cast.siteManager, `users=${set.cast.coWorker.userId}&${RANGE}`);
    expect(rowsOf(bySiteManager.json())).toContainEqual(["2026-03-07", ["Gamma work"]]);
  });

  it.each([
    ["endDate=03/10/2026", "startDate", "Choose the start date."],
    ["startDate=2026-03-01", "startDate", "Use the date format MM/DD/YYYY."],
    ["startDate=02/30/2026", "startDate", "Use the date format MM/DD/YYYY."],
    ["startDate=03/01/2026&endDate=13/01/2026", "endDate", "Use the date format MM/DD/YYYY."],
    ["startDate=03/10/2026&endDate=03/01/2026", "endDate", "The end date must not be before the start date."],
    ["startDate=01/01/2025&endDate=03/01/2026", "endDate", "A report covers at most 366 days."],
    [`users=abc&${RANGE}`, "users", "users must be user ids separated by commas."],
  ])("answers 400 on a bad query (%s)", async (query, field, message) => {
    const response = await report(set.cast.coWorker, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.params[field]).toEqual([message]);
  });

  it("is gone while the reports module is off", async () => {
    const update = (type: string) => set.cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "reports", type } });
    expect((await update("deactivate")).statusCode).toBe(200);
    try {
      const response = await report(set.cast.coWorker, RANGE);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("module_inactive");
    } finally {
      await update("activate");
    }
    expect((await report(set.cast.coWorker, RANGE)).statusCode).toBe(200);
  });
});
