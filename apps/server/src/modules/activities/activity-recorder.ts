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
  meta?: Record<string, unknown>;
}

/** "Ana created the task Homepage copy"; "Ana added a comment on the task Homepage". */
export function activitySentence(actorName: string, event: Pick<ActivityEvent, "type" | "resource" | "title">): string {
  if (event.resource === "comment") {
    const verb = event.type === "create" ? "added" : VERBS[event.type];
    return `${actorName} ${verb} a comment on ${event.title}`;
  }
  return `${actorName} ${VERBS[event.type]} ${RESOURCE_WORDS[event.resource]} ${event.title}`;
}

/** Writes activities, inside the caller's transaction when given one. */
export function recordActivity(db: Kysely<Database>, actor: Actor, event: ActivityEvent): Promise<void> {
  return activitiesRepository(db).insertActivity({
    project_id: event.projectId,
    actor_id: actor.id,
    action: `${event.type}_${event.resource}`,
    action_type: event.type,
    resource_type: event.resource,
    resource_id: event.resourceId,
    privacy_scope: event.privacyScope ?? null,
    message: activitySentence(actor.displayName, event).slice(0, 600),
    meta: event.meta ?? {},
    committed_at: nowUtc(),
  });
}
