import { z } from "zod";
import { dateObjectSchema, related } from "./envelope.js";
import { zId } from "./primitives.js";

/**
 * What an attachment can be attached to: a discussion, a task list, a task, a comment, or a doc or link of
 * the files area (`file`). The files list shows the first four with a link to their page.
 */
export const FILEABLE_TYPES = ["discussion_board", "task_list", "task", "comment", "file"] as const;
export type FileableType = (typeof FILEABLE_TYPES)[number];

/** Most files one request may carry (`files[]`). */
export const MAX_FILES_PER_REQUEST = 20;

/**
 * A file attached to a discussion, task, comment or doc, as the record holding it lists it. Who may see it
 * follows that record: whoever reads the record reads its attachments.
 */
export const attachmentSchema = z.object({
  id: z.number().int(),
  /** The stored upload's id (equal to `id`): the documents' forms tell kept files from new ones by it. */
  attachment_id: z.number().int(),
  /** The cleaned original file name. */
  name: z.string(),
  /** Sniffed from the bytes on upload, never taken from the client. */
  mime_type: z.string(),
  /** Size in bytes. */
  size: z.number().int(),
  /** Where it is downloaded from (HTTP ranges supported; pictures, video and PDF open in the page). */
  url: z.string(),
  /** A small WebP thumbnail of a picture, "" otherwise. */
  thumb: z.string(),
  fileable_type: z.enum(FILEABLE_TYPES),
  fileable_id: z.number().int(),
  /** Id of the user who uploaded it. */
  created_by: z.number().int(),
  created_at: dateObjectSchema,
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** `files: { data: Attachment[] }` on the records that hold attachments. */
export const attachmentListSchema = related(z.array(attachmentSchema));

/**
 * `files_to_delete[]` on an update: ids of the record's attachments to remove. Ids that are not attachments
 * of that record are a 400 on `files_to_delete`.
 */
export const zFilesToDelete = z.array(zId).max(100);
