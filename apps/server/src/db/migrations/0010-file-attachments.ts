import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/**
 * Attachments: files uploaded to a discussion, a task, a comment or a doc are `pro_file` rows of
 * `project_files` that name what holds them.
 *
 * - `fileable_type`: `discussion_board`, `task`, `task_list`, `comment`, or `file` (a doc or link of the
 *   files area); null for the items of the files tree itself.
 * - `fileable_id`: the id of that record. Not a foreign key, since it points into several tables; the
 *   services remove attachments with their record.
 * - `project_files_fileable_idx` serves "the attachments of these records" and the counts.
 *
 * Attachments keep `parent_id` 0 and `privacy` 0: who may see one follows the record that holds it.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema.alterTable("project_files").addColumn("fileable_type", "varchar(30)").execute();
  await db.schema.alterTable("project_files").addColumn("fileable_id", "integer").execute();
  await db.schema.createIndex("project_files_fileable_idx").on("project_files").columns(["fileable_type", "fileable_id"]).execute();
}
