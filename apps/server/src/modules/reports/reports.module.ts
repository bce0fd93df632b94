import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { reportsRoutes } from "./reports.routes.js";
import { reportsService, type ReportsService } from "./reports.service.js";

declare module "../../services.js" {
  interface Services {
    reports: ReportsService;
  }
}

/** Reports (Pro module `reports`, site managers only): the advanced report and the CSV and PDF exports (README.md). */
export const reportsModule = defineModule({
  name: "reports",
  i18n: "reports",
  switch: "reports",
  routes: [reportsRoutes],
  services: (ctx, s) => ({ reports: reportsService(ctx, s.siteSettings, s.activities, s.customFields) }),
  menu: [{ module: "reports", area: "site", label: "menu.reports", order: MENU_ORDER.reports, route: "reports", audience: "site_manager" }],
});
