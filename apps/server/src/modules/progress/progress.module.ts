import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { progressRoutes } from "./progress.routes.js";
import { progressService, type ProgressService } from "./progress.service.js";

declare module "../../services.js" {
  interface Services {
    progress: ProgressService;
  }
}

/** Progress (Pro module `progress`): every project's activity, day by day, for site managers (README.md). */
export const progressModule = defineModule({
  name: "progress",
  i18n: "progress",
  switch: "progress",
  routes: [progressRoutes],
  services: (_ctx, s) => ({ progress: progressService(s.activities) }),
  menu: [{ module: "progress", area: "site", label: "menu.progress", order: MENU_ORDER.progress, route: "progress", audience: "site_manager" }],
});
