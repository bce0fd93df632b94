import { commentableLink, routePath, type Attachment, type FileableType } from "@plotline/contracts";
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
  if (row.owner_id === null || row.owner_type === null) return null;
  const link = commentableLink(row.owner_type, row.project_id, row.owner_id, { type: row.owner_file_type, folderId: row.owner_folder_id });
  return routePath(link.route, link.params);
}
