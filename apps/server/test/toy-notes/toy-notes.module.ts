import { defineModule, type ProjectCountsProvider } from "../../src/modules/module.js";
import * as createToyNotes from "./toy-notes.migration.js";
import { toyNotesRoutes } from "./toy-notes.routes.js";
import { toyNotesService, type ToyNotesService } from "./toy-notes.service.js";

declare module "../../src/services.js" {
  interface Services {
    toyNotes: ToyNotesService;
  }
}

/**
 * A toy module that proves a module needs only its own folder and one line in the registry: a table and
 * its migration, routes, a service built on another module's service, a menu entry, a count on projects
 * and an event subscriber. docs/adding-a-module.md walks through the same pieces.
 */
export const toyNotesModule = defineModule({
  name: "toy-notes",
  switch: "core",
  routes: [toyNotesRoutes],
  services: (ctx, s) => ({ toyNotes: toyNotesService(ctx, s.access) }),
  migrations: { "202611240000-toy-notes-table": createToyNotes },
  menu: [{ module: "core", area: "project", label: "menu.toy_notes", order: 7, route: "task_lists", audience: "everyone" }],
  projectCounts: (_ctx, s): ProjectCountsProvider<{ project_id: number; count: number }> => ({
    fields: ["total_toy_notes"],
    count: (projectIds) => s.toyNotes.countByProject(projectIds),
    // Every member sees every note: nothing here is private.
    visible: (rows) => ({ total_toy_notes: rows.reduce((sum, row) => sum + row.count, 0) }),
  }),
});
