import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/**
 * Activities become structured rows whose sentence is written when read, in the reader's language
 * (modules/activities/activity-sentences.ts), and say what changed instead of "updated the task".
 *
 * - `title`: the record's title when it happened, quoted by the sentence. Null on entries written before
 *   this migration: those have no structure to render from and are shown with their stored `message`, so
 *   their text stays exactly as it was.
 * - `changes`: JSON text, the changed fields `[{field, from, to}]` of an update or a move; null for none.
 * - `event_id`: the domain event the entry was written for. Events are delivered at least once, so
 *   `activities_event_idx` makes a second delivery write nothing. One event may give several entries (a move
 *   and a completion in one update), which differ by `action`. Null on older entries, and nulls never clash.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  await db.schema.alterTable("activities").addColumn("title", "text").execute();
  await db.schema.alterTable("activities").addColumn("changes", "text").execute();
  await db.schema.alterTable("activities").addColumn("event_id", "varchar(64)").execute();
  await db.schema.createIndex("activities_event_idx").unique().on("activities").columns(["event_id", "action"]).execute();
}
