import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * The Inbox and task following.
 *
 * - `notifications`: a user's entries, gone with the user or the task. `(user_id, source_key)` is unique, so
 *   an event delivered twice (or a due-date run repeated) writes one entry; with `user_id` first it also
 *   serves deleting a user's rows. `notifications_user_idx` (user, id) reads a user's newest entries in
 *   order, and `notifications_unread_idx` holds only unread rows, so the bell's count reads only those.
 *   `notifications_task_idx` serves the cascade when a task is deleted.
 * - `task_followers`: who follows which task; the primary key (task, user) lists a task's followers and
 *   `task_followers_user_idx` serves the cascade when a user is deleted.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("notifications"), kind)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("actor_id", "integer")
    .addColumn("comment_id", "integer")
    .addColumn("source_key", "varchar(80)", (col) => col.notNull())
    .addColumn("excerpt", "varchar(200)")
    .addColumn("due_on", DATE)
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("read_at", TIMESTAMP)
    .execute();
  await db.schema.createIndex("notifications_user_source_idx").on("notifications").columns(["user_id", "source_key"]).unique().execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
  await sql`create index notifications_unread_idx on notifications (user_id, id) where read_at is null`.execute(db);
  await db.schema.createIndex("notifications_task_idx").on("notifications").column("task_id").execute();

  await db.schema
    .createTable("task_followers")
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("task_followers_pk", ["task_id", "user_id"])
    .execute();
  await db.schema.createIndex("task_followers_user_idx").on("task_followers").columns(["user_id", "task_id"]).execute();
}
