import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../src/db/kysely.js";
import { TIMESTAMP, withId } from "../../src/db/migrations/helpers.js";

/** The toy module's table: notes of a project, gone with the project. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("toy_notes"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("toy_notes_project_idx").on("toy_notes").column("project_id").execute();
}
