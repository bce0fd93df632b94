import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/**
 * Project files (the Pro `files` module): folders, docs, links, uploads and revisions in one table, so that
 * a folder lists its contents with one query.
 *
 * - `parent_id`: the folder (0 for the project's root); for a revision, the doc or link it revises. Not a
 *   foreign key because 0 means "root".
 * - `storage_key` / `thumb_key`: where an upload's bytes and its thumbnail live in the storage driver.
 * - `project_files_parent_idx` serves folder listings; `project_files_type_idx` the folder lists and search.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("project_files"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("url", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("privacy", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("original_name", "varchar(255)", (col) => col.notNull().defaultTo(""))
    .addColumn("mime_type", "varchar(150)", (col) => col.notNull().defaultTo(""))
    .addColumn("size_bytes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("storage_key", "varchar(500)")
    .addColumn("thumb_key", "varchar(500)")
    .addColumn("created_by", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("project_files_parent_idx").on("project_files").columns(["project_id", "parent_id"]).execute();
  await db.schema.createIndex("project_files_type_idx").on("project_files").columns(["project_id", "type"]).execute();
}
