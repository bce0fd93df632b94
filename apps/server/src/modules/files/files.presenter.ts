import type { Attachment, Comment, FileableType, FileFolder, FileItem, FileRevision } from "@plotline/contracts";
import type { UserRow } from "../users/users.tables.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { attachmentDownloadPath, attachmentThumbPath, contentLink } from "./attachments.presenter.js";
import type { AttachmentWithOwner } from "./attachments.repository.js";
import { fileAbilities } from "./files.policy.js";
import type { FileRow, FolderRow } from "./files.repository.js";
import { privacyFlagText } from "../privacy/privacy.rules.js";

/** What the files list knows about an attachment's owner: the row with its owner, and whether some readers may not see it. */
export interface OwnerView {
  row: AttachmentWithOwner;
  /** Whether the owner is hidden behind a view_private_* capability: shown as the lock. */
  isPrivate: boolean;
}

/** Everything an item presentation is built from, loaded in bulk by the service. */
export interface FileExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  commentCounts: ReadonlyMap<number, number>;
  /** Revisions per item, only when asked for. */
  revisions: ReadonlyMap<number, FileRow[]> | null;
  /** Owners of the attachments among the rows, by attachment id. */
  owners?: ReadonlyMap<number, OwnerView>;
  timezone: string;
}

/** Where an upload is downloaded from (and its thumbnail shown). */
export function downloadPath(row: Pick<FileRow, "project_id" | "id">): string {
  return `/api/pm-pro/v2/projects/${row.project_id}/files/${row.id}/download`;
}

function presentBase(row: FileRow, extras: FileExtras): FileRevision {
  const isUpload = row.type === "pro_file";
  const owner = row.fileable_type === null ? undefined : extras.owners?.get(row.id);
  const isAttachment = row.fileable_type !== null;
  return {
    id: row.id,
    title: row.title,
    name: isUpload ? row.original_name : row.title,
    description: toRichText(row.description),
    file_type: row.type,
    type: row.type,
    url: isAttachment ? attachmentDownloadPath(row) : isUpload ? downloadPath(row) : row.url,
    parent: row.parent_id,
    private: owner ? (owner.isPrivate ? "1" : "0") : privacyFlagText(row.privacy),
    project_id: row.project_id,
    attachment_id: isUpload ? row.id : 0,
    mime_type: row.mime_type,
    size: row.size_bytes,
    thumb: isAttachment ? attachmentThumbPath(row) : row.thumb_key ? `/api/pm-pro/v2/projects/${row.project_id}/files/${row.id}/thumb` : "",
    comment_count: extras.commentCounts.get(row.id) ?? 0,
    fileable_type: (row.fileable_type as FileableType | null) ?? null,
    fileable_id: row.fileable_id,
    content_link: owner ? contentLink(owner.row) : null,
    fileable: owner && owner.row.owner_type && owner.row.owner_id !== null
      ? { commentable_type: owner.row.owner_type, commentable_id: owner.row.owner_id, title: owner.row.owner_title ?? "" }
      : null,
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    abilities: fileAbilities(extras.access, row),
  };
}

/** The fields of an item that leave the server; a doc's attachments and the comments are added when given. */
export function presentFile(row: FileRow, extras: FileExtras, more: { files?: Attachment[]; comments?: Comment[] } = {}): FileItem {
  const item: FileItem = presentBase(row, extras);
  if (extras.revisions) item.revisions = related((extras.revisions.get(row.id) ?? []).map((revision) => presentBase(revision, extras)));
  if (more.files) item.files = related(more.files);
  if (more.comments) item.comments = related(more.comments);
  return item;
}

/** A folder in the folder lists. */
export function presentFolder(row: FolderRow): FileFolder {
  return { id: row.id, title: row.title, parent: row.parent_id, private: privacyFlagText(row.privacy) };
}
