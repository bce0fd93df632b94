import { sql, type Kysely } from "kysely";

/**
 * An index of the private lists alone. Readers without view_private_list see tasks "not in a private
 * list" (privacy/privacy.filters.ts `visibleTasks`): with this partial index that sub-query reads only the
 * private lists, however many lists the site has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("task_lists_private_idx").on("task_lists").column("id").where(sql.ref("privacy"), "<>", 0).execute();
}
