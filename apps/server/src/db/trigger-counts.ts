import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "./kysely.js";

/**
 * Counts of a table's rows by a few columns, kept by triggers in the transaction of every write to it, so
 * that reading how many rows a group holds costs a few rows however many there are. Triggers rather than
 * service code: every write path counts (services, bulk statements, copies, the trash putting rows back,
 * cascades of a deleted parent), including the ones written later.
 *
 * On SQLite, which runs one writing transaction at a time, a trigger per row adds or takes away 1 at once.
 *
 * On PostgreSQL, adding to a group's row locks it until commit, and taking those locks in the middle of a
 * transaction would deadlock: one transaction moves a task into a list (locking the list's counts) and then
 * renumbers that list's tasks, while another, which has just completed one of those tasks, waits for the
 * counts. So each statement only notes its changes, summed per group, in `<counts>_changes` (an unlogged
 * table, whose rows never outlive their transaction), and a deferred trigger adds them to the counts when
 * the transaction commits: after every other lock it takes, in one statement, in the key's order. Two
 * committing transactions then lock counts rows in the same order and wait at most for each other's
 * commit. A write that moves no row between groups (a new title) notes nothing.
 *
 * A group that empties keeps its row at 0. The counts table has no foreign keys: the rows of a deleted
 * parent are counted out by the triggers as the cascade removes them.
 */
export interface TriggerCountsSpec {
  /** The counts table to create, e.g. `task_counts`. */
  counts: string;
  /** The table whose rows are counted. */
  source: string;
  /** The counts' key: each column, its type, and its value from a source row (`row` is `new`, `old` or a transition table). */
  key: ReadonlyArray<{ column: string; type: "integer" | "varchar(30)"; of: (row: string) => string }>;
  /** Which source rows count, e.g. top-level tasks only; all when absent. */
  counted?: (row: string) => string;
  /** The source columns whose change may move a row to another group (SQLite's update trigger watches only these). */
  watched: readonly string[];
}

/** Creates the counts table and its triggers, then fills it from the rows already there. */
export async function createTriggerCounts(db: Kysely<unknown>, kind: DatabaseKind, spec: TriggerCountsSpec): Promise<void> {
  let table = db.schema.createTable(spec.counts);
  for (const { column, type } of spec.key) table = table.addColumn(column, type, (col) => col.notNull());
  await table.addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint(`${spec.counts}_pkey`, spec.key.map(({ column }) => column) as never)
    .execute();

  if (kind === "postgres") await postgresTriggers(db, spec);
  else await sqliteTriggers(db, spec);

  const columns = spec.key.map(({ column }) => column).join(", ");
  const values = spec.key.map(({ of }) => of(spec.source)).join(", ");
  await sql.raw(`insert into ${spec.counts} (${columns}, count)
    select ${values}, count(*) from ${spec.source} where ${spec.counted?.(spec.source) ?? "1 = 1"} group by ${values}`).execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>, spec: TriggerCountsSpec): Promise<void> {
  const columns = spec.key.map(({ column }) => column).join(", ");
  const counted = (row: string) => spec.counted?.(row) ?? "1 = 1";
  // `where` before `on conflict`, as SQLite's grammar needs for an upsert from a select.
  const countIn = `insert into ${spec.counts} (${columns}, count)
    select ${spec.key.map(({ of }) => of("new")).join(", ")}, 1 where ${counted("new")}
    on conflict (${columns}) do update set count = count + 1;`;
  const countOut = `update ${spec.counts} set count = count - 1
    where ${counted("old")} and ${spec.key.map(({ column, of }) => `${column} = ${of("old")}`).join(" and ")};`;
  const changed = spec.watched.map((column) => `old.${column} is not new.${column}`).join(" or ");
  const statements = [
    `create trigger ${spec.counts}_ai after insert on ${spec.source} begin ${countIn} end`,
    `create trigger ${spec.counts}_ad after delete on ${spec.source} begin ${countOut} end`,
    `create trigger ${spec.counts}_au after update of ${spec.watched.join(", ")} on ${spec.source} when ${changed}
    begin ${countOut} ${countIn} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, spec: TriggerCountsSpec): Promise<void> {
  const { counts, source } = spec;
  const changes = `${counts}_changes`;
  const columns = spec.key.map(({ column }) => column).join(", ");

  let staging = db.schema.createTable(changes).modifyFront(sql`unlogged`).addColumn("xid", "bigint", (col) => col.notNull());
  for (const { column, type } of spec.key) staging = staging.addColumn(column, type, (col) => col.notNull());
  await staging.addColumn("delta", "integer", (col) => col.notNull()).execute();
  await db.schema.createIndex(`${changes}_xid_idx`).on(changes).column("xid").execute();

  const rowsOf = (alias: string, delta: number) =>
    `select ${spec.key.map(({ column, of }) => `${of(alias)} as ${column}`).join(", ")}, ${delta} as delta
      from ${alias} where ${spec.counted?.(alias) ?? "1 = 1"}`;
  const note = (rows: string) => `insert into ${changes} (xid, ${columns}, delta)
      select txid_current(), ${columns}, sum(delta) from (${rows}) as noted group by ${columns} having sum(delta) <> 0;`;
  const functions: Array<[string, string]> = [
    [`${counts}_note_inserted`, note(rowsOf("added_rows", 1))],
    [`${counts}_note_deleted`, note(rowsOf("removed_rows", -1))],
    [`${counts}_note_updated`, note(`${rowsOf("removed_rows", -1)} union all ${rowsOf("added_rows", 1)}`)],
    // The first of the transaction's deferred calls adds every noted change; the others find none left.
    [`${counts}_apply`, `with applied as (delete from ${changes} where xid = txid_current() returning ${columns}, delta)
      insert into ${counts} (${columns}, count)
      select ${columns}, sum(delta) from applied group by ${columns} having sum(delta) <> 0 order by ${columns}
      on conflict (${columns}) do update set count = ${counts}.count + excluded.count;`],
  ];
  for (const [name, body] of functions) {
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $fn$
    begin
      ${body}
      return null;
    end $fn$`).execute(db);
  }
  // A trigger with transition tables serves one event and names no columns, hence three.
  await sql.raw(`create trigger ${counts}_ai after insert on ${source} referencing new table as added_rows
    for each statement execute function ${counts}_note_inserted()`).execute(db);
  await sql.raw(`create trigger ${counts}_ad after delete on ${source} referencing old table as removed_rows
    for each statement execute function ${counts}_note_deleted()`).execute(db);
  await sql.raw(`create trigger ${counts}_au after update on ${source} referencing old table as removed_rows new table as added_rows
    for each statement execute function ${counts}_note_updated()`).execute(db);
  await sql.raw(`create constraint trigger ${counts}_apply after insert on ${changes} deferrable initially deferred
    for each row execute function ${counts}_apply()`).execute(db);
}
