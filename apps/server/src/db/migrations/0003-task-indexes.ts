import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/**
 * Indexes behind the task listings (see modules/tasks/README.md), replacing three of 0002's.
 *
 * - `tasks_list_page_idx`: each list's page of tasks is numbered with ROW_NUMBER() over (list, status,
 *   privacy, parent, position, id); with all of them in one index the numbering and the per-list counts
 *   never read a table row. Replaces (list, status, position).
 * - `tasks_project_scope_idx`: the counts of `GET pm/v2/tasks` for readers limited by privacy, from the
 *   index alone, with the due-date comparison as a range.
 * - `tasks_due_status_idx`: open tasks due before a day across every project (site managers, reports).
 *   Replaces (due_date), which it extends.
 * - `tasks_subtask_idx`: sub-tasks of a parent, partial so that it holds sub-tasks only. Nearly every task
 *   has parent 0, and a full index on parent_id lured SQLite (before ANALYZE has run) into walking every
 *   task through it for the top-level listings' `parent_id = 0`. Queries for sub-tasks say
 *   `parent_id <> 0` as well, which SQLite needs to pick a partial index.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema.dropIndex("tasks_list_idx").execute();
  await db.schema
    .createIndex("tasks_list_page_idx")
    .on("tasks")
    .columns(["task_list_id", "status", "privacy", "parent_id", "sort_order", "id"])
    .execute();
  await db.schema
    .createIndex("tasks_project_scope_idx")
    .on("tasks")
    .columns(["project_id", "status", "privacy", "parent_id", "due_date", "task_list_id"])
    .execute();
  await db.schema.dropIndex("tasks_due_idx").execute();
  await db.schema.createIndex("tasks_due_status_idx").on("tasks").columns(["due_date", "status", "parent_id"]).execute();
  await db.schema.dropIndex("tasks_parent_idx").execute();
  await db.schema.createIndex("tasks_subtask_idx").on("tasks").columns(["parent_id", "sort_order"]).where("parent_id", "<>", 0).execute();
}
