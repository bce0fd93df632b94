import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import * as tables from "./sprints.tables.migration.js";
import { sprintsRoutes } from "./sprints.routes.js";
import { sprintsService, type SprintsService } from "./sprints.service.js";
import { sprintsSubscribers } from "./sprints.subscribers.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { SprintEventsTable, SprintProjectsTable, SprintRow, SprintsTable, SprintTasksTable } from "./sprints.tables.js";

declare module "../../services.js" {
  interface Services {
    sprints: SprintsService;
  }
}

/** Sprints (Pro module `sprint`): time boxes of tasks across projects, with a burndown that survives carry-over (README.md). */
export const sprintsModule = defineModule({
  name: "sprints",
  i18n: "sprints",
  switch: "sprint",
  routes: [sprintsRoutes],
  migrations: { "202612040900-sprints-tables": tables },
  services: (ctx, s) => ({ sprints: sprintsService(ctx, s.access) }),
  menu: [{ module: "sprint", area: "site", label: "menu.sprints", order: MENU_ORDER.sprints, route: "sprints", audience: "everyone" }],
  // History is written whether the module is on or off, so switching it off for a while loses none.
  subscribers: (ctx) => sprintsSubscribers(ctx),
});
