import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Sprints, the projects they span, the tasks they hold and their scope history.
 *
 * - `sprint_tasks_one_open_idx` (unique, partial: open rows only) is what finally holds a task to one open
 *   sprint: two sprints adding the same task at the same moment on PostgreSQL both pass the service's check,
 *   and the second insert breaks this index (a 409). Both engines take partial unique indexes.
 * - A task's rows go with it (`on delete cascade`), so the trash keeps them with the deleted task and an undo
 *   puts them back. Its history in `sprint_events` has no foreign key on the task or project and stays.
 * - `sprint_events_sprint_idx` (sprint, time, id) reads a sprint's history in replay order;
 *   `sprint_events_task_idx` finds the sprints a deleted task's history is in; the unique
 *   `sprint_events_source_idx` makes a subscriber's write happen once per domain event (nulls never clash).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("sprints"), kind)
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("goal", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("status", "varchar(12)", (col) => col.notNull())
    .addColumn("start_at", DATE, (col) => col.notNull())
    .addColumn("due_date", DATE, (col) => col.notNull())
    .addColumn("started_at", TIMESTAMP)
    .addColumn("started_day", DATE)
    .addColumn("completed_at", TIMESTAMP)
    .addColumn("completed_day", DATE)
    .addColumn("carried_over_to", "integer", (col) => col.references("sprints.id").onDelete("set null"))
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sprints_status_idx").on("sprints").columns(["status", "start_at", "id"]).execute();

  await db.schema.createTable("sprint_projects")
    .addColumn("sprint_id", "integer", (col) => col.notNull().references("sprints.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("sprint_projects_pk", ["sprint_id", "project_id"])
    .execute();
  await db.schema.createIndex("sprint_projects_project_idx").on("sprint_projects").columns(["project_id", "sprint_id"]).execute();

  await db.schema.createTable("sprint_tasks")
    .addColumn("sprint_id", "integer", (col) => col.notNull().references("sprints.id").onDelete("cascade"))
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("is_open", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("final_status", "integer")
    .addColumn("final_estimation", "integer")
    .addColumn("added_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("added_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("sprint_tasks_pk", ["sprint_id", "task_id"])
    .execute();
  await sql`create unique index sprint_tasks_one_open_idx on sprint_tasks (task_id) where is_open = 1`.execute(db);
  await db.schema.createIndex("sprint_tasks_task_idx").on("sprint_tasks").columns(["task_id", "sprint_id"]).execute();

  await withId(db.schema.createTable("sprint_events"), kind)
    .addColumn("sprint_id", "integer", (col) => col.notNull().references("sprints.id").onDelete("cascade"))
    .addColumn("task_id", "integer", (col) => col.notNull())
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("day", DATE, (col) => col.notNull())
    .addColumn("estimation", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("complete", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("privacy_scope", "varchar(40)")
    .addColumn("at", TIMESTAMP, (col) => col.notNull())
    .addColumn("source_event_id", "integer")
    .execute();
  await db.schema.createIndex("sprint_events_sprint_idx").on("sprint_events").columns(["sprint_id", "at", "id"]).execute();
  await db.schema.createIndex("sprint_events_task_idx").on("sprint_events").columns(["task_id", "sprint_id"]).execute();
  await db.schema.createIndex("sprint_events_source_idx").on("sprint_events").columns(["source_event_id", "sprint_id", "task_id"]).unique().execute();
}
