import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { projectSettingsRoutes } from "./project-settings.routes.js";
import { projectSettingsService, type ProjectSettingsService } from "./project-settings.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { ProjectSettingsTable } from "./project-settings.tables.js";

declare module "../../services.js" {
  interface Services {
    projectSettings: ProjectSettingsService;
  }
}

/** Project settings: the capabilities of each role in a project. No module switch turns them off. */
export const projectSettingsModule = defineModule({
  name: "project-settings",
  i18n: "project_settings",
  switch: "core",
  routes: [projectSettingsRoutes],
  services: (ctx, s) => ({ projectSettings: projectSettingsService(ctx, s.access) }),
  menu: [
    { module: "core", area: "project", label: "menu.settings", order: MENU_ORDER.settings, route: "pm_pro_settings", audience: "project_manager" },
  ],
});
