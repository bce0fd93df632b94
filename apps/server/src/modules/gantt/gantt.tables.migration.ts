import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * The Gantt chart's links. Both ends are tasks (`on delete cascade`: deleting a task deletes its links,
 * and the trash keeps them with it for undo); the project goes with its links too. `(source, target)` is
 * unique, which also serves the reads by source; `gantt_links_target_idx` serves the reads by target and
 * the cascade of a task's deletion; `gantt_links_project_idx` reads a project's links at once.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("gantt_links"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("source", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("target", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("type", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lag", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("creator", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint("gantt_links_source_target_key", ["source", "target"])
    .execute();
  await db.schema.createIndex("gantt_links_target_idx").on("gantt_links").column("target").execute();
  await db.schema.createIndex("gantt_links_project_idx").on("gantt_links").column("project_id").execute();
}
