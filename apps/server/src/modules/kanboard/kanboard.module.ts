import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import * as tables from "./kanboard.tables.migration.js";
import { kanboardRoutes } from "./kanboard.routes.js";
import { copyColumnsOf, giveDefaultColumns, kanboardService, type KanboardService } from "./kanboard.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { KanbanBoardRow, KanbanBoardsTable, KanbanViewTypesTable } from "./kanboard.tables.js";

declare module "../../services.js" {
  interface Services {
    kanboard: KanboardService;
  }
}

/** The Kanban board (Pro module `kanboard`): columns of cards that are the project's tasks (README.md). */
export const kanboardModule = defineModule({
  name: "kanboard",
  i18n: "kanboard",
  switch: "kanboard",
  routes: [kanboardRoutes],
  migrations: { "202612020900-kanboard-tables": tables },
  services: (ctx, s) => ({ kanboard: kanboardService(ctx, s.access) }),
  menu: [{ module: "kanboard", area: "project", label: "menu.kanboard", order: MENU_ORDER.kanboard, route: "kanboard", audience: "everyone" }],
  // Every project has a board, whether the module is on or not, so switching it on finds one ready.
  subscribers: () => ({
    "project.created": (event, db) => giveDefaultColumns(db, event.payload.projectId, event.actor.id),
    "project.duplicated": (event, db) => copyColumnsOf(db, event.payload.sourceProjectId, event.payload.projectId, event.actor.id),
  }),
});
