import { MENU_ORDER } from "@plotline/contracts";
import { defineModule, type ProjectCountsProvider } from "../module.js";
import { projectAccessService, type ProjectAccessService } from "./project-access.js";
import { projectsRoutes } from "./projects.routes.js";
import { projectsService, type ProjectsService } from "./projects.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { ProjectsTable, ProjectRow, ProjectMembersTable, FavouriteProjectsTable } from "./projects.tables.js";

declare module "../../services.js" {
  interface Services {
    /** Who may do what in which project: every project-scoped module starts here. */
    access: ProjectAccessService;
    projects: ProjectsService;
  }
}

/** Projects: listing, creating, editing and deleting projects, their members, and project access. */
export const projectsModule = defineModule({
  name: "projects",
  i18n: "projects",
  switch: "core",
  routes: [projectsRoutes],
  services: (ctx, s) => {
    const access = projectAccessService(ctx.db, ctx.tables);
    // Modules built after this one add counts to projects and remove a deleted project's files: the
    // projects service reaches them when it first needs them, not while it is built.
    let providers: ProjectCountsProvider[] | undefined;
    const countProviders = () => (providers ??= ctx.modules.flatMap((module) => (module.projectCounts ? [module.projectCounts(ctx, s)] : [])));
    return { access, projects: projectsService(ctx, { access, siteSettings: s.siteSettings, attachments: () => s.attachments, countProviders }) };
  },
  menu: [
    { module: "core", area: "site", label: "menu.projects", order: MENU_ORDER.projects, route: "project_lists", audience: "everyone" },
    { module: "core", area: "project", label: "menu.overview", order: MENU_ORDER.overview, route: "pm_overview", audience: "everyone" },
  ],
});
