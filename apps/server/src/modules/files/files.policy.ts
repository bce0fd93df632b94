import { canMakePrivate, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { FileRow } from "./files.repository.js";

/**
 * Who may do what with a project file. Private items (and everything inside a private folder) need
 * view_private_file to be seen; editing (rename, move, delete, privacy) is for managers and the creator;
 * toggling privacy also needs view_private_file. An attachment is never edited here: it is added and
 * removed with the discussion, task, comment or doc that holds it, and follows its privacy.
 */
export const filePolicy = {
  canSeePrivate: (access: ProjectAccess) => canMakePrivate(privacyViewOf(access), "file"),
  canCreate: (access: ProjectAccess) => access.can("create_file"),
  canEdit: (access: ProjectAccess, row: Pick<FileRow, "created_by" | "fileable_type">) =>
    row.fileable_type === null && (access.isManager || row.created_by === access.userId),
  canSetPrivacy: (access: ProjectAccess, row: Pick<FileRow, "created_by" | "fileable_type">) =>
    filePolicy.canEdit(access, row) && canMakePrivate(privacyViewOf(access), "file"),
} as const;

/** The abilities the web app reads for an item it can already see. */
export function fileAbilities(access: ProjectAccess, row: Pick<FileRow, "created_by" | "type" | "fileable_type">) {
  const canEdit = filePolicy.canEdit(access, row);
  return { can_edit: canEdit, can_delete: canEdit, can_download: row.type === "pro_file", can_set_privacy: filePolicy.canSetPrivacy(access, row) };
}
