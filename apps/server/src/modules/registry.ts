import type { ModuleKey } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activitiesRoutes } from "./activities/activities.routes.js";
import { authRoutes } from "./auth/auth.routes.js";
import { calendarRoutes } from "./calendar/calendar.routes.js";
import { commentsRoutes } from "./comments/comments.routes.js";
import { departmentsRoutes } from "./departments/departments.routes.js";
import { discussionsRoutes } from "./discussions/discussions.routes.js";
import { duplicationRoutes } from "./duplication/duplication.routes.js";
import { attachmentsRoutes } from "./files/attachments.routes.js";
import { filesRoutes } from "./files/files.routes.js";
import { healthRoutes } from "./health/health.routes.js";
import { labelsRoutes } from "./labels/labels.routes.js";
import { licenseRoutes } from "./license/license.routes.js";
import { milestonesRoutes } from "./milestones/milestones.routes.js";
import { moduleListsRoutes } from "./module-lists/module-lists.routes.js";
import { pagesRoutes } from "./pages/pages.routes.js";
import { projectSettingsRoutes } from "./project-settings/project-settings.routes.js";
import { projectsRoutes } from "./projects/projects.routes.js";
import { searchRoutes } from "./search/search.routes.js";
import { siteSettingsRoutes } from "./site-settings/site-settings.routes.js";
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
  // Attachments of discussions, tasks and comments download with the files module off too.
  { module: "core", routes: attachmentsRoutes },
  { module: "core", routes: activitiesRoutes },
  // Project settings and labels belong to every project; no module switch turns them off.
  { module: "core", routes: projectSettingsRoutes },
  { module: "core", routes: labelsRoutes },
  // Duplication is core Pro: no module switch turns it off.
  { module: "core", routes: duplicationRoutes },
  { module: "core", routes: moduleListsRoutes },
  { module: "core", routes: licenseRoutes },
  { module: "core", routes: siteSettingsRoutes },
  { module: "core", routes: pagesRoutes },
  { module: "core", routes: departmentsRoutes },
  { module: "core", routes: searchRoutes },
  { module: "files", routes: filesRoutes },
  { module: "calendar", routes: calendarRoutes },
];
