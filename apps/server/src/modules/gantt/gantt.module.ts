import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import * as tables from "./gantt.tables.migration.js";
import { ganttRoutes } from "./gantt.routes.js";
import { ganttService, type GanttService } from "./gantt.service.js";

// The module's table, re-exported so that whatever builds the app also sees it join `Database`.
export type { GanttLinkRow, GanttLinksTable } from "./gantt.tables.js";

declare module "../../services.js" {
  interface Services {
    gantt: GanttService;
  }
}

/** The Gantt chart (Pro module `gantt`): links between tasks, rescheduling, the critical path and an export (README.md). */
export const ganttModule = defineModule({
  name: "gantt",
  i18n: "gantt",
  switch: "gantt",
  routes: [ganttRoutes],
  migrations: { "202612030900-gantt-links": tables },
  services: (ctx, s) => ({ gantt: ganttService(ctx, s.access) }),
  menu: [{ module: "gantt", area: "project", label: "menu.gantt", order: MENU_ORDER.gantt, route: "gantt", audience: "everyone" }],
});
