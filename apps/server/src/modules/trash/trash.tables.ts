import type { Generated, Selectable } from "kysely";

/**
 * The trash (migration `trash.entries`): one row per delete that can be undone, holding every row the
 * delete removed until the entry is restored or purged.
 */
export interface TrashEntriesTable {
  id: Generated<number>;
  /** The project the deleted records were in. Not a foreign key: the entry outlives it until its purge (see README). */
  project_id: number;
  /** Who deleted, the only one who may undo. Not a foreign key, for the same reason. */
  user_id: number;
  /** `task`, `tasks`, `task_list`, `comment` or `file` (contracts' `TRASH_KINDS`). */
  kind: string;
  /** JSON: the ids the delete named, answered by the restore. */
  record_ids: string;
  /** JSON: the removed rows per table and the references the delete set to null (`TrashSnapshot`). */
  rows: string;
  /** JSON: the `*.restored` events to record when the entry is restored. */
  events: string;
  /** JSON: the storage keys of the removed uploads, deleted by the purge. */
  blob_keys: string;
  /** When the delete was made (UTC text). */
  created_at: string;
  /** Until when the entry may be restored (UTC text); the purge job runs then. */
  expires_at: string;
}
export type TrashEntryRow = Selectable<TrashEntriesTable>;

declare module "../../db/schema.js" {
  interface Database {
    trash_entries: TrashEntriesTable;
  }
}
