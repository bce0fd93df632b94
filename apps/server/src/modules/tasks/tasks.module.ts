import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { canSeeTask } from "../privacy/privacy.rules.js";
import * as assigneeIndex from "./tasks.assignee-index.migration.js";
import * as countIndex from "./tasks.count-index.migration.js";
import * as counters from "./tasks.counters.migration.js";
import * as listOrderIndex from "./tasks.list-order-index.migration.js";
import { tasksRepository, type TaskCountRow } from "./tasks.repository.js";
import { tasksRoutes } from "./tasks.routes.js";
import { tasksService, type TasksService } from "./tasks.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { TasksTable, TaskRow, TaskAssigneesTable, TaskCountsTable } from "./tasks.tables.js";

declare module "../../services.js" {
  interface Services {
    tasks: TasksService;
  }
}

/** Tasks: a project's tasks, My Tasks and the task search. */
export const tasksModule = defineModule({
  name: "tasks",
  i18n: "tasks",
  switch: "core",
  routes: [tasksRoutes],
  migrations: {
    "202611240100-tasks-list-order-index": listOrderIndex, "202611250100-tasks-count-index": countIndex,
    "202611260100-task-assignees-user-index": assigneeIndex, "202612160100-tasks-counters": counters,
  },
  services: (ctx, s) => ({ tasks: tasksService(ctx, s.access, s.attachments, s.trash, s.moduleStates, s.customFields) }),
  projectCounts: (ctx) => ({
    fields: ["total_tasks", "total_complete_tasks", "total_incomplete_tasks"],
    count: (projectIds) => tasksRepository(ctx.db).countForProjects(projectIds),
    visible(rows: readonly TaskCountRow[], view) {
      const counts = { total_tasks: 0, total_complete_tasks: 0, total_incomplete_tasks: 0 };
      for (const row of rows) {
        if (!canSeeTask(view, row, { privacy: row.list_privacy })) continue;
        counts.total_tasks += row.count;
        if (row.status === 1) counts.total_complete_tasks += row.count;
        else counts.total_incomplete_tasks += row.count;
      }
      return counts;
    },
  }),
  menu: [
    { module: "core", area: "site", label: "menu.my_tasks", order: MENU_ORDER.my_tasks, route: "my_tasks", audience: "everyone" },
  ],
});
