import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/**
 * What the host used to provide around the project manager:
 *
 * - `site_pages`: the front-end pages (paths) the site offers; the `front_end_page` setting picks one, and
 *   the app is served without admin chrome at its path. `path` is unique.
 * - `site_files`: uploads that belong to the site rather than to a project (the logo), stored through the
 *   same storage driver as project files.
 * - `departments` and `department_users`: the workforce-management integration's departments and their
 *   people; `projects.department_id` is the department chosen on the project form (null = none), set to
 *   null when the department is deleted.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("site_pages"), kind)
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("path", "varchar(100)", (col) => col.notNull().unique())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("site_files"), kind)
    .addColumn("original_name", "varchar(255)", (col) => col.notNull())
    .addColumn("mime_type", "varchar(150)", (col) => col.notNull())
    .addColumn("size_bytes", "integer", (col) => col.notNull())
    .addColumn("storage_key", "varchar(500)", (col) => col.notNull())
    .addColumn("thumb_key", "varchar(500)")
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("departments"), kind)
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("department_users")
    .addColumn("department_id", "integer", (col) => col.notNull().references("departments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("department_users_pk", ["department_id", "user_id"])
    .execute();
  await db.schema.createIndex("department_users_user_idx").on("department_users").column("user_id").execute();

  await db.schema
    .alterTable("projects")
    .addColumn("department_id", "integer", (col) => col.references("departments.id").onDelete("set null"))
    .execute();
}
