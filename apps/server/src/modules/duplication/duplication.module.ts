import { defineModule } from "../module.js";
import { duplicationRoutes } from "./duplication.routes.js";
import { duplicationService, type DuplicationService } from "./duplication.service.js";

declare module "../../services.js" {
  interface Services {
    duplication: DuplicationService;
  }
}

/** Duplication: copying a project, a list or a task. Core Pro: no module switch turns it off. */
export const duplicationModule = defineModule({
  name: "duplication",
  i18n: "duplication",
  switch: "core",
  routes: [duplicationRoutes],
  services: (ctx, s) => ({ duplication: duplicationService(ctx, { access: s.access, siteSettings: s.siteSettings, projects: s.projects, taskLists: s.taskLists, customFields: s.customFields }, ctx.storage) }),
});
