import type { MilestoneRow } from "./milestones.tables.js";
import { canMakePrivate, canSeeMilestone, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";

/** Who may do what with a milestone: private ones need view_private_milestone; managers or the creator change them. */
export const milestonePolicy = {
  canSee: (access: ProjectAccess, row: Pick<MilestoneRow, "privacy">) => canSeeMilestone(privacyViewOf(access), row),
  canCreate: (access: ProjectAccess) => access.can("create_milestone"),
  /** Setting privacy is reserved to those who could read the private milestone afterwards. */
  canMakePrivate: (access: ProjectAccess) => canMakePrivate(privacyViewOf(access), "milestone"),
  canEdit: (access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) => access.isManager || row.created_by === access.userId,
  canDelete: (access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) => access.isManager || row.created_by === access.userId,
} as const;

/** The abilities the web app reads for a milestone. */
export function milestoneAbilities(access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) {
  const canEdit = milestonePolicy.canEdit(access, row);
  return { can_edit: canEdit, can_delete: milestonePolicy.canDelete(access, row), can_set_privacy: canEdit && milestonePolicy.canMakePrivate(access) };
}
