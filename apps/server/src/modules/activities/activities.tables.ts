import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    activities: ActivitiesTable;
    activity_counts: ActivityCountsTable;
  }
}

export interface ActivitiesTable {
  id: Generated<number>;
  project_id: number;
  actor_id: number;
  action: string;
  action_type: string;
  resource_type: string;
  resource_id: number | null;
  /** The record the entry is about (for a comment entry, the record commented on); its scope follows that record's privacy. */
  subject_type: string | null;
  subject_id: number | null;
  /** The view_private_* capability needed to see this entry, or null when anyone in the project may. */
  privacy_scope: string | null;
  /** The sentence as stored; shown as is for entries without a `title` (written before migration 0013). */
  message: string;
  /** JSON text. */
  meta: string;
  committed_at: string;
  /** The record's title when it happened; null before 0013. Entries with one have their sentence rendered when read. */
  title: string | null;
  /** JSON text: the changed fields `[{field, from, to}]`, or null. */
  changes: string | null;
  /** The domain event the entry was written for (unique with `action`), or null. */
  event_id: string | null;
}
export type ActivityRow = Selectable<ActivitiesTable>;

/**
 * How many entries a project's feed holds with this privacy scope ('' for none): kept by triggers on
 * `activities` (migration `activities-counters`), never written by the app.
 */
export interface ActivityCountsTable {
  project_id: number;
  privacy_scope: string;
  count: number;
}
