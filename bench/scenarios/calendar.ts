import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";

/** This month as the calendar asks for it: `[first day, first day of next month)`. */
function thisMonth(): string {
  const now = new Date();
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `start=${day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)))}&end=${day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)))}`;
}

/** The month view of the 10,000-task project: about 2,000 task events with their assignees, and milestones. */
export const calendarMonth = defineScenario({
  name: "calendar events, month, 10k project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({ method: "GET", path: `/api/pm-pro/v2/calendar-events?${thisMonth()}&project_id=${load.bigProjectId}`, headers: ctx.plotline.authHeaders }),
});

/** The user view over the same month and project: a row per member, a task on each assignee's row. */
export const calendarResourceMonth = defineScenario({
  name: "calendar user view, month, 10k project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({ method: "GET", path: `/api/pm-pro/v2/calendar-resource?${thisMonth()}&project_id=${load.bigProjectId}`, headers: ctx.plotline.authHeaders }),
});
