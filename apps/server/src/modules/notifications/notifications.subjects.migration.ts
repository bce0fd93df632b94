import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Entries about more than tasks: a mention in a comment on a list, a milestone, a discussion or a file.
 *
 * - `subject_type`, `subject_id`: the record the entry is about, by the comments' kind names (`task`,
 *   `task_list`, `milestone`, `discussion_board`, `file`); every entry written before is about a task.
 * - `task_id` becomes nullable: it is set for task entries only, where its foreign key still takes the
 *   entries with the task. The other kinds have no foreign key; an entry whose record is gone is hidden
 *   when read and swept by the daily job.
 * - `notifications_subject_idx (subject_type, subject_id)` serves that sweep, and the partial
 *   `notifications_other_idx (user_id, id)`, holding only the entries about anything but a task, lets the
 *   Inbox count those few apart from the task entries without reading every row of the user again.
 *
 * PostgreSQL alters the column in place. SQLite cannot drop a NOT NULL, so the table is built again under
 * a new name, filled, and renamed; its indexes are made again (no table refers to `notifications`).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind === "postgres") {
    await sql`alter table notifications alter column task_id drop not null`.execute(db);
    await sql`alter table notifications add column subject_type varchar(20) not null default 'task'`.execute(db);
    await sql`alter table notifications add column subject_id integer`.execute(db);
    await sql`update notifications set subject_id = task_id`.execute(db);
    await sql`alter table notifications alter column subject_id set not null`.execute(db);
  } else {
    await withId(db.schema.createTable("notifications_next"), kind)
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("type", "varchar(20)", (col) => col.notNull())
      .addColumn("subject_type", "varchar(20)", (col) => col.notNull().defaultTo("task"))
      .addColumn("subject_id", "integer", (col) => col.notNull())
      .addColumn("task_id", "integer", (col) => col.references("tasks.id").onDelete("cascade"))
      .addColumn("actor_id", "integer")
      .addColumn("comment_id", "integer")
      .addColumn("source_key", "varchar(80)", (col) => col.notNull())
      .addColumn("excerpt", "varchar(200)")
      .addColumn("due_on", DATE)
      .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
      .addColumn("read_at", TIMESTAMP)
      .execute();
    await sql`insert into notifications_next
      (id, user_id, type, subject_type, subject_id, task_id, actor_id, comment_id, source_key, excerpt, due_on, created_at, read_at)
      select id, user_id, type, 'task', task_id, task_id, actor_id, comment_id, source_key, excerpt, due_on, created_at, read_at
      from notifications`.execute(db);
    await db.schema.dropTable("notifications").execute();
    await sql`alter table notifications_next rename to notifications`.execute(db);
    await db.schema.createIndex("notifications_user_source_idx").on("notifications").columns(["user_id", "source_key"]).unique().execute();
    await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
    await sql`create index notifications_unread_idx on notifications (user_id, id) where read_at is null`.execute(db);
    await db.schema.createIndex("notifications_task_idx").on("notifications").column("task_id").execute();
  }
  await db.schema.createIndex("notifications_subject_idx").on("notifications").columns(["subject_type", "subject_id"]).execute();
  await sql`create index notifications_other_idx on notifications (user_id, id) where subject_type <> 'task'`.execute(db);
}
