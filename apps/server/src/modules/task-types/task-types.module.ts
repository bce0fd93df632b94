import { defineModule } from "../module.js";
import { taskTypesRoutes } from "./task-types.routes.js";
import { taskTypesService, type TaskTypesService } from "./task-types.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { TaskTypesTable } from "./task-types.tables.js";

declare module "../../services.js" {
  interface Services {
    taskTypes: TaskTypesService;
  }
}

/** Task types: the site's kinds of task. */
export const taskTypesModule = defineModule({
  name: "task-types",
  i18n: "task_types",
  switch: "core",
  routes: [taskTypesRoutes],
  services: (ctx) => ({ taskTypes: taskTypesService(ctx) }),
});
