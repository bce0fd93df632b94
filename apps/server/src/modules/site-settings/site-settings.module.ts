import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { siteSettingsRoutes } from "./site-settings.routes.js";
import { siteSettingsService, type SiteSettingsService } from "./site-settings.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { SettingsTable } from "./site-settings.tables.js";

declare module "../../services.js" {
  interface Services {
    siteSettings: SiteSettingsService;
  }
}

/** Site settings: the general settings of the whole site. */
export const siteSettingsModule = defineModule({
  name: "site-settings",
  i18n: "site_settings",
  switch: "core",
  routes: [siteSettingsRoutes],
  services: (ctx) => ({ siteSettings: siteSettingsService(ctx) }),
  menu: [
    { module: "core", area: "site", label: "menu.general_settings", order: MENU_ORDER.general_settings, route: "general_settings", audience: "site_manager" },
  ],
});
