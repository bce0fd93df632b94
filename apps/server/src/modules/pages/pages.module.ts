import { defineModule } from "../module.js";
import { pagesRoutes } from "./pages.routes.js";
import { pagesService, type PagesService } from "./pages.service.js";

declare module "../../services.js" {
  interface Services {
    pages: PagesService;
  }
}

/** Pages: the front-end page that shows Plotline inside a site page. */
export const pagesModule = defineModule({
  name: "pages",
  i18n: "pages",
  switch: "core",
  routes: [pagesRoutes],
  services: (ctx) => ({ pages: pagesService(ctx) }),
});
