import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/**
 * Task labels (project settings, Label tab):
 *
 * - `labels`: a project's labels; deleted with the project.
 * - `task_labels`: which labels a task carries; a row goes with its task or its label. `project_id` is copied
 *   from the task so that a project's label uses can be read (and copied) without joining tasks. The primary
 *   key (task, label) serves "labels of these tasks"; `task_labels_label_idx` serves a label's tasks.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("labels"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("color", "varchar(20)", (col) => col.notNull())
    .addColumn("created_by", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("labels_project_idx").on("labels").column("project_id").execute();

  await db.schema
    .createTable("task_labels")
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("label_id", "integer", (col) => col.notNull().references("labels.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_labels_pk", ["task_id", "label_id"])
    .execute();
  await db.schema.createIndex("task_labels_label_idx").on("task_labels").column("label_id").execute();
}
