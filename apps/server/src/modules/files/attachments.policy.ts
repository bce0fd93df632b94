import { capabilitiesToSee } from "../comments/comments.policy.js";
import { capabilitiesToSee as recordNeeds, type PrivateCapability } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { AttachmentWithOwner } from "./attachments.repository.js";
import type { FolderTree } from "./files.tree.js";

/**
 * The capabilities a reader needs to see an attachment: those its owner needs (a private task needs
 * view_private_task, and view_private_list when its list is private; a doc inside a private folder needs
 * view_private_file ...). Null when the owner is gone: the attachment is then seen by nobody.
 * `tree` is the project's folder tree, needed only when the owner is a doc or link.
 */
export function attachmentNeeds(
  row: Pick<AttachmentWithOwner, "owner_type" | "owner_title" | "owner_privacy" | "owner_list_privacy" | "owner_folder_id">,
  tree: FolderTree | null,
): PrivateCapability[] | null {
  if (row.owner_type === null || row.owner_title === null) return null;
  if (row.owner_type === "file") {
    // Without the tree a folder's privacy is unknown: the owner is taken as hidden rather than shown.
    const inPrivateFolder = row.owner_folder_id !== 0 && (tree?.isPrivatePath(row.owner_folder_id) ?? true);
    return recordNeeds({ kind: "file", privacy: row.owner_privacy, inPrivateFolder });
  }
  return capabilitiesToSee(row.owner_type, { privacy: row.owner_privacy, list_privacy: row.owner_list_privacy });
}

/** Who may see an attachment: whoever may see the record holding it. */
export const attachmentPolicy = {
  canSee(access: ProjectAccess, row: Parameters<typeof attachmentNeeds>[0], tree: FolderTree | null): boolean {
    const needed = attachmentNeeds(row, tree);
    return needed !== null && needed.every((capability) => access.can(capability));
  },
} as const;
