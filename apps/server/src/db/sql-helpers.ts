import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./schema.js";

/** Escapes LIKE wildcards so that a search for "50%" means the text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(column) LIKE '%text%'` with wildcards escaped, written so that SQLite and PostgreSQL read it the
 * same way (SQLite needs the ESCAPE clause; PostgreSQL accepts it).
 */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Largest number of ids bound in one `IN (...)` list. SQLite (32,766 variables) and PostgreSQL (65,535
 * parameters) cap a statement's parameters, and very long lists also plan badly; 500 stays far below both.
 */
export const IN_LIST_CHUNK = 500;

/** Splits ids, without repeats, into groups of at most `IN_LIST_CHUNK`. */
export function chunkIds(ids: Iterable<number>, size = IN_LIST_CHUNK): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let start = 0; start < unique.length; start += size) chunks.push(unique.slice(start, start + size));
  return chunks;
}

/**
 * Runs a look-up by ids one chunk of `IN_LIST_CHUNK` at a time and joins the rows, so that a long list of
 * ids never exceeds an engine's parameter limit. Chunks run one after another: a pooled PostgreSQL
 * connection (or a transaction) serves them in turn instead of each taking its own. No ids, no query.
 */
export async function inChunks<T>(ids: Iterable<number>, lookUp: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunkIds(ids)) rows.push(...(await lookUp(chunk)));
  return rows;
}

/**
 * Sets `sort_order` of many rows of an ordered table from `{ id, index }` pairs: one `CASE` update per
 * `IN_LIST_CHUNK` rows.
 */
export async function setSortOrders(
  db: Kysely<Database>,
  table: "tasks" | "task_lists",
  orders: ReadonlyArray<{ id: number; index: number }>,
): Promise<void> {
  for (let start = 0; start < orders.length; start += IN_LIST_CHUNK) {
    const chunk = orders.slice(start, start + IN_LIST_CHUNK);
    const cases = sql.join(chunk.map((order) => sql`when ${order.id} then ${order.index}`), sql` `);
    await db
      .updateTable(table)
      .set({ sort_order: sql<number>`case id ${cases} else sort_order end` })
      .where("id", "in", chunk.map((order) => order.id))
      .execute();
  }
}
