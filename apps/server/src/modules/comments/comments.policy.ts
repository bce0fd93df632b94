import type { Capability, CommentableType } from "@plotline/contracts";
import type { CommentRow } from "../../db/schema.js";
import type { PrivateCapability } from "../activities/activity-recorder.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { CommentableRow } from "./comments.repository.js";

const PRIVATE_CAPABILITY: Record<Exclude<CommentableType, "task">, PrivateCapability> = {
  task_list: "view_private_list",
  discussion_board: "view_private_message",
  milestone: "view_private_milestone",
  file: "view_private_file",
};

/**
 * The capabilities a reader needs to see a commentable: none for a public record, the matching
 * view_private_* for a private one, and for a task both its own and its list's when either is private.
 */
export function capabilitiesToSee(type: CommentableType, row: Pick<CommentableRow, "privacy" | "list_privacy">): PrivateCapability[] {
  if (type !== "task") return row.privacy === 1 ? [PRIVATE_CAPABILITY[type]] : [];
  const needed: PrivateCapability[] = [];
  if (row.privacy === 1) needed.push("view_private_task");
  if (row.list_privacy === 1) needed.push("view_private_list");
  return needed;
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
