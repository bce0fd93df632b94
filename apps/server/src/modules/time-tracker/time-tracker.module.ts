import { defineModule } from "../module.js";
import * as invoiceLink from "./time-tracker.invoice-link.migration.js";
import * as tables from "./time-tracker.tables.migration.js";
import { timeTrackerRoutes } from "./time-tracker.routes.js";
import { timeTrackerService, type TimeTrackerService } from "./time-tracker.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { TimeLogRow, TimeLogsTable } from "./time-tracker.tables.js";

declare module "../../services.js" {
  interface Services {
    timeTracker: TimeTrackerService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Stops every timer that has run for `PLOTLINE_TIMER_MAX_HOURS`, at exactly that length; safe to run again. */
    "time-tracker.cap-timers": Record<string, never>;
  }
}

/** The time tracker (Pro module `time_tracker`): timers on the server, custom time, timesheets (README.md). */
export const timeTrackerModule = defineModule({
  name: "time-tracker",
  i18n: "time_tracker",
  switch: "time_tracker",
  routes: [timeTrackerRoutes],
  migrations: { "202612010900-time-tracker-tables": tables, "202612210910-time-tracker-invoice-link": invoiceLink },
  services: (ctx, s) => ({ timeTracker: timeTrackerService(ctx, s.access) }),
  jobs: (s) => ({ "time-tracker.cap-timers": async () => void (await s.timeTracker.capForgottenTimers()) }),
  // Every minute, so a forgotten timer is stopped within a minute of its cap; reading or stopping it caps it at once.
  schedules: [{ name: "time-tracker.cap-timers", cron: "* * * * *" }],
});
