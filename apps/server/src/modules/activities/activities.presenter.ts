import type { Activity } from "@plotline/contracts";
import type { ActivityRow, UserRow } from "../../db/schema.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { presentUser } from "../users/users.presenter.js";

/** What an activity presentation is built from: the includes asked for, loaded in bulk. */
export interface ActivityExtras {
  timezone: string;
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

/** The fields of an activity that leave the server. */
export function presentActivity(row: ActivityRow, extras: ActivityExtras): Activity {
  const actor = extras.actors?.get(row.actor_id);
  const project = extras.projects?.get(row.project_id);
  return {
    id: row.id,
    message: row.message,
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
