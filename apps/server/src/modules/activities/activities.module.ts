import { defineModule } from "../module.js";
import { holds, readableScopes, readsEveryScope, type PrivateCapability } from "../privacy/privacy.rules.js";
import * as countIndex from "./activities.count-index.migration.js";
import * as counters from "./activities.counters.migration.js";
import { activitiesRepository } from "./activities.repository.js";
import { activitiesRoutes } from "./activities.routes.js";
import { activitiesService, type ActivitiesService } from "./activities.service.js";
import { activitiesSubscribers } from "./activities.subscribers.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { ActivitiesTable, ActivityRow } from "./activities.tables.js";

declare module "../../services.js" {
  interface Services {
    activities: ActivitiesService;
  }
}

/** Activities: the record of what happened in a project. */
export const activitiesModule = defineModule({
  name: "activities",
  switch: "core",
  routes: [activitiesRoutes],
  migrations: { "202611250110-activities-count-index": countIndex, "202612160110-activities-counters": counters },
  services: (ctx, s) => ({ activities: activitiesService(ctx, s.access) }),
  // Every change that shows in a project's feed arrives here as a domain event, after its commit.
  subscribers: (ctx) => activitiesSubscribers(ctx),
  projectCounts: (ctx) => ({
    fields: ["total_activities"],
    count: (projectIds) => activitiesRepository(ctx.db).countForProjects(projectIds),
    // An entry counts when the reader's feed would show it.
    visible(rows: ReadonlyArray<{ project_id: number; privacy_scope: string | null; count: number }>, view) {
      const can = (capability: PrivateCapability) => holds(view, capability);
      const readsEvery = readsEveryScope(can);
      const scopes = new Set(readableScopes(can));
      const seen = rows.filter((row) => readsEvery || row.privacy_scope === null || scopes.has(row.privacy_scope));
      return { total_activities: seen.reduce((sum, row) => sum + row.count, 0) };
    },
  }),
});
