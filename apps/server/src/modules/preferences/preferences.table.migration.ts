import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP } from "../../db/migrations/helpers.js";

/**
 * `user_preferences`: one row per user who changed a personal format, keyed by the user (so reading one
 * user's is a primary-key look-up) and gone with the account. Plain columns rather than one JSON value: each
 * is checked by the API's schema, and both engines store and compare them the same way.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("date_format", "varchar(20)", (col) => col.notNull())
    .addColumn("time_zone", "varchar(64)", (col) => col.notNull())
    .addColumn("color_scheme", "varchar(10)", (col) => col.notNull())
    .addColumn("relative_dates", "integer", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
}
