import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../apps/server/src/db/schema.js";

/** Rows per insert statement. */
const BATCH = 500;

/** Writes task rows straight to the table, 500 a statement, and answers their ids in the rows' order. */
export async function insertTasks(db: Kysely<Database>, rows: ReadonlyArray<Insertable<Database["tasks"]>>): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < rows.length; offset += BATCH) {
    const inserted = await db.insertInto("tasks").values(rows.slice(offset, offset + BATCH)).returning("id").execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Assigns every other task of `ids` (the first, the third...) to `userId`, 500 a statement. */
export async function assignEveryOther(db: Kysely<Database>, ids: readonly number[], userId: number, projectId: number, at: string): Promise<void> {
  const assigned = ids.filter((_, index) => index % 2 === 0).map((id) => ({ task_id: id, user_id: userId, project_id: projectId, assigned_at: at }));
  for (let offset = 0; offset < assigned.length; offset += BATCH) await db.insertInto("task_assignees").values(assigned.slice(offset, offset + BATCH)).execute();
}
