import { MENU_ORDER } from "@plotline/contracts";
import * as privateListsIndex from "./task-lists.private-index.migration.js";
import { defineModule, visibleRecordCounts } from "../module.js";
import { canSeeTaskList } from "../privacy/privacy.rules.js";
import { taskListsRepository } from "./task-lists.repository.js";
import { taskListsRoutes } from "./task-lists.routes.js";
import { taskListsService, type TaskListsService } from "./task-lists.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { TaskListsTable, TaskListRow } from "./task-lists.tables.js";

declare module "../../services.js" {
  interface Services {
    taskLists: TaskListsService;
  }
}

/** Task lists: a project's lists, archived or current, private or public. */
export const taskListsModule = defineModule({
  name: "task-lists",
  i18n: "task_lists",
  switch: "core",
  routes: [taskListsRoutes],
  migrations: { "202611240000-task-lists-private-index": privateListsIndex },
  services: (ctx, s) => ({ taskLists: taskListsService(ctx, s.access, s.trash) }),
  projectCounts: (ctx) => visibleRecordCounts("total_task_lists", taskListsRepository(ctx.db).countForProjects, canSeeTaskList),
  menu: [
    { module: "core", area: "project", label: "menu.task_lists", order: MENU_ORDER.task_lists, route: "task_lists", audience: "everyone" },
  ],
});
