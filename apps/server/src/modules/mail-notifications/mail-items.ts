import type { CommentableType, EmailNotificationKind } from "@plotline/contracts";
import type { NewMailNotificationItem } from "./mail-notifications.tables.js";

/** What an item tells: a task given to the recipient, a comment, a mention, a new discussion or file. */
export type MailItemKind = "assigned" | "comment" | "mention" | "discussion" | "file";

/** The preference (Your account) that turns each kind of item on or off. */
export const PREFERENCE_OF: Record<MailItemKind, Exclude<EmailNotificationKind, "daily_digest">> = {
  assigned: "assigned",
  comment: "comments",
  mention: "mentions",
  discussion: "project_activity",
  file: "project_activity",
};

/**
 * Tries of a mail job after a failure (a mail server down): 8, each after twice the wait of the one before
 * (30 s, 1 min, ... about 1 h), so a server down for an hour loses nothing.
 */
export const MAIL_JOB_RETRIES = 8;

/** The group of the files area of a project: new files by one person in a short while go out in one mail. */
export const PROJECT_FILES = "project_files";

/** What a change says to each of the users it concerns. */
export interface ItemFacts {
  kind: MailItemKind;
  projectId: number;
  /** What the mail is about (changes are gathered by it). */
  group: { type: string; id: number };
  /** What the recipient must be able to see. */
  record: { type: CommentableType; id: number };
  commentId?: number;
  actorId: number | null;
  /** See `MailNotificationItemsTable.source_key`. */
  sourceKey: string;
  /** When the change was made, as stored. */
  at: string;
}

/** The item key of a domain event: one item per event and user. */
export function eventKey(eventId: number): string {
  return `event:${eventId}`;
}

/** The item key of a mention: a comment tells each user once, whether named at creation or in an edit. */
export function mentionKey(commentId: number): string {
  return `mention:${commentId}`;
}

/** The users told, each once and in order, without the actor: nobody is mailed about what they did themselves. */
export function recipients(userIds: Iterable<number>, actorId: number | null, leaveOut: Iterable<number> = []): number[] {
  const skipped = new Set(leaveOut);
  if (actorId !== null) skipped.add(actorId);
  return [...new Set(userIds)].filter((id) => !skipped.has(id));
}

/** One item per user for the same facts. */
export function itemsFor(userIds: readonly number[], facts: ItemFacts): NewMailNotificationItem[] {
  return userIds.map((userId) => ({
    user_id: userId,
    actor_id: facts.actorId ?? 0,
    kind: facts.kind,
    project_id: facts.projectId,
    group_type: facts.group.type,
    group_id: facts.group.id,
    record_type: facts.record.type,
    record_id: facts.record.id,
    comment_id: facts.commentId ?? null,
    source_key: facts.sourceKey,
    created_at: facts.at,
  }));
}

/** Whether a stored kind is one this version knows. */
export function isMailItemKind(kind: string): kind is MailItemKind {
  return kind in PREFERENCE_OF;
}
