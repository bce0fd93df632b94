import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { createTriggerCounts } from "../../db/trigger-counts.js";

/**
 * `task_counts`: how many top-level tasks each list holds, by the task's privacy flag and status, kept by
 * triggers on `tasks` in the transaction of every write (db/trigger-counts.ts): a task created, deleted,
 * completed or reopened, made private or public, moved to another list or project, made a sub-task or a
 * task again, put back from the trash, copied, or removed with its list or project. A project's task counts
 * and each list's open and done totals are read from these few rows; counting the tasks themselves cost
 * more with every task the project gained (the growth bench, issue 13).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await createTriggerCounts(db, kind, {
    counts: "task_counts",
    source: "tasks",
    key: ["project_id", "task_list_id", "privacy", "status"].map((column) => ({ column, type: "integer" as const, of: (row: string) => `${row}.${column}` })),
    counted: (row) => `${row}.parent_id = 0`,
    watched: ["project_id", "task_list_id", "parent_id", "privacy", "status"],
  });
  // The open and done totals of a page of lists.
  await db.schema.createIndex("task_counts_list_idx").on("task_counts").columns(["task_list_id", "status"]).execute();
}
