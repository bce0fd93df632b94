import { refreshStatistics } from "../../db/statistics.js";
import { defineModule } from "../module.js";
import { healthRoutes } from "./health.routes.js";

declare module "../../services.js" {
  interface Services {
    /** The database's upkeep that the app does itself. */
    databaseUpkeep: { refreshStatistics: () => Promise<string[]> };
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Takes the planner's statistics of the tables that changed enough since last time (db/statistics.ts). */
    "database.statistics": Record<string, never>;
  }
}

/** Health: the liveness and readiness probes, and the database's upkeep. */
export const healthModule = defineModule({
  name: "health",
  switch: "core",
  routes: [healthRoutes],
  services: (ctx) => ({ databaseUpkeep: { refreshStatistics: () => refreshStatistics(ctx.db, ctx.kind) } }),
  jobs: (s) => ({ "database.statistics": async () => void (await s.databaseUpkeep.refreshStatistics()) }),
  // Every minute: a plan made from a table's statistics of ten minutes ago may read all of it.
  schedules: [{ name: "database.statistics", cron: "* * * * *" }],
});
