import type { Kysely } from "kysely";

/** A project's activity counts by privacy scope read from this index alone, however long its history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("activities_project_scope_idx").on("activities").columns(["project_id", "privacy_scope"]).execute();
}
