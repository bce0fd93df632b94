import type { Activity } from "@plotline/contracts";
import type { ActivityRow } from "./activities.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { presentUser } from "../users/users.presenter.js";
import type { ActivityChange, ActivityLocale } from "./activity-catalogue.js";
import { isActivityResource, isActivityType, renderActivitySentence } from "./activity-sentences.js";

/** What an activity presentation is built from: the includes asked for, loaded in bulk. */
export interface ActivityExtras {
  timezone: string;
  /** The reader's language, which sentences are rendered in. */
  locale: ActivityLocale;
  /** The site's date format for days in sentences; `MM/DD` when unset. */
  dateFormat?: string;
  /** Display names of the page's actors, for the sentences: an entry whose actor is missing shows its stored text. */
  actorNames: ReadonlyMap<number, string>;
  /** Whether the reader may see private lists of a project, and so their names in a move's sentence. */
  seesPrivateLists: (projectId: number) => boolean;
  /** Set when `with=actor` was asked for. */
  actors?: ReadonlyMap<number, UserRow>;
  /** Set when `with=project` was asked for. */
  projects?: ReadonlyMap<number, { id: number; title: string }>;
}

function parseMeta(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // A damaged meta column must not break the whole feed.
    return {};
  }
}

function isChange(value: unknown): value is ActivityChange {
  return value !== null && typeof value === "object" && typeof (value as { field?: unknown }).field === "string";
}

/** The stored changes; a damaged column reads as none, so the entry still shows its summary. */
function parseChanges(text: string | null): ActivityChange[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isChange).map((change) => ({ field: change.field, from: change.from ?? null, to: change.to ?? null })) : [];
  } catch {
    return [];
  }
}

/**
 * The entry's sentence for this reader. Entries written before migration 0013 carry no title and keep the
 * text they were stored with; so does one whose kind or actor this version cannot name.
 */
function messageOf(row: ActivityRow, extras: ActivityExtras): string {
  const actorName = extras.actorNames.get(row.actor_id);
  if (row.title === null || actorName === undefined || !isActivityType(row.action_type) || !isActivityResource(row.resource_type)) {
    return row.message;
  }
  return renderActivitySentence(
    { actorName, type: row.action_type, resource: row.resource_type, title: row.title, changes: parseChanges(row.changes), mayNameLists: extras.seesPrivateLists(row.project_id) },
    { locale: extras.locale, ...(extras.dateFormat !== undefined && { dateFormat: extras.dateFormat }) },
  );
}

/** The fields of an activity that leave the server, its sentence rendered for the reader. */
export function presentActivity(row: ActivityRow, extras: ActivityExtras): Activity {
  const actor = extras.actors?.get(row.actor_id);
  const project = extras.projects?.get(row.project_id);
  return {
    id: row.id,
    message: messageOf(row, extras),
    action: row.action,
    action_type: row.action_type as Activity["action_type"],
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    project_id: row.project_id,
    meta: parseMeta(row.meta),
    committed_at: toRequiredDateObject(row.committed_at, extras.timezone),
    ...(actor && { actor: related(presentUser(actor)) }),
    ...(project && { project: related({ id: project.id, title: project.title }) }),
  };
}
