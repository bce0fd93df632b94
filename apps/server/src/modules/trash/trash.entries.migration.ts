import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * `trash_entries`: what a delete removed, kept for the undo window (see the module's README).
 *
 * - No foreign keys: an entry must outlive the project and the user it names until its purge has deleted
 *   the stored file bytes it holds; with `on delete cascade` a project deleted meanwhile would take the
 *   entry and leave its bytes behind for good.
 * - `trash_entries_expires_idx` serves the sweep that purges expired entries whose job was lost.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("trash_entries"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("user_id", "integer", (col) => col.notNull())
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("record_ids", "text", (col) => col.notNull())
    .addColumn("rows", "text", (col) => col.notNull())
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("blob_keys", "text", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("expires_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("trash_entries_expires_idx").on("trash_entries").column("expires_at").execute();
}
