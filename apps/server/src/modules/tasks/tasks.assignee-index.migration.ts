import type { Kysely } from "kysely";

/**
 * A user's tasks newest first across every project (My Tasks, `GET pm/v2/tasks?users=`) read from this
 * index in order: the index by user and project gave no order by task, so PostgreSQL walked the assignees'
 * primary key backwards through every user's rows to find one user's first page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("task_assignees_user_task_idx").on("task_assignees").columns(["user_id", "task_id"]).execute();
}
