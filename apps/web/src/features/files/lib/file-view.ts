import { routePath, type FileableType, type FileFolder, type FileItem } from "@plotline/contracts";
import { htmlToText } from "../../../lib/html-text.js";
import { isImageMime, isVideoMime } from "./file-display.js";

/** How the list treats an item. */
export type FileKind = "folder" | "doc" | "link" | "pro_file" | "attachment";

/** An item as the files list shows it, with the caller's rights already worked out. */
export interface FileView {
  id: number;
  kind: FileKind;
  title: string;
  /** The folder it is in (0 for the files home). */
  parent: number;
  url: string | null;
  /** Docs and links: their text, as plain text (empty when there is none). */
  excerpt: string;
  /** Docs and links: their description as rich text, which the list shows cut to a few lines. */
  descriptionHtml: string;
  /** Whether it is a video (shown with a film icon). */
  isVideo: boolean;
  /** The thumbnail of a picture, null for anything else. */
  thumbUrl: string | null;
  private: boolean;
  creatorName: string;
  commentCount: number;
  canEdit: boolean;
  /** The server's can_set_privacy: the item's edit right and view_private_file. */
  canTogglePrivacy: boolean;
  downloadable: boolean;
  /**
   * For attachments of discussions, lists, tasks and comments: what holds them, the title of the record
   * whose page opens (a comment's record), and that page as the server worked it out.
   */
  attachedTo: { type: FileableType; title: string; href: string | null } | null;
}

/** Maps an API item to what a row shows. */
export function toFileView(item: FileItem): FileView {
  const kind: FileKind =
    item.type === "folder" ? "folder" : item.type === "doc" ? "doc" : item.type === "link" ? "link" : item.fileable_type ? "attachment" : "pro_file";
  const isUpload = kind === "pro_file" || kind === "attachment";
  return {
    id: item.id,
    kind,
    parent: item.parent,
    title: kind === "pro_file" && item.name ? item.name : item.title || item.name,
    url: item.url || null,
    excerpt: kind === "doc" || kind === "link" ? htmlToText(item.description.html) : "",
    descriptionHtml: kind === "doc" || kind === "link" ? item.description.html : "",
    isVideo: isUpload && isVideoMime(item.mime_type),
    thumbUrl: isUpload && item.thumb && isImageMime(item.mime_type) ? item.thumb : null,
    private: item.private === "1",
    creatorName: item.creator.data.display_name,
    commentCount: item.comment_count,
    canEdit: item.abilities.can_edit,
    canTogglePrivacy: item.abilities.can_set_privacy,
    downloadable: isUpload && item.abilities.can_download,
    attachedTo: item.fileable_type ? { type: item.fileable_type, title: item.fileable?.title ?? "", href: item.content_link } : null,
  };
}

/** The folders from the top down to `folderId`, following `parent`; empty for the files home. */
export function folderChain(folders: readonly FileFolder[], folderId: number): FileFolder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: FileFolder[] = [];
  let current = byId.get(folderId);
  // The seen-set guards against a loop in bad data.
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.unshift(current);
    current = current.parent === 0 ? undefined : byId.get(current.parent);
  }
  return chain;
}

/** The address of an item's single view, over the folder it was opened from. */
export function singleRoute(projectId: number, folderId: number, item: Pick<FileView, "id" | "kind">): string {
  if (item.kind === "doc") return routePath("single_doc", { project_id: projectId, folder_id: folderId, doc_id: item.id });
  if (item.kind === "link") return routePath("single_link", { project_id: projectId, folder_id: folderId, link_id: item.id });
  return routePath("single_file", { project_id: projectId, folder_id: folderId, file_id: item.id });
}

/** `folderId` and every folder below it, for keeping a folder from being moved into itself. */
export function folderSubtree(folders: readonly FileFolder[], folderId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const folder of folders) children.set(folder.parent, [...(children.get(folder.parent) ?? []), folder.id]);
  const found = new Set<number>();
  const queue = [folderId];
  while (queue.length > 0) {
    const id = queue.shift() as number;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}
