import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { usersRoutes } from "./users.routes.js";
import { usersService, type UsersService } from "./users.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { UsersTable, UserRow, NewUserRow, UserUpdate } from "./users.tables.js";

declare module "../../services.js" {
  interface Services {
    users: UsersService;
  }
}

/** Users: the people of the site, and who may see whom. */
export const usersModule = defineModule({
  name: "users",
  i18n: "users",
  switch: "core",
  routes: [usersRoutes],
  services: (ctx) => ({ users: usersService(ctx) }),
  menu: [
    { module: "core", area: "site", label: "menu.users", order: MENU_ORDER.users, route: "users", audience: "site_manager" },
  ],
});
