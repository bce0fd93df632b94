import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/**
 * The outbox of domain events (see `src/events/`). A row is written in the transaction of the change it
 * describes, so it exists exactly when the change committed. `events_pending_idx` serves the dispatcher's
 * "what is still to hand out" scan and stays small: dispatched and failed rows leave it.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("events"), kind)
    .addColumn("name", "varchar(60)", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("actor_name", "varchar(200)", (col) => col.notNull().defaultTo(""))
    .addColumn("occurred_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("dispatched_at", TIMESTAMP)
    .addColumn("failed_at", TIMESTAMP)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("lease_until", TIMESTAMP)
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("last_error", "text")
    .execute();
  await sql`create index events_pending_idx on events (next_attempt_at, id) where dispatched_at is null and failed_at is null`.execute(db);
}
