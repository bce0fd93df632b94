import type { MilestoneRow } from "../../db/schema.js";
import type { ProjectAccess } from "../projects/project-access.js";

/** Who may do what with a milestone: private ones need view_private_milestone; managers or the creator change them. */
export const milestonePolicy = {
  canSee: (access: ProjectAccess, row: Pick<MilestoneRow, "privacy">) => row.privacy === 0 || access.can("view_private_milestone"),
  canCreate: (access: ProjectAccess) => access.can("create_milestone"),
  /** Setting privacy is reserved to those who could read the private milestone afterwards. */
  canMakePrivate: (access: ProjectAccess) => access.can("view_private_milestone"),
  canEdit: (access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) => access.isManager || row.created_by === access.userId,
  canDelete: (access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) => access.isManager || row.created_by === access.userId,
} as const;

/** The abilities the web app reads for a milestone. */
export function milestoneAbilities(access: ProjectAccess, row: Pick<MilestoneRow, "created_by">) {
  return { can_edit: milestonePolicy.canEdit(access, row), can_delete: milestonePolicy.canDelete(access, row) };
}
