import { z } from "zod";
import { attachmentListSchema, FILEABLE_TYPES, zFilesToDelete } from "./attachments.js";
import { commentSchema } from "./comments.js";
import { dateObjectSchema, related, richTextSchema } from "./envelope.js";
import { zFlag, zInt, zNameList } from "./primitives.js";
import { privacyMetaSchema } from "./tasks.js";
import { userSchema } from "./users.js";

/** Kinds of project-file items the API stores and creates. */
export const FILE_ITEM_TYPES = ["folder", "doc", "link", "pro_file", "revision"] as const;
export type FileItemType = (typeof FILE_ITEM_TYPES)[number];

/**
 * What the list shows for an item: the stored kinds plus the attachment kinds of discussions, task lists,
 * tasks and comments (`file`, `discussion_board`). Attachments are listed as `pro_file` with
 * `fileable_type` naming what holds them.
 */
export const FILE_TYPES = ["folder", "file", "discussion_board", "pro_file", "doc", "link", "revision"] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Abilities of the person asking on one item. */
export const fileAbilitiesSchema = z.object({
  /**
   * Rename, move, update, toggle privacy (toggling also needs view_private_file). Always false for an
   * attachment: it is changed from the discussion, task, comment or doc that holds it.
   */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_download: z.boolean(),
  /** Toggle the item's privacy: an editor of it who holds view_private_file. */
  can_set_privacy: z.boolean(),
});
export type FileAbilities = z.infer<typeof fileAbilitiesSchema>;

/** Flat shape shared by items and their revisions. */
const fileItemBase = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The cleaned original file name for uploads; the title otherwise. */
  name: z.string(),
  /** Rich text for docs, the note for links, empty otherwise. */
  description: richTextSchema,
  file_type: z.enum(FILE_TYPES),
  type: z.enum(FILE_ITEM_TYPES),
  /** The link target for links; the download address for uploads; "" otherwise. */
  url: z.string(),
  /** Folder id, 0 for the root; for a revision the id of the item revised. */
  parent: z.number().int(),
  private: privacyMetaSchema,
  project_id: z.number().int(),
  /** The stored upload's id (equal to `id` for uploads), 0 for folders, docs and links. */
  attachment_id: z.number().int(),
  mime_type: z.string(),
  /** File size in bytes, 0 when not an upload. */
  size: z.number().int(),
  /** Thumbnail address for images, "" otherwise. */
  thumb: z.string(),
  comment_count: z.number().int(),
  /** What holds the item when it is an attachment (a discussion, task list, task, comment or doc); null otherwise. */
  fileable_type: z.enum(FILEABLE_TYPES).nullable(),
  fileable_id: z.number().int().nullable(),
  /**
   * For an attachment: the page of the record holding it (a comment's is its record's), as the documents'
   * route paths; null otherwise or when that record has no page of its own.
   */
  content_link: z.string().nullable(),
  /**
   * For an attachment: the record whose page `content_link` opens (for a comment's attachment, the record
   * commented on), with its title; null otherwise.
   */
  fileable: z
    .object({ commentable_type: z.enum(["discussion_board", "task_list", "task", "milestone", "file"]), commentable_id: z.number().int(), title: z.string() })
    .nullable(),
  creator: related(userSchema),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  abilities: fileAbilitiesSchema,
});

/** A revision: the saved previous content of a doc or link. */
export const fileRevisionSchema = fileItemBase;
export type FileRevision = z.infer<typeof fileRevisionSchema>;

/** A project-file item (folder, doc, link, upload) as the API shows it. */
export const fileItemSchema = fileItemBase.extend({
  /** Present with `?with=revisions` (and always on `?childId=`): newest first. */
  revisions: related(z.array(fileRevisionSchema)).optional(),
  /** A doc's or link's attachments: on `?childId=` and on the answers of create and update. */
  files: attachmentListSchema.optional(),
  /** The item's comments, oldest first (the first 200): on `?childId=` with `with=comments`. */
  comments: related(z.array(commentSchema)).optional(),
});
export type FileItem = z.infer<typeof fileItemSchema>;

