import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Row, Value } from "./trash.links.js";
import type { TrashEntryRow } from "./trash.tables.js";

/** A new trash entry. */
export type NewTrashEntry = Omit<TrashEntryRow, "id">;

/** How `readRows` narrows a look-up besides the matched columns. */
export interface RowFilter {
  /** A polymorphic link's kind column and value (`commentable_type = 'task'`). */
  type?: { column: string; value: string };
  /** The matched column holds 0 for "none": saying `<> 0` lets SQLite use partial indexes (`parent_id <> 0`). */
  nonZero?: boolean;
  /** Take row locks until the transaction ends (PostgreSQL), so no new row can come to hang on these meanwhile. */
  lock?: boolean;
}

/** Tuples per statement: one parameter each for a single column, a few for composite keys. */
function chunkSize(columns: readonly string[]): number {
  return columns.length === 1 ? 500 : Math.floor(500 / columns.length);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** `col in (...)` for one column, `(a = ? and b = ?) or ...` for several. */
function matching(columns: readonly string[], tuples: ReadonlyArray<readonly Value[]>): RawBuilder<unknown> {
  const [only] = columns;
  if (columns.length === 1 && only !== undefined) return sql`${sql.ref(only)} in (${sql.join(tuples.map((tuple) => tuple[0] ?? null))})`;
  const each = tuples.map((tuple) => sql`(${sql.join(columns.map((column, index) => sql`${sql.ref(column)} = ${tuple[index] ?? null}`), sql` and `)})`);
  return sql`(${sql.join(each, sql` or `)})`;
}

/**
 * The trash's queries: its entries, and rows of any table read, inserted and deleted by column, since a
 * delete reaches whatever the foreign keys and the links of `trash.links.ts` reach. Table and column names
 * come from the database's catalogue and that list, never from a request.
 */
export function trashRepository(db: Kysely<Database>) {
  return {
    /** Rows of `table` whose `columns` hold one of `tuples`, one statement per 500 values. */
    async readRows(table: string, columns: readonly string[], tuples: ReadonlyArray<readonly Value[]>, filter: RowFilter = {}): Promise<Row[]> {
      const rows: Row[] = [];
      for (const chunk of chunks(tuples, chunkSize(columns))) {
        const type = filter.type ? sql` and ${sql.ref(filter.type.column)} = ${filter.type.value}` : sql``;
        const nonZero = filter.nonZero && columns.length === 1 && columns[0] ? sql` and ${sql.ref(columns[0])} <> ${0}` : sql``;
        const lock = filter.lock ? sql` for update` : sql``;
        const result = await sql<Row>`select * from ${sql.table(table)} where ${matching(columns, chunk)}${type}${nonZero}${lock}`.execute(db);
        rows.push(...result.rows);
      }
      return rows;
    },

    /** Which of `tuples` exist as the `columns` of a row of `table`, as JSON keys. */
    async findExisting(table: string, columns: readonly string[], tuples: ReadonlyArray<readonly Value[]>): Promise<Set<string>> {
      const found = new Set<string>();
      for (const chunk of chunks(tuples, chunkSize(columns))) {
        const result = await sql<Row>`select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)} where ${matching(columns, chunk)}`.execute(db);
        for (const row of result.rows) found.add(JSON.stringify(columns.map((column) => row[column] ?? null)));
      }
      return found;
    },

    /** Inserts rows as they were, ids included, in statements of at most about 900 values. */
    async insertRows(table: string, rows: readonly Row[]): Promise<void> {
      const [first] = rows;
      if (!first) return;
      const columns = Object.keys(first);
      for (const chunk of chunks(rows, Math.max(1, Math.floor(900 / columns.length)))) {
        const values = chunk.map((row) => sql`(${sql.join(columns.map((column) => row[column] ?? null))})`);
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(db);
      }
    },

    /** Deletes the rows of `table` whose `columns` hold one of `tuples`; their foreign-key dependants go with them. */
    async deleteRows(table: string, columns: readonly string[], tuples: ReadonlyArray<readonly Value[]>): Promise<void> {
      for (const chunk of chunks(tuples, chunkSize(columns))) {
        await sql`delete from ${sql.table(table)} where ${matching(columns, chunk)}`.execute(db);
      }
    },

    /** Puts back values a delete set to null, where they are still null (a later change is kept). */
    async restoreValues(table: string, key: { columns: readonly string[]; values: readonly Value[] }, set: { columns: readonly string[]; values: readonly Value[] }): Promise<void> {
      const assignments = sql.join(set.columns.map((column, index) => sql`${sql.ref(column)} = ${set.values[index] ?? null}`));
      const stillNull = sql.join(set.columns.map((column) => sql`${sql.ref(column)} is null`), sql` and `);
      await sql`update ${sql.table(table)} set ${assignments} where ${matching(key.columns, [key.values])} and ${stillNull}`.execute(db);
    },

    /** Whether the project exists. */
    async projectExists(projectId: number): Promise<boolean> {
      return (await db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst()) !== undefined;
    },

    insertEntry(entry: NewTrashEntry): Promise<TrashEntryRow> {
      return db.insertInto("trash_entries").values(entry).returningAll().executeTakeFirstOrThrow();
    },

    findEntry(id: number): Promise<TrashEntryRow | undefined> {
      return db.selectFrom("trash_entries").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * Takes a live entry of this user out of the trash, answering it; undefined when it is gone, expired or
     * another user's. The delete is the claim: of a restore and a purge running at once, one gets the row.
     */
    takeLiveEntry(id: number, userId: number, now: string): Promise<TrashEntryRow | undefined> {
      return db.deleteFrom("trash_entries").where("id", "=", id).where("user_id", "=", userId).where("expires_at", ">", now)
        .returningAll().executeTakeFirst();
    },

    /** Takes an expired entry out of the trash, answering it; undefined when it is gone or still live. */
    takeExpiredEntry(id: number, now: string): Promise<TrashEntryRow | undefined> {
      return db.deleteFrom("trash_entries").where("id", "=", id).where("expires_at", "<=", now).returningAll().executeTakeFirst();
    },

    /** The oldest entries expired by `now`, for the sweep. */
    async findExpiredIds(now: string, limit: number): Promise<number[]> {
      const rows = await db.selectFrom("trash_entries").select("id").where("expires_at", "<=", now).orderBy("expires_at").limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /** Moves an entry's expiry (tests: an entry whose window has passed). */
    async setExpiry(id: number, expiresAt: string): Promise<void> {
      await db.updateTable("trash_entries").set({ expires_at: expiresAt }).where("id", "=", id).execute();
    },
  };
}

export type TrashRepository = ReturnType<typeof trashRepository>;
