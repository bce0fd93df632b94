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
 *
 * Where autovacuum is off, nothing marks pages all-visible either: an index-only count (a list's open tasks,
 * a task's comments) then visits the table row by row, and every request gets slower as the project grows
 * (the growth bench showed a fifth lost per minute on PostgreSQL). There the job also vacuums, by
 * autovacuum's rules for dead rows (50 + a fifth of the table) and for inserts (1,000 + a fifth).
 */

/** Rows changed, beyond a tenth of the table, before its statistics are taken again (autovacuum's default). */
export const ANALYZE_THRESHOLD_ROWS = 50;
export const ANALYZE_SCALE = 0.1;

/** Dead rows, and rows inserted, beyond a fifth of the table, before it is vacuumed (autovacuum's defaults). */
export const VACUUM_DEAD_THRESHOLD_ROWS = 50;
export const VACUUM_INSERT_THRESHOLD_ROWS = 1_000;
export const VACUUM_SCALE = 0.2;

/** A table's size and how many of its rows changed since its statistics were taken. */
export interface TableChange {
  table: string;
  liveRows: number;
  changedRows: number;
  /** Since the table was last vacuumed: rows deleted or updated away, and rows inserted. */
  deadRows?: number;
  insertedRows?: number;
}

/** The tables autovacuum would vacuum by its rules. */
export function tablesToVacuum(changes: readonly TableChange[]): string[] {
  return changes
    .filter((change) => {
      const scaled = VACUUM_SCALE * Math.max(change.liveRows, 0);
      return (change.deadRows ?? 0) > VACUUM_DEAD_THRESHOLD_ROWS + scaled || (change.insertedRows ?? 0) > VACUUM_INSERT_THRESHOLD_ROWS + scaled;
    })
    .map((change) => change.table);
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
  const rows = await sql<{ table: string; live_rows: number | string; changed_rows: number | string; dead_rows: number | string; inserted_rows: number | string }>`
    select relname as table, n_live_tup as live_rows, n_mod_since_analyze as changed_rows, n_dead_tup as dead_rows,
      n_ins_since_vacuum as inserted_rows
    from pg_stat_user_tables where schemaname = current_schema()`.execute(db);
  const changes = rows.rows.map((row) => ({
    table: row.table,
    liveRows: Number(row.live_rows),
    changedRows: Number(row.changed_rows),
    deadRows: Number(row.dead_rows),
    insertedRows: Number(row.inserted_rows),
  }));
  const autovacuum = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(db);
  const vacuum = autovacuum.rows[0]?.on ? [] : tablesToVacuum(changes);
  // VACUUM runs outside a transaction, one table at a time; with ANALYZE it also takes the statistics.
  for (const table of vacuum) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const analyse = staleTables(changes).filter((table) => !vacuum.includes(table));
  for (const table of analyse) await sql`analyze ${sql.table(table)}`.execute(db);
  return [...vacuum, ...analyse];
}
