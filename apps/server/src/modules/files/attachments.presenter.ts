import { routePath, type Attachment, type FileableType } from "@plotline/contracts";
import { toRequiredDateObject } from "../../lib/dates.js";
import type { AttachmentWithOwner } from "./attachments.repository.js";
import type { FileRow } from "./files.repository.js";

/** Where an attachment is downloaded from: a core path, so attachments work with the files module off. */
export function attachmentDownloadPath(row: Pick<FileRow, "project_id" | "id">): string {
  return `/api/pm/v2/projects/${row.project_id}/attachments/${row.id}/download`;
}

/** Where an attachment's thumbnail is, or "" when it has none. */
export function attachmentThumbPath(row: Pick<FileRow, "project_id" | "id" | "thumb_key">): string {
  return row.thumb_key ? `/api/pm/v2/projects/${row.project_id}/attachments/${row.id}/thumb` : "";
}

/** The fields of an attachment that leave the server, as the record holding it lists it. */
export function presentAttachment(row: FileRow, timezone: string): Attachment {
  return {
    id: row.id,
    attachment_id: row.id,
    name: row.original_name || row.title,
    mime_type: row.mime_type,
    size: row.size_bytes,
    url: attachmentDownloadPath(row),
    thumb: attachmentThumbPath(row),
    fileable_type: (row.fileable_type ?? "file") as FileableType,
    fileable_id: row.fileable_id ?? 0,
    created_by: row.created_by,
    created_at: toRequiredDateObject(row.created_at, timezone),
  };
}

/**
 * The page of the record holding an attachment, by the documents' rules: a discussion's, a list's or a
 * task's page; for a comment, the page of the record commented on; for a doc or link, its single view.
 */
export function contentLink(row: Pick<AttachmentWithOwner, "project_id" | "owner_type" | "owner_id" | "owner_folder_id" | "owner_file_type">): string | null {
  const { project_id: projectId, owner_id: id } = row;
  if (id === null) return null;
  switch (row.owner_type) {
    case "discussion_board":
      return routePath("individual_discussions", { project_id: projectId, discussion_id: id });
    case "task_list":
      return routePath("single_list", { project_id: projectId, list_id: id });
    case "task":
      return routePath("single_task", { project_id: projectId, task_id: id });
    case "milestone":
      return routePath("milestones", { project_id: projectId });
    case "file":
      return row.owner_file_type === "link"
        ? routePath("single_link", { project_id: projectId, folder_id: row.owner_folder_id, link_id: id })
        : routePath("single_doc", { project_id: projectId, folder_id: row.owner_folder_id, doc_id: id });
    default:
      return null;
  }
}
