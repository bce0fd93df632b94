import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "./kysely.js";

/**
 * The planner's statistics, kept fresh as the data grows.
 *
 * Both engines choose a plan from statistics taken at some moment: a project's activities, a list's tasks
 * or a task's comments counted when they were few are planned as few (a sort of every row, where an index
 * walk would read twenty). SQLite takes them when a connection opens (`pragma optimize` in kysely.ts), and
 * only then; PostgreSQL takes them through autovacuum, which is off on some servers. So the app takes them
 * itself, each minute, where a table changed enough since the last time, by the rule autovacuum uses:
 * more than 50 rows plus a tenth of the table. With autovacuum on, it has mostly done so already and this
 * finds nothing to do.
 */

/** Rows changed, beyond a tenth of the table, before its statistics are taken again (autovacuum's default). */
export const ANALYZE_THRESHOLD_ROWS = 50;
export const ANALYZE_SCALE = 0.1;

/** A table's size and how many of its rows changed since its statistics were taken. */
export interface TableChange {
  table: string;
  liveRows: number;
  changedRows: number;
}

/** The tables whose statistics are stale by autovacuum's rule. */
export function staleTables(changes: readonly TableChange[]): string[] {
  return changes
    .filter((change) => change.changedRows > ANALYZE_THRESHOLD_ROWS + ANALYZE_SCALE * Math.max(change.liveRows, 0))
    .map((change) => change.table);
}

/** Takes the statistics of the tables that changed enough since last time; answers the tables analysed. */
export async function refreshStatistics<DB>(db: Kysely<DB>, kind: DatabaseKind): Promise<string[]> {
  if (kind === "sqlite") {
    // SQLite's own check: it analyses only the tables whose statistics are missing or far off.
    await sql`pragma optimize = 0x10002`.execute(db);
    return [];
  }
  const rows = await sql<{ table: string; live_rows: number | string; changed_rows: number | string }>`
    select relname as table, n_live_tup as live_rows, n_mod_since_analyze as changed_rows
    from pg_stat_user_tables where schemaname = current_schema()`.execute(db);
  const tables = staleTables(rows.rows.map((row) => ({ table: row.table, liveRows: Number(row.live_rows), changedRows: Number(row.changed_rows) })));
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
  return tables;
}
