import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    notifications: NotificationsTable;
    task_followers: TaskFollowersTable;
  }
}

/** One Inbox entry of one user (migration `notifications-tables`). */
export interface NotificationsTable {
  id: Generated<number>;
  /** Whose Inbox it is in; the entry goes with the account. */
  user_id: number;
  /** `assigned`, `mentioned`, `commented`, `completed` or `due_soon`. */
  type: string;
  /**
   * The record it is about, by the comments' kind names (`task`, `task_list`, `milestone`,
   * `discussion_board`, `file`; migration `notifications-subjects`). It shows only while its reader may see
   * the record.
   */
  subject_type: string;
  subject_id: number;
  /** The task, for a task entry only: its foreign key takes the entries with the task. */
  task_id: number | null;
  /** Who did it; null for the system. No foreign key: an account that is gone reads as "Someone". */
  actor_id: number | null;
  /** The comment of a `mentioned` or `commented` entry. No foreign key: the entry outlives the comment. */
  comment_id: number | null;
  /**
   * What makes the entry unique for its user: `event:<id>` for the entry an event gave, `mention:<comment>`
   * for a mention (told once whether it came with the comment or with an edit), `due:<task>:<day>` for a due
   * date. A repeated delivery or run writes nothing the second time.
   */
  source_key: string;
  /** The start of the comment's text, for `mentioned` and `commented`. */
  excerpt: string | null;
  /** The due day of a `due_soon` entry. */
  due_on: string | null;
  created_at: string;
  /** When the user marked it read; null while unread. */
  read_at: string | null;
}
export type NotificationRow = Selectable<NotificationsTable>;

/** Who follows which task: told about its comments and its completion. */
export interface TaskFollowersTable {
  task_id: number;
  user_id: number;
  created_at: string;
}
