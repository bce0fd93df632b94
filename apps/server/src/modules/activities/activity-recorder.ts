import type { Capability } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { nowUtc } from "../../lib/dates.js";
import { activitiesRepository } from "./activities.repository.js";

/** Kinds of record an activity can be about, with the word used in its sentence. */
const RESOURCE_WORDS = {
  project: "the project",
  task_list: "the task list",
  task: "the task",
  milestone: "the milestone",
  discussion_board: "the discussion",
  comment: "a comment on",
  file: "the file",
  label: "the label",
  project_settings: "the project setting",
} as const;
export type ActivityResource = keyof typeof RESOURCE_WORDS;

const VERBS = {
  create: "created",
  update: "updated",
  delete: "deleted",
  complete: "completed",
  incomplete: "reopened",
  archive: "archived",
  restore: "restored",
  move: "moved",
  duplicate: "duplicated",
} as const;
export type ActivityType = keyof typeof VERBS;

/** One thing that happened, described for the record. */
export interface ActivityEvent {
  projectId: number;
  type: ActivityType;
  resource: ActivityResource;
  resourceId: number | null;
  /** Title of the record, quoted in the sentence. */
  title: string;
  /** The view_private_* capability needed to see this entry when the record is private. */
  privacyScope?: string | null;
  /**
   * The record the entry is about, whose privacy the entry's scope follows: by default the resource itself;
   * for a comment, the record commented on.
   */
  subject?: { type: ActivityResource; id: number };
  meta?: Record<string, unknown>;
}

/** "the task Homepage copy": how a sentence names a record, e.g. the one a comment is on. */
export function resourcePhrase(resource: ActivityResource, title: string): string {
  return `${RESOURCE_WORDS[resource]} ${title}`;
}

/** "Ana created the task Homepage copy"; "Ana added a comment on the task Homepage". */
export function activitySentence(actorName: string, event: Pick<ActivityEvent, "type" | "resource" | "title">): string {
  if (event.resource === "comment") {
    const verb = event.type === "create" ? "added" : VERBS[event.type];
    return `${actorName} ${verb} a comment on ${event.title}`;
  }
  return `${actorName} ${VERBS[event.type]} ${RESOURCE_WORDS[event.resource]} ${event.title}`;
}

/** The capabilities that hide private records. */
export type PrivateCapability = Extract<Capability, `view_private_${string}`>;

const PRIVATE_CAPABILITIES: readonly PrivateCapability[] = [
  "view_private_file", "view_private_list", "view_private_message", "view_private_milestone", "view_private_task",
];

function shortName(capability: PrivateCapability): string {
  return capability.slice("view_private_".length);
}

/**
 * The privacy scope of an entry about a record hidden behind the given capabilities: null for none, the
 * capability itself for one, and for several (a private task in a private list) their short names joined,
 * `list+task`, which only readers holding all of them may read (see `readableScopes`).
 */
export function privacyScopeOf(capabilities: readonly PrivateCapability[]): string | null {
  const unique = [...new Set(capabilities)].sort();
  if (unique.length === 0) return null;
  if (unique.length === 1) return unique[0] ?? null;
  return unique.map(shortName).join("+");
}

/** Every scope a reader may read: each view_private_* they hold and each joined scope made only of those. */
export function readableScopes(can: (capability: Capability) => boolean): string[] {
  const held = PRIVATE_CAPABILITIES.filter((capability) => can(capability));
  const scopes: string[] = [...held];
  // Joined scopes are every subset of two or more held capabilities, in the sorted order privacyScopeOf writes.
  for (let mask = 1; mask < 1 << held.length; mask += 1) {
    const subset = held.filter((_, index) => (mask & (1 << index)) !== 0);
    if (subset.length >= 2) scopes.push(subset.map(shortName).join("+"));
  }
  return scopes;
}

/** Whether a reader holds every private capability, and so may read every entry of a project. */
export function readsEveryScope(can: (capability: Capability) => boolean): boolean {
  return PRIVATE_CAPABILITIES.every((capability) => can(capability));
}

/** Writes activities, inside the caller's transaction when given one. */
export function recordActivity(db: Kysely<Database>, actor: Actor, event: ActivityEvent): Promise<void> {
  const subject = event.subject ?? (event.resourceId === null ? null : { type: event.resource, id: event.resourceId });
  return activitiesRepository(db).insertActivity({
    project_id: event.projectId,
    actor_id: actor.id,
    action: `${event.type}_${event.resource}`,
    action_type: event.type,
    resource_type: event.resource,
    resource_id: event.resourceId,
    subject_type: subject?.type ?? null,
    subject_id: subject?.id ?? null,
    privacy_scope: event.privacyScope ?? null,
    message: activitySentence(actor.displayName, event).slice(0, 600),
    meta: event.meta ?? {},
    committed_at: nowUtc(),
  });
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
