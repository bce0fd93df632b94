import { defineModule } from "../module.js";
import { subTasksRoutes } from "./sub-tasks.routes.js";
import { subTasksService, type SubTasksService } from "./sub-tasks.service.js";

declare module "../../services.js" {
  interface Services {
    subTasks: SubTasksService;
  }
}

/** Sub-tasks (Pro module `sub_tasks`): listing, adding, changing and ordering a task's sub-tasks. */
export const subTasksModule = defineModule({
  name: "sub-tasks",
  i18n: "sub_tasks",
  switch: "sub_tasks",
  routes: [subTasksRoutes],
  services: (ctx, s) => ({ subTasks: subTasksService(ctx, s.access, s.tasks) }),
});
