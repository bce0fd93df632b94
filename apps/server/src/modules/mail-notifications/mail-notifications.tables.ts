import type { Generated, Insertable, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    mail_notification_items: MailNotificationItemsTable;
    mail_digests: MailDigestsTable;
  }
}

/**
 * One thing a user is to be told by mail (migration `mail-notifications-tables`), written by the module's
 * event subscribers and sent by the `mail.notify` job of its group: the items of one recipient about one
 * record by one actor go out in one mail. Kept a while after sending: their keys stop a repeated event, or
 * a comment edited again, from telling anyone twice.
 */
export interface MailNotificationItemsTable {
  id: Generated<number>;
  /** Who is told; the row goes with the account. */
  user_id: number;
  /** Who did it; 0 for the system. */
  actor_id: number;
  /** `assigned`, `comment`, `mention`, `discussion` or `file` (see `MailItemKind`). */
  kind: string;
  project_id: number;
  /** What the mail is about, and so what changes are gathered by: `task`, `task_list`, `milestone`, `discussion_board`, `file`, or `project_files` (the project's files area, `group_id` the project). */
  group_type: string;
  group_id: number;
  /** The record the recipient must be able to see for this item to be sent (privacy, checked when sending). */
  record_type: string;
  record_id: number;
  /** The comment an item of kind `comment` or `mention` is about. */
  comment_id: number | null;
  /** Unique per user: `event:<id>` (one item per event and user), `mention:<comment>` (one per comment and user). */
  source_key: string;
  /** When the change was made (UTC text). */
  created_at: string;
  /** The job that took the item to send it; null while it waits. */
  claimed_by: string | null;
  /** When its mail went out, or it was left out (privacy, preference); null while it waits. */
  sent_at: string | null;
  /** `sent` or `skipped`, once done. */
  outcome: string | null;
}
export type MailNotificationItemRow = Selectable<MailNotificationItemsTable>;
export type NewMailNotificationItem = Omit<Insertable<MailNotificationItemsTable>, "id" | "claimed_by" | "sent_at" | "outcome">;

/**
 * One user's daily digest of one day (site time zone): the row is written before the digest's job is
 * enqueued, and its primary key (user_id, day) is what makes it once a day whatever the number of
 * processes or restarts.
 */
export interface MailDigestsTable {
  user_id: number;
  /** The site's calendar day, `YYYY-MM-DD`. */
  day: string;
  created_at: string;
  /** The job that took the digest to send it. */
  claimed_by: string | null;
  /** When it went out, or was found empty; null until then. */
  sent_at: string | null;
  /** `sent` or `empty`, once done. */
  outcome: string | null;
}
export type MailDigestRow = Selectable<MailDigestsTable>;
