import type { Capability, CommentableType } from "@plotline/contracts";
import type { CommentRow } from "./comments.tables.js";
import { capabilitiesToSee as recordNeeds, type PrivateCapability, type PrivateRecord } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { CommentableRow } from "./comments.repository.js";

/** The commentable as the privacy rules see it; a file's `privacy` already includes its folders'. */
function recordOf(type: CommentableType, row: Pick<CommentableRow, "privacy" | "list_privacy">): PrivateRecord {
  switch (type) {
    case "task":
      return { kind: "task", privacy: row.privacy, listPrivacy: row.list_privacy };
    case "task_list":
      return { kind: "task_list", privacy: row.privacy };
    case "discussion_board":
      return { kind: "discussion", privacy: row.privacy };
    case "milestone":
      return { kind: "milestone", privacy: row.privacy };
    case "file":
      return { kind: "file", privacy: row.privacy, inPrivateFolder: false };
  }
}

/**
 * The capabilities a reader needs to see a commentable: none for a public record, the matching
 * view_private_* for a private one, and for a task both its own and its list's when either is private.
 */
export function capabilitiesToSee(type: CommentableType, row: Pick<CommentableRow, "privacy" | "list_privacy">): PrivateCapability[] {
  return recordNeeds(recordOf(type, row));
}

/** Whoever may see the commentable may comment on it; the creator or a project or site manager changes a comment. */
export const commentPolicy = {
  canSeeTarget: (can: (capability: Capability) => boolean, needed: readonly PrivateCapability[]) => needed.every((capability) => can(capability)),
  canEdit: (access: ProjectAccess, row: Pick<CommentRow, "created_by">) => access.isManager || row.created_by === access.userId,
  canDelete: (access: ProjectAccess, row: Pick<CommentRow, "created_by">) => access.isManager || row.created_by === access.userId,
} as const;

/** The abilities the web app reads for a comment. */
export function commentAbilities(access: ProjectAccess, row: Pick<CommentRow, "created_by">) {
  return { can_edit: commentPolicy.canEdit(access, row), can_delete: commentPolicy.canDelete(access, row) };
}
