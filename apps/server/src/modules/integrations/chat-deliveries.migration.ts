import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * The chat integration's delivery log (types in chat-deliveries.tables.ts); its setting lives in
 * `project_settings` (key `slack`).
 *
 * - `integration_deliveries_project_idx` (project, id) reads a project's newest deliveries and finds those
 *   past the newest 50 to prune; the rows go with their project.
 * - `integration_deliveries_due_idx` (status, next_try_at) serves the sweep that finds unfinished deliveries
 *   whose job was lost.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("integration_deliveries"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("channel", "varchar(20)", (col) => col.notNull())
    .addColumn("event", "varchar(20)", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("status", "varchar(10)", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "varchar(600)")
    .addColumn("next_try_at", TIMESTAMP)
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("delivered_at", TIMESTAMP)
    .execute();
  await db.schema.createIndex("integration_deliveries_project_idx").on("integration_deliveries").columns(["project_id", "id"]).execute();
  await db.schema.createIndex("integration_deliveries_due_idx").on("integration_deliveries").columns(["status", "next_try_at"]).execute();
}
