import { isCommentableType, type CommentableType, type EventParent, type NotificationType } from "@plotline/contracts";
import { richTextToPlain } from "../../lib/rich-text.js";
import type { NewNotification } from "./notifications.repository.js";

/** Longest comment excerpt kept with an entry, in characters. */
export const MAX_EXCERPT_LENGTH = 140;

/** The record an entry is about: a task, or the list, milestone, discussion or file a comment is on. */
export interface EntrySubject {
  type: CommentableType;
  id: number;
}

/** The subject of an entry about a task. */
export function taskSubject(taskId: number): EntrySubject {
  return { type: "task", id: taskId };
}

/** The subject of an entry about a comment: the record it is on; null for a kind a comment cannot be on. */
export function commentSubject(on: Pick<EventParent, "type" | "id">): EntrySubject | null {
  return isCommentableType(on.type) ? { type: on.type, id: on.id } : null;
}

/** What one thing that happened says to each of the users it concerns. */
export interface EntryFacts {
  type: NotificationType;
  subject: EntrySubject;
  /** Who did it; null for the system. */
  actorId: number | null;
  /** What makes the entry unique per user (see `NotificationsTable.source_key`). */
  sourceKey: string;
  commentId?: number;
  excerpt?: string | null;
  dueOn?: string;
  /** When it happened, as stored. */
  at: string;
}

/** The entry key of a domain event: one entry per event and user. */
export function eventKey(eventId: number): string {
  return `event:${eventId}`;
}

/** The entry key of a mention: a comment tells each user once, whether at creation or in an edit. */
export function mentionKey(commentId: number): string {
  return `mention:${commentId}`;
}

/** The entry key of a due date: one per task, user and due day, however often the daily job runs. */
export function dueKey(taskId: number, day: string): string {
  return `due:${taskId}:${day}`;
}

/** The users told, each once and in order, without the actor: nobody is told about what they did themselves. */
export function recipients(userIds: Iterable<number>, actorId: number | null, leaveOut: Iterable<number> = []): number[] {
  const skipped = new Set(leaveOut);
  if (actorId !== null) skipped.add(actorId);
  return [...new Set(userIds)].filter((id) => !skipped.has(id));
}

/** One entry per user for the same facts. */
export function entriesFor(userIds: readonly number[], facts: EntryFacts): NewNotification[] {
  return userIds.map((userId) => ({
    user_id: userId,
    type: facts.type,
    subject_type: facts.subject.type,
    subject_id: facts.subject.id,
    task_id: facts.subject.type === "task" ? facts.subject.id : null,
    actor_id: facts.actorId,
    comment_id: facts.commentId ?? null,
    source_key: facts.sourceKey,
    excerpt: facts.excerpt ?? null,
    due_on: facts.dueOn ?? null,
    created_at: facts.at,
  }));
}

/** The character references plain text keeps from HTML, read back: the web shows an excerpt as text, not HTML. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** The start of a comment as one line of plain text, cut at MAX_EXCERPT_LENGTH with an ellipsis. */
export function excerptOf(html: string): string | null {
  // Paragraphs, items and line breaks part words: without a space their texts would run together.
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote|pre|td|th)>|<br\s*\/?>/gi, "$& ");
  const text = richTextToPlain(spaced).replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const chars = Array.from(text);
  return chars.length <= MAX_EXCERPT_LENGTH ? text : `${chars.slice(0, MAX_EXCERPT_LENGTH - 1).join("").trimEnd()}…`;
}

/** The calendar day after `today` (both `YYYY-MM-DD`). */
export function dayAfter(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
