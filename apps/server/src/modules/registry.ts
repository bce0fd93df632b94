import type { ModuleKey } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "./auth/auth.routes.js";
import { healthRoutes } from "./health/health.routes.js";
import { projectsRoutes } from "./projects/projects.routes.js";
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
];
