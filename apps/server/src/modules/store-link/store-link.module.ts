import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { storeLinkRoutes, storePasswordRoutes, storeWebhookRoutes } from "./store-link.routes.js";
import { storeLinkService, type StoreLinkService } from "./store-link.service.js";
import * as tables from "./store-link.tables.migration.js";
import { storeWebhookService, type StoreWebhookService } from "./store-link-webhook.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { StoreLinkSettingsTable, StoreLinksTable, StoreOrdersTable, StorePasswordTokensTable } from "./store-link.tables.js";

declare module "../../services.js" {
  interface Services {
    /** The store link as site managers see it: settings, products, links, orders. */
    storeLink: StoreLinkService;
    /** The order webhook, the job that makes the projects, and the buyers' set-password call. */
    storeWebhook: StoreWebhookService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Makes the projects of one recorded order (store_orders.id); does nothing once the order is finished. */
    "store-link.fulfil": { orderId: number };
  }
}

/** The store link (Pro module `store_link`): a WooCommerce shop's paid orders become projects. See README.md. */
export const storeLinkModule = defineModule({
  name: "store-link",
  i18n: "store_link",
  switch: "store_link",
  routes: [storeLinkRoutes, storeWebhookRoutes],
  alwaysOnRoutes: [storePasswordRoutes],
  migrations: { "202612200900-store-link-tables": tables },
  menu: [{ module: "store_link", area: "site", label: "menu.store_link", order: MENU_ORDER.store_link, route: "store_link", audience: "site_manager" }],
  services: (ctx, s) => ({
    storeLink: storeLinkService(ctx, s.projects),
    storeWebhook: storeWebhookService(ctx, { projects: s.projects, duplication: s.duplication, users: s.users, mail: s.mail }),
  }),
  jobs: (s) => ({ "store-link.fulfil": (payload) => s.storeWebhook.fulfil(payload.orderId) }),
});
