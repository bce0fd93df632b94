import { splitSeconds, TIME_RUN_STATUS, TIME_SOURCES, type TimeLog, type User } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { parseStored } from "../../lib/dates.js";
import type { TimeLogRow } from "./time-tracker.tables.js";
import type { TimeUserRow } from "./time-tracker.repository.js";

/** The fields of a signed-in user that their own logs show them with. */
export type TimeLogViewer = Pick<Actor, "id" | "displayName" | "email" | "avatarUrl" | "isSiteManager">;

/** A stored UTC timestamp as ISO 8601 (`2026-03-10T09:00:00Z`). */
function isoOf(stored: string): string {
  return `${stored.replace(" ", "T")}Z`;
}

/** Whole seconds from a stored timestamp to `now`, never negative. */
export function secondsSince(stored: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - parseStored(stored).getTime()) / 1000));
}

/** The caller as a log's `user` (the same fields as the users presenter sends). */
export function presentViewer(viewer: TimeLogViewer): User {
  return { id: viewer.id, display_name: viewer.displayName, email: viewer.email, avatar_url: viewer.avatarUrl, manage_pm: viewer.isSiteManager };
}

/** A user read with a log, as a log's `user`. */
export function presentTimeUser(row: TimeUserRow): User {
  return { id: row.id, display_name: row.display_name, email: row.email, avatar_url: row.avatar_url, manage_pm: row.manage_pm === 1 };
}

function sourceOf(stored: string): TimeLog["source"] {
  return TIME_SOURCES.find((source) => source === stored) ?? "timer";
}

/**
 * A time log as the API sends it. A running log's `total` is the time up to `now`; a stopped one's is what
 * was logged.
 */
export function presentTimeLog(row: TimeLogRow, user: User, abilities: { can_delete: boolean }, now: Date): TimeLog {
  const running = row.run_status === TIME_RUN_STATUS.running;
  const total = running ? secondsSince(row.started_at, now) : row.total_seconds;
  const { hour, minute } = splitSeconds(total);
  return {
    time_id: row.id,
    task_id: row.task_id,
    project_id: row.project_id,
    created_by: row.user_id,
    user: { data: user },
    start: isoOf(row.started_at),
    stop: row.stopped_at === null ? null : isoOf(row.stopped_at),
    total,
    run_status: row.run_status,
    hour,
    minute,
    day: row.day,
    note: row.note,
    source: sourceOf(row.source),
    stopped_by_cap: row.stopped_by_cap === 1,
    abilities: { can_delete: abilities.can_delete },
  };
}

/** A log presented earlier, as of `now`: a running log's total is the time up to this answer. */
export function timeLogAsOf(log: TimeLog, now: Date): TimeLog {
  if (log.run_status !== TIME_RUN_STATUS.running) return log;
  const total = Math.max(0, Math.floor((now.getTime() - Date.parse(log.start)) / 1000));
  const { hour, minute } = splitSeconds(total);
  return { ...log, total, hour, minute };
}
