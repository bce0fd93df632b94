import type { DiscussionRow } from "./discussions.tables.js";
import { canSeeDiscussion, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";

/**
 * Who may do what with a discussion. Private ones need view_private_message to be seen; anyone who may
 * create one may also mark it private (the documents' discussion form has no capability check on privacy).
 */
export const discussionPolicy = {
  canSee: (access: ProjectAccess, row: Pick<DiscussionRow, "privacy">) => canSeeDiscussion(privacyViewOf(access), row),
  canCreate: (access: ProjectAccess) => access.can("create_message"),
  canEdit: (access: ProjectAccess, row: Pick<DiscussionRow, "created_by">) => access.isManager || row.created_by === access.userId,
  canDelete: (access: ProjectAccess, row: Pick<DiscussionRow, "created_by">) => access.isManager || row.created_by === access.userId,
} as const;

/** The abilities the web app reads for a discussion. */
export function discussionAbilities(access: ProjectAccess, row: Pick<DiscussionRow, "created_by">) {
  const canEdit = discussionPolicy.canEdit(access, row);
  return { can_edit: canEdit, can_delete: discussionPolicy.canDelete(access, row), can_set_privacy: canEdit };
}
