import type { Kysely } from "kysely";

/**
 * The tasks of a list by position. A new task goes after the list's last one: with this index finding
 * the last position reads one entry, where the list page's index (which leads with status and privacy)
 * made it read every task of the list, slower the longer the list grew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_list_order_idx").on("tasks").columns(["task_list_id", "sort_order"]).execute();
}
