import { z } from "zod";
import { attachmentListSchema, zFilesToDelete } from "./attachments.js";
import { dateObjectSchema, related, richTextSchema } from "./envelope.js";
import { zFlag, zInt, zTitle } from "./primitives.js";
import { milestoneRefSchema } from "./task-lists.js";
import { privacyMetaSchema } from "./tasks.js";
import { userSchema } from "./users.js";

/** A discussion (message board) as the API shows it. */
export const discussionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  order: z.number().int(),
  project_id: z.number().int(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  creator: related(userSchema),
  milestone: related(milestoneRefSchema.nullable()),
  /** `total_files`: the discussion's attachments and those of its comments. */
  meta: z.object({ privacy: privacyMetaSchema, total_comments: z.number().int(), total_files: z.number().int() }),
  /** Files attached to the discussion itself (multipart `files[]` on create and update). */
  files: attachmentListSchema,
  abilities: z.object({
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    /** Show the privacy box in its edit form: anyone who may edit it (the documents ask no capability). */
    can_set_privacy: z.boolean(),
  }),
});
export type Discussion = z.infer<typeof discussionSchema>;

/** `POST .../discussion-boards`. Sent as multipart, it also takes `files[]`, stored as the discussion's attachments. */
export const createDiscussionBody = z.object({
  title: zTitle(255),
  description: z.string().max(200_000).optional(),
  milestone: zInt.min(0).default(0),
  privacy: zFlag.default(false),
});
export type CreateDiscussionBody = z.infer<typeof createDiscussionBody>;

/**
 * `POST .../discussion-boards/{id}/update`: only the fields given change. Written out rather than
 * `createDiscussionBody.partial()`, whose defaults would reset milestone and privacy on every update.
 */
export const updateDiscussionBody = z.object({
  title: zTitle(255).optional(),
  description: z.string().max(200_000).optional(),
  milestone: zInt.min(0).optional(),
  privacy: zFlag.optional(),
  /** Attachments of the discussion to remove; new ones come as multipart `files[]`. */
  files_to_delete: zFilesToDelete.optional(),
});
export type UpdateDiscussionBody = z.infer<typeof updateDiscussionBody>;

/** `GET .../discussion-boards` query: newest first, 20 a page. */
export const listDiscussionsQuery = z.object({
  per_page: zInt.min(-1).max(500).default(20),
  page: zInt.min(1).default(1),
});
export type ListDiscussionsQuery = z.infer<typeof listDiscussionsQuery>;
