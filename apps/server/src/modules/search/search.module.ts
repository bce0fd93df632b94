import { defineModule } from "../module.js";
import { searchRoutes } from "./search.routes.js";
import { searchService, type SearchService } from "./search.service.js";

declare module "../../services.js" {
  interface Services {
    search: SearchService;
  }
}

/** Search: finding projects, lists, tasks, milestones, discussions and files the reader may see. */
export const searchModule = defineModule({
  name: "search",
  switch: "core",
  routes: [searchRoutes],
  services: (ctx, s) => ({ search: searchService(ctx, s.access, s.moduleStates) }),
});
