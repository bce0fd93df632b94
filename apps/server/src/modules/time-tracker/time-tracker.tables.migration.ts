import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Time logs, gone with their task or user.
 *
 * - `time_logs_running_idx` is unique over the running logs' users: one running timer per user, held by the
 *   database even when two requests start timers at once.
 * - `time_logs_task_idx` (task, status, seconds) sums a page of tasks' logged time from the index alone.
 * - `time_logs_user_day_idx` (user, day) reads a timesheet's weeks.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("time_logs"), kind)
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("started_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("stopped_at", TIMESTAMP)
    .addColumn("total_seconds", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("run_status", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("day", DATE, (col) => col.notNull())
    .addColumn("note", "varchar(1000)", (col) => col.notNull().defaultTo(""))
    .addColumn("source", "varchar(10)", (col) => col.notNull())
    .addColumn("stopped_by_cap", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("cap_seen_at", TIMESTAMP)
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await sql`create unique index time_logs_running_idx on time_logs (user_id) where run_status = 1`.execute(db);
  await db.schema.createIndex("time_logs_task_idx").on("time_logs").columns(["task_id", "run_status", "total_seconds"]).execute();
  await db.schema.createIndex("time_logs_user_day_idx").on("time_logs").columns(["user_id", "day"]).execute();
  await db.schema.createIndex("time_logs_project_idx").on("time_logs").column("project_id").execute();
}
