import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { moduleListsRoutes } from "./module-lists.routes.js";
import { moduleListsService, type ModuleListsService } from "./module-lists.service.js";

declare module "../../services.js" {
  interface Services {
    moduleLists: ModuleListsService;
  }
}

/** The modules list: switching Pro modules on and off. */
export const moduleListsModule = defineModule({
  name: "module-lists",
  i18n: "module_lists",
  switch: "core",
  routes: [moduleListsRoutes],
  services: (_ctx, s) => ({ moduleLists: moduleListsService(s.moduleStates) }),
  menu: [
    { module: "core", area: "site", label: "menu.modules", order: MENU_ORDER.module_lists, route: "module_lists", audience: "site_manager" },
  ],
});