/** `{ data: FileItem }`. */
export const fileItemEnvelope = z.object({ data: fileItemSchema, message: z.string().optional() });
/** `{ data: FileItem[] }` for a folder's contents, folders first, then newest first. */
export const fileListEnvelope = z.object({ data: z.array(fileItemSchema) });
/** An upload (multipart `files[]`) answers every stored file: `{ data: FileItem[], message }`. */
export const fileUploadEnvelope = z.object({ data: z.array(fileItemSchema), message: z.string() });

/** A folder in the folder lists (move dialog, folder search). */
export const fileFolderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  parent: z.number().int(),
  private: privacyMetaSchema,
});
export type FileFolder = z.infer<typeof fileFolderSchema>;
export const fileFolderListEnvelope = z.object({ data: z.array(fileFolderSchema) });

/**
 * `POST .../files`: create a folder, doc, link or revision (JSON or form data) or upload files
 * (multipart with `files[]`, `type` pro_file). Which fields are required depends on `type`: the service
 * checks them and names the field in a 400.
 */
export const createFileBody = z.object({
  type: z.enum(FILE_ITEM_TYPES),
  /** Folder id, 0 for the root; for `revision`, the id of the doc or link revised. */
  parent: zInt.min(0).default(0),
  title: z.string().trim().max(255).default(""),
  /** Rich-text html for docs, note for links; sanitised on save. */
  description: z.string().max(200_000).default(""),
  url: z.string().trim().max(2000).default(""),
  private: zFlag.default(false),
});
export type CreateFileBody = z.infer<typeof createFileBody>;

/**
 * `POST .../files/{id}`: update a folder (title, private) or a doc/link (title, description, url,
 * private). Only the fields given change. A doc or link update first saves the previous content as a
 * revision. Sent as multipart, a doc or link update also takes new attachments (`files[]`);
 * `files_to_delete[]` removes some of its attachments.
 */
export const updateFileBody = z.object({
  title: z.string().trim().max(255).optional(),
  description: z.string().max(200_000).optional(),
  url: z.string().trim().max(2000).optional(),
  private: zFlag.optional(),
  files_to_delete: zFilesToDelete.optional(),
});
export type UpdateFileBody = z.infer<typeof updateFileBody>;
/** Older name kept for readers of the spec: the folder update is the same body. */
export const updateFolderBody = updateFileBody;

/**
 * `GET .../files` query: `folder_id` lists a folder (0 = root) as `fileListEnvelope`; `childId` answers one
 * item as `fileItemEnvelope`, always with its revisions.
 */
export const listFilesQuery = z.object({
  folder_id: zInt.min(0).default(0),
  childId: zInt.min(1).optional(),
  /** `comments,revisions`: each is included when asked for (revisions always are with `childId`; comments only there). */
  with: zNameList,
});
export type ListFilesQuery = z.infer<typeof listFilesQuery>;

/** `GET .../files/folders?type=folder`. */
export const listFoldersQuery = z.object({ type: z.literal("folder").default("folder") });

/** `GET .../files/searchfolder?title=`: an empty title answers an empty list. */
export const searchFoldersQuery = z.object({ title: z.string().trim().max(255).default("") });

/** `POST .../files/sorting`: move item `source` into folder `destination` (0 = root). */
export const sortFilesBody = z.object({ source: zInt.min(1), destination: zInt.min(0) });
export type SortFilesBody = z.infer<typeof sortFilesBody>;

/** `GET .../files/{id}/download-check`: whether the asker may download, and where. */
export const downloadCheckSchema = z.object({ data: z.object({ can_download: z.literal(true), url: z.string() }) });

/** The error type of an upload refused because an SVG carries script or external references. */
export const SVG_XSS_ERROR_TYPE = "svg_xss";

