import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/**
 * The table engine of the job runner (`jobs/`), used on SQLite; PostgreSQL runs pg-boss in its own schema
 * and leaves these tables empty.
 *
 * - `jobs`: one row per job. `run_at` and `locked_until` are epoch milliseconds (sub-second back-off).
 *   `jobs_due_idx` serves "the next due jobs of these names". `jobs_key_idx` is unique over the jobs not
 *   started yet (`pending` with no attempt), which makes a repeated enqueue with the same key a no-op.
 * - `job_schedules`: one row per recurring job, holding its next due instant; a process fires it by moving
 *   that instant forward with a conditional update, so two processes never both fire one tick.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("jobs"), kind)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("key", "varchar(200)")
    .addColumn("state", "varchar(10)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (col) => col.notNull())
    .addColumn("run_at", "bigint", (col) => col.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("finished_at", TIMESTAMP)
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["state", "name", "run_at"]).execute();
  await db.schema
    .createIndex("jobs_key_idx")
    .on("jobs")
    .columns(["name", "key"])
    .unique()
    .where(sql.ref("key"), "is not", null)
    .where(sql.ref("state"), "=", "pending")
    .where(sql.ref("attempts"), "=", 0)
    .execute();

  await db.schema
    .createTable("job_schedules")
    .addColumn("name", "varchar(100)", (col) => col.primaryKey())
    .addColumn("cron", "varchar(100)", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("next_run_at", "bigint", (col) => col.notNull())
    .execute();
}
