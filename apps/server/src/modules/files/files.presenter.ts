import type { FileFolder, FileItem, FileRevision } from "@plotline/contracts";
import type { UserRow } from "../../db/schema.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { fileAbilities } from "./files.policy.js";
import type { FileRow, FolderRow } from "./files.repository.js";

/** Everything an item presentation is built from, loaded in bulk by the service. */
export interface FileExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  commentCounts: ReadonlyMap<number, number>;
  /** Revisions per item, only when asked for. */
  revisions: ReadonlyMap<number, FileRow[]> | null;
  timezone: string;
}

/** Where an upload is downloaded from (and its thumbnail shown). */
export function downloadPath(row: Pick<FileRow, "project_id" | "id">): string {
  return `/api/pm-pro/v2/projects/${row.project_id}/files/${row.id}/download`;
}

function presentBase(row: FileRow, extras: FileExtras): FileRevision {
  const isUpload = row.type === "pro_file";
  return {
    id: row.id,
    title: row.title,
    name: isUpload ? row.original_name : row.title,
    description: toRichText(row.description),
    file_type: row.type,
    type: row.type,
    url: isUpload ? downloadPath(row) : row.url,
    parent: row.parent_id,
    private: row.privacy === 1 ? "1" : "0",
    project_id: row.project_id,
    attachment_id: isUpload ? row.id : 0,
    mime_type: row.mime_type,
    size: row.size_bytes,
    thumb: row.thumb_key ? `/api/pm-pro/v2/projects/${row.project_id}/files/${row.id}/thumb` : "",
    comment_count: extras.commentCounts.get(row.id) ?? 0,
    fileable_type: null,
    fileable_id: null,
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    abilities: fileAbilities(extras.access, row),
  };
}

/** The fields of an item that leave the server. */
export function presentFile(row: FileRow, extras: FileExtras): FileItem {
  const item: FileItem = presentBase(row, extras);
  if (extras.revisions) item.revisions = related((extras.revisions.get(row.id) ?? []).map((revision) => presentBase(revision, extras)));
  return item;
}

/** A folder in the folder lists. */
export function presentFolder(row: FolderRow): FileFolder {
  return { id: row.id, title: row.title, parent: row.parent_id, private: row.privacy === 1 ? "1" : "0" };
}
