import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    comments: CommentsTable;
    comment_notify_users: CommentNotifyUsersTable;
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
