import type { Kysely } from "kysely";

/**
 * A project's task counts by list, privacy and status read from this index alone: each project page counts
 * every task of the project, and reading the rows made that count slow down as the project grew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_project_counts_idx").on("tasks").columns(["project_id", "parent_id", "task_list_id", "privacy", "status"]).execute();
}
