import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Custom fields, their options and the tasks' values, gone with their project, field or task.
 *
 * - Values are typed, one column per kind, so that filters compare numbers as numbers and dates as dates
 *   through an index on (field, value): `custom_field_values_int_idx` (dropdown options, users,
 *   checkboxes, multi-select options), `_number_idx`, `_date_idx`, `_text_idx`, each partial (only the
 *   rows of its kind) and ending with the task, so a filter reads the index alone.
 * - `custom_field_values_task_idx` (task, field) reads a page of tasks' values; `_field_idx` (field, task)
 *   serves the text searches of long texts and URLs and the "has a value" filters.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("custom_fields"), kind)
    .addColumn("project_id", "integer", (col) => col.references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (col) => col.notNull())
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("required", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("default_value", "text")
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("custom_fields_project_idx").on("custom_fields").columns(["project_id", "sort_order"]).execute();

  await withId(db.schema.createTable("custom_field_options"), kind)
    .addColumn("field_id", "integer", (col) => col.notNull().references("custom_fields.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (col) => col.notNull())
    .addColumn("color", "varchar(7)", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("is_default", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("custom_field_options_field_idx").on("custom_field_options").columns(["field_id", "sort_order"]).execute();

  await withId(db.schema.createTable("custom_field_values"), kind)
    .addColumn("field_id", "integer", (col) => col.notNull().references("custom_fields.id").onDelete("cascade"))
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("value_text", "varchar(255)")
    .addColumn("value_long", "text")
    .addColumn("value_number", "double precision")
    .addColumn("value_date", DATE)
    .addColumn("value_int", "integer")
    .execute();
  await db.schema.createIndex("custom_field_values_task_idx").on("custom_field_values").columns(["task_id", "field_id"]).execute();
  await db.schema.createIndex("custom_field_values_field_idx").on("custom_field_values").columns(["field_id", "task_id"]).execute();
  await db.schema.createIndex("custom_field_values_project_idx").on("custom_field_values").column("project_id").execute();
  await sql`create index custom_field_values_int_idx on custom_field_values (field_id, value_int, task_id) where value_int is not null`.execute(db);
  await sql`create index custom_field_values_number_idx on custom_field_values (field_id, value_number, task_id) where value_number is not null`.execute(db);
  await sql`create index custom_field_values_date_idx on custom_field_values (field_id, value_date, task_id) where value_date is not null`.execute(db);
  await sql`create index custom_field_values_text_idx on custom_field_values (field_id, value_text, task_id) where value_text is not null`.execute(db);
}
