import { z } from "zod";
import { attachmentListSchema, zFilesToDelete } from "./attachments.js";
import { dateObjectSchema, related } from "./envelope.js";
import type { RouteName } from "./modules.js";
import { zIdList } from "./none-values.js";
import { zId, zInt } from "./primitives.js";
import { userSchema } from "./users.js";

/** What a comment can be on. */
export const COMMENTABLE_TYPES = ["task", "task_list", "discussion_board", "milestone", "file"] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

/** Whether a kind name read from a row or an event is one a comment can be on. */
export function isCommentableType(type: string): type is CommentableType {
  return (COMMENTABLE_TYPES as readonly string[]).includes(type);
}

/** A named route with its parameters: what `routePath` turns into a path. */
export interface RouteLink {
  route: RouteName;
  params: Record<string, number>;
}

/**
 * The page of a record a comment can be on: a task's, a list's, a discussion's, the milestones page, and
 * for an item of the files area its own page by its kind (`doc`, `link`, else an uploaded file's), in its
 * folder (0 for the root).
 */
export function commentableLink(type: CommentableType, projectId: number, id: number, file: { type: string | null; folderId: number } = { type: null, folderId: 0 }): RouteLink {
  switch (type) {
    case "task":
      return { route: "single_task", params: { project_id: projectId, task_id: id } };
    case "task_list":
      return { route: "single_list", params: { project_id: projectId, list_id: id } };
    case "milestone":
      return { route: "milestones", params: { project_id: projectId } };
    case "discussion_board":
      return { route: "individual_discussions", params: { project_id: projectId, discussion_id: id } };
    case "file":
      if (file.type === "doc") return { route: "single_doc", params: { project_id: projectId, folder_id: file.folderId, doc_id: id } };
      if (file.type === "link") return { route: "single_link", params: { project_id: projectId, folder_id: file.folderId, link_id: id } };
      return { route: "single_file", params: { project_id: projectId, folder_id: file.folderId, file_id: id } };
  }
}

/** A comment as the API shows it. `content` is sanitised HTML; mentions are `<span data-type="mention" data-id>`. */
export const commentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: z.number().int(),
  project_id: z.number().int(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  creator: related(userSchema),
  /** Users told about the comment (mentioned or chosen). */
  notify_users: z.array(z.number().int()),
  /** Files attached to the comment (multipart `files[]` on create and update). */
  files: attachmentListSchema,
  abilities: z.object({ can_edit: z.boolean(), can_delete: z.boolean() }),
});
export type Comment = z.infer<typeof commentSchema>;

const notifyUsers = zIdList(200).default([]);

/**
 * `POST /api/pm/v2/projects/{p}/comments`. Empty content is refused. Sent as multipart, it also takes
 * `files[]`, stored as the comment's attachments.
 */
export const createCommentBody = z.object({
  content: z.string().max(100_000),
  commentable_id: zId,
  commentable_type: z.enum(COMMENTABLE_TYPES),
  notify_users: notifyUsers,
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/**
 * `POST .../comments/{id}` (update). Without `notify_users` the users told before stay (a default would drop
 * them). Multipart `files[]` adds attachments; `files_to_delete[]` removes some.
 */
export const updateCommentBody = z.object({
  content: z.string().max(100_000),
  notify_users: zIdList(200).optional(),
  files_to_delete: zFilesToDelete.optional(),
});
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

/** `GET .../comments` query: one record's comments, oldest first, 50 a page by default (at most 200). */
export const listCommentsQuery = z.object({
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: zId,
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(200).default(50),
});
export type ListCommentsQuery = z.infer<typeof listCommentsQuery>;
