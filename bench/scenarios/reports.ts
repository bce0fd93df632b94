import { ensureReportLoad, type ReportLoad } from "../lib/report-load.js";
import type { BenchContext, ScenarioRequest } from "../lib/scenario.js";
import { defineScenario } from "../lib/scenario.js";

/**
 * The first page of each report as the report pages ask for it (apps/web/src/features/reports), on 100,000
 * tasks and 1,000,000 activities, as the site manager, with the pages' default range: the first of this
 * month to today.
 */

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const today = new Date();
const TODAY = day(today);
const MONTH_START = `${TODAY.slice(0, 8)}01`;
const PAGE = { per_page: "20", page: "1" };

function get(ctx: BenchContext, path: string, query: Record<string, string>): ScenarioRequest {
  return { method: "GET", path: `${path}?${new URLSearchParams(query).toString()}`, headers: ctx.plotline.authHeaders };
}

function reportScenario(name: string, request: (ctx: BenchContext, load: ReportLoad) => ScenarioRequest) {
  return defineScenario({ name, target: "plotline", seed: (ctx) => ensureReportLoad(ctx), request });
}

export const reportOverdue = reportScenario("GET report overdue tasks, 100k", (ctx) =>
  get(ctx, "/api/pm/v2/tasks", { status: "incomplete", due_date_start: MONTH_START, "due_date[operator]": "less_than", "due_date[date]": TODAY, ...PAGE }),
);

export const reportCompleted = reportScenario("GET report completed tasks, 100k", (ctx) =>
  get(ctx, "/api/pm/v2/tasks", { status: "1", completed_at_start: MONTH_START, completed_at: TODAY, ...PAGE }),
);

export const reportUnassigned = reportScenario("GET report unassigned tasks, 100k", (ctx) =>
  get(ctx, "/api/pm/v2/tasks", { users: "0", status: "incomplete", due_date_start: MONTH_START, "due_date[operator]": "less_than_equal", "due_date[date]": TODAY, ...PAGE }),
);

export const reportMilestone = reportScenario("GET report milestone tasks, 100k", (ctx, load) =>
  get(ctx, "/api/pm/v2/tasks", { project_id: String(load.bigProjectId), milestone: String(load.milestoneId), ...PAGE }),
);

export const reportProject = reportScenario("GET report project tasks, 100k", (ctx, load) => get(ctx, "/api/pm/v2/tasks", { project_id: String(load.bigProjectId), ...PAGE }));

export const reportUserActivities = reportScenario("GET report user activities, 1M", (ctx, load) =>
  get(ctx, "/api/pm/v2/activities", {
    user_id: String(load.memberId),
    updated_at_start: MONTH_START,
    updated_at: TODAY,
    with: "actor,project",
    orderby: "created_at ASC",
    ...PAGE,
  }),
);

/** Five filter rows, every key once: a co-worker's open, unpaid tasks of ten projects due in four months. */
export const reportAdvanced = reportScenario("GET advanced report, 5 filters, 100k", (ctx, load) => {
  const from = new Date(today.getTime() - 60 * 24 * 3600 * 1000);
  const to = new Date(today.getTime() + 60 * 24 * 3600 * 1000);
  const filters = [
    { skey: "assigned", svalue: String(load.memberId) },
    { skey: "project", svalue: load.projectIds.slice(0, 10).join(",") },
    { skey: "status", svalue: 0 },
    { skey: "payable", svalue: 0 },
    { skey: "time", svalue: { start_at: day(from), due_date: day(to) } },
  ];
  return get(ctx, "/api/pm-pro/v2/advance-report", { filters: JSON.stringify(filters), page: "1" });
});

/** My Tasks, Reports for this month: estimations, completed work and logged time of one co-worker. */
export const reportPersonalMonth = reportScenario("GET personal report, a month, 100k", (ctx, load) => {
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const monthEnd = day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)));
  return get(ctx, "/api/pm-pro/v2/report-summary", { type: "user", users: String(load.memberId), startDate: us(MONTH_START), endDate: us(monthEnd) });
});

export const progressFirstPage = reportScenario("GET progress feed, 1M", (ctx) => get(ctx, "/api/pm-pro/v2/progress", { page: "1", per_page: "20" }));
