import { isCommentableType } from "@plotline/contracts";
import { defineModule } from "../module.js";
import * as countIndex from "./comments.count-index.migration.js";
import * as counters from "./comments.counters.migration.js";
import { holds } from "../privacy/privacy.rules.js";
import { capabilitiesToSee } from "./comments.policy.js";
import { commentsRepository, type CommentCountRow } from "./comments.repository.js";
import { commentsRoutes } from "./comments.routes.js";
import { commentsService, type CommentsService } from "./comments.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { CommentsTable, CommentRow, CommentNotifyUsersTable } from "./comments.tables.js";

declare module "../../services.js" {
  interface Services {
    comments: CommentsService;
  }
}

/** Comments on tasks, lists, discussions, milestones and files, with mentions. */
export const commentsModule = defineModule({
  name: "comments",
  i18n: "comments",
  switch: "core",
  routes: [commentsRoutes],
  migrations: { "202611250120-comments-count-index": countIndex, "202612160130-comments-counters": counters },
  services: (ctx, s) => ({ comments: commentsService(ctx, s.access, s.attachments, s.trash) }),
  // Comments on files count with the files module's provider: the folders above a file decide who sees them.
  projectCounts: (ctx) => ({
    fields: ["total_comments"],
    count: (projectIds) => commentsRepository(ctx.db).countForProjects(projectIds),
    visible(rows: readonly CommentCountRow[], view) {
      // A comment counts for a reader who may see the record it is on.
      const seen = rows.filter((row) => isCommentableType(row.commentable_type)
        && capabilitiesToSee(row.commentable_type, row).every((capability) => holds(view, capability)));
      return { total_comments: seen.reduce((sum, row) => sum + row.count, 0) };
    },
  }),
});
