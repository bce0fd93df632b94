import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    comments: CommentsTable;
    comment_notify_users: CommentNotifyUsersTable;
    comment_counts: CommentCountsTable;
  }
}

export interface CommentsTable {
  id: Generated<number>;
  project_id: number;
  commentable_type: string;
  commentable_id: number;
  content: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type CommentRow = Selectable<CommentsTable>;

export interface CommentNotifyUsersTable {
  comment_id: number;
  user_id: number;
}

/**
 * How many comments a record holds: kept by triggers on `comments` (migration `comments-counters`), never
 * written by the app.
 */
export interface CommentCountsTable {
  project_id: number;
  commentable_type: string;
  commentable_id: number;
  count: number;
}
