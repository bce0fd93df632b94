import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { nowUtc } from "../../lib/dates.js";
import { activitiesRepository, type NewActivity } from "./activities.repository.js";
import type { ActivityChange, ActivityResource, ActivityType } from "./activity-catalogue.js";
import { recordPhrase, renderActivitySentence } from "./activity-sentences.js";

export type { ActivityChange, ActivityResource, ActivityType, JsonValue } from "./activity-catalogue.js";

/** One thing that happened, described for the record. */
export interface ActivityEvent {
  projectId: number;
  type: ActivityType;
  resource: ActivityResource;
  resourceId: number | null;
  /** Title of the record, quoted in the sentence. */
  title: string;
  /** The view_private_* capability needed to see this entry when the record is private (privacy's `privacyScopeOf`). */
  privacyScope?: string | null;
  /**
   * The record the entry is about, whose privacy the entry's scope follows: by default the resource itself;
   * for a comment, the record commented on.
   */
  subject?: { type: ActivityResource; id: number };
  meta?: Record<string, unknown>;
  /** The fields an update or a move changed, by API name, which its sentence tells ("changed the due date ..."). */
  changes?: ActivityChange[];
  /** The domain event this entry is written for: a second delivery of the same event writes nothing. */
  eventId?: string | number;
  /** When the change was made, if not now: an entry written after commit carries its event's time. */
  occurredAt?: string;
}

/** "the task Homepage copy": how a sentence names a record, e.g. the one a comment is on. */
export function resourcePhrase(resource: ActivityResource, title: string): string {
  return recordPhrase(resource, title);
}

/** Writes activities, inside the caller's transaction when given one. */
export function recordActivity(db: Kysely<Database>, actor: Pick<Actor, "id" | "displayName">, event: ActivityEvent): Promise<void> {
  return activitiesRepository(db).insertActivity(activityRow(actor, event));
}

/** The row of an activity entry. */
export function activityRow(actor: Pick<Actor, "id" | "displayName">, event: ActivityEvent): NewActivity {
  const subject = event.subject ?? (event.resourceId === null ? null : { type: event.resource, id: event.resourceId });
  return {
    project_id: event.projectId,
    actor_id: actor.id,
    action: `${event.type}_${event.resource}`,
    action_type: event.type,
    resource_type: event.resource,
    resource_id: event.resourceId,
    subject_type: subject?.type ?? null,
    subject_id: subject?.id ?? null,
    privacy_scope: event.privacyScope ?? null,
    // The English summary ("Ana updated the task Wireframes"), as entries read before 0013, for readers of the
    // table itself and for when the entry cannot be rendered. The API tells what changed, rendered from the
    // fields below in the reader's language; this text names no list or value that a reader might not see.
    message: renderActivitySentence(
      { actorName: actor.displayName, type: event.type, resource: event.resource, title: event.title, changes: [], mayNameLists: false },
      { locale: "en" },
    ),
    meta: event.meta ?? {},
    committed_at: event.occurredAt ?? nowUtc(),
    title: event.title,
    changes: event.changes && event.changes.length > 0 ? event.changes : null,
    event_id: event.eventId === undefined ? null : String(event.eventId),
  };
}

/**
 * Gives the earlier entries about records (their own and the comments on them) a new scope, after the
 * records' privacy changed: an entry follows its record, so turning a record private hides its history too.
 * Call it inside the change's transaction.
 */
export function rescopeActivities(
  db: Kysely<Database>,
  change: { projectId: number; subject: ActivityResource; ids: readonly number[]; scope: string | null },
): Promise<void> {
  return activitiesRepository(db).setScopeOfSubjects(change.projectId, change.subject, change.ids, change.scope);
}

/**
 * Re-scopes the entries about every task of a list (after the list's privacy changed) or every sub-task of
 * a task (after it moved to another list), and the comments on them; `scopeFor` gives the new scope of a
 * public (0) and of a private (1) task. Call it inside the change's transaction.
 */
export function rescopeTaskActivities(
  db: Kysely<Database>,
  change: { projectId: number; of: { listId: number } | { parentId: number }; scopeFor: (privacy: 0 | 1) => string | null },
): Promise<void> {
  return activitiesRepository(db).setScopeOfTasks(change.projectId, change.of, change.scopeFor);
}
