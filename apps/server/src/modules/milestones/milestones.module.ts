import { MENU_ORDER } from "@plotline/contracts";
import { defineModule, visibleRecordCounts } from "../module.js";
import { canSeeMilestone } from "../privacy/privacy.rules.js";
import { milestonesRepository } from "./milestones.repository.js";
import { milestonesRoutes } from "./milestones.routes.js";
import { milestonesService, type MilestonesService } from "./milestones.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { MilestonesTable, MilestoneRow } from "./milestones.tables.js";

declare module "../../services.js" {
  interface Services {
    milestones: MilestonesService;
  }
}

/** Milestones: a project's milestones and the lists and discussions linked to them. */
export const milestonesModule = defineModule({
  name: "milestones",
  i18n: "milestones",
  switch: "core",
  routes: [milestonesRoutes],
  services: (ctx, s) => ({ milestones: milestonesService(ctx, s.access) }),
  projectCounts: (ctx) => visibleRecordCounts("total_milestones", milestonesRepository(ctx.db).countForProjects, canSeeMilestone),
  menu: [
    { module: "core", area: "project", label: "menu.milestones", order: MENU_ORDER.milestones, route: "milestones", audience: "everyone" },
  ],
});
