import { defineModule } from "../module.js";
import { preferencesRoutes } from "./preferences.routes.js";
import { preferencesService, type PreferencesService } from "./preferences.service.js";
import * as email from "./preferences.email.migration.js";
import * as table from "./preferences.table.migration.js";

// The module's table, re-exported so that whatever builds the app also sees it join `Database`.
export type { UserPreferencesTable, UserPreferencesRow } from "./preferences.tables.js";

declare module "../../services.js" {
  interface Services {
    preferences: PreferencesService;
  }
}

/** Preferences: each user's own date format, time zone, colour scheme, relative dates and which mails they get. */
export const preferencesModule = defineModule({
  name: "preferences",
  switch: "core",
  routes: [preferencesRoutes],
  migrations: { "202611281000-preferences-table": table, "202612150900-preferences-email": email },
  services: (ctx) => ({ preferences: preferencesService(ctx) }),
});
