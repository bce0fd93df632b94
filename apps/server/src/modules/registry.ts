import type { ModuleKey } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activitiesRoutes } from "./activities/activities.routes.js";
import { authRoutes } from "./auth/auth.routes.js";
import { commentsRoutes } from "./comments/comments.routes.js";
import { discussionsRoutes } from "./discussions/discussions.routes.js";
import { filesRoutes } from "./files/files.routes.js";
import { healthRoutes } from "./health/health.routes.js";
import { milestonesRoutes } from "./milestones/milestones.routes.js";
import { projectsRoutes } from "./projects/projects.routes.js";
import { taskListsRoutes } from "./task-lists/task-lists.routes.js";
import { taskTypesRoutes } from "./task-types/task-types.routes.js";
import { tasksRoutes } from "./tasks/tasks.routes.js";
import { usersRoutes } from "./users/users.routes.js";

/**
 * The server half of the module registry (the menu half is contracts' MENU_ENTRIES). Each entry names its
 * module; the routes of a Pro module answer 404 `module_inactive` while the modules list has it off.
 */
export interface ServerModule {
  /** Owner module; "core" is never switched off. */
  module: ModuleKey;
  /** Routes, mounted under `/api`. */
  routes: FastifyPluginAsyncZod;
}

export const SERVER_MODULES: readonly ServerModule[] = [
  { module: "core", routes: healthRoutes },
  { module: "core", routes: authRoutes },
  { module: "core", routes: usersRoutes },
  { module: "core", routes: projectsRoutes },
  { module: "core", routes: taskTypesRoutes },
  { module: "core", routes: taskListsRoutes },
  { module: "core", routes: tasksRoutes },
  { module: "core", routes: milestonesRoutes },
  { module: "core", routes: discussionsRoutes },
  { module: "core", routes: commentsRoutes },
  { module: "core", routes: activitiesRoutes },
  { module: "files", routes: filesRoutes },
];
