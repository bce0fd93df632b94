import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { licenseRoutes } from "./license.routes.js";
import { licenseService, type LicenseService } from "./license.service.js";

declare module "../../services.js" {
  interface Services {
    license: LicenseService;
  }
}

/** License: activating and checking the site's license key. */
export const licenseModule = defineModule({
  name: "license",
  i18n: "license",
  switch: "core",
  routes: [licenseRoutes],
  services: (ctx) => ({ license: licenseService(ctx) }),
  menu: [
    { module: "core", area: "site", label: "menu.license", order: MENU_ORDER.license, route: "license", audience: "site_manager" },
  ],
});
