import { MENU_ORDER } from "@plotline/contracts";
import { defineModule, visibleRecordCounts } from "../module.js";
import { canSeeDiscussion } from "../privacy/privacy.rules.js";
import { discussionsRepository } from "./discussions.repository.js";
import { discussionsRoutes } from "./discussions.routes.js";
import { discussionsService, type DiscussionsService } from "./discussions.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { DiscussionsTable, DiscussionRow } from "./discussions.tables.js";

declare module "../../services.js" {
  interface Services {
    discussions: DiscussionsService;
  }
}

/** Discussions: a project's message boards. */
export const discussionsModule = defineModule({
  name: "discussions",
  i18n: "discussions",
  switch: "core",
  routes: [discussionsRoutes],
  services: (ctx, s) => ({ discussions: discussionsService(ctx, s.access, s.attachments) }),
  projectCounts: (ctx) => visibleRecordCounts("total_discussion_boards", discussionsRepository(ctx.db).countForProjects, canSeeDiscussion),
  menu: [
    { module: "core", area: "project", label: "menu.discussions", order: MENU_ORDER.discussions, route: "discussions", audience: "everyone" },
  ],
});
