import type { ForeignKey, SchemaKeys } from "../../db/cascades.js";
import { AppError, say } from "../../lib/app-error.js";
import { nounOf, SOFT_LINKS, type Row, type Value } from "./trash.links.js";
import type { TrashRepository } from "./trash.repository.js";
import { identityOf, restoreOrder, type RowGroup, type TrashSnapshot } from "./trash.snapshot.js";

/** 409: a record the kept rows hang on is gone, so they cannot come back. */
function recordGone(noun: string, tuple: readonly Value[]): AppError {
  return new AppError("conflict", say("trash.record_gone", { record: noun, id: tuple.map(String).join("/") }));
}

const tupleKey = (tuple: readonly Value[]): string => JSON.stringify(tuple);

/**
 * Which referenced rows exist in the database, asked once per table, columns and value. The answers hold
 * for the whole restore: it runs in one transaction and writes only rows that were gone.
 */
function existenceCache(repository: TrashRepository) {
  const known = new Map<string, boolean>();
  const id = (table: string, columns: readonly string[], tuple: readonly Value[]) => `${table}|${columns.join(",")}|${tupleKey(tuple)}`;
  return {
    /** Looks up every tuple not asked before, one statement per table and columns. */
    async ask(table: string, columns: readonly string[], tuples: ReadonlyArray<readonly Value[]>): Promise<void> {
      const fresh = tuples.filter((tuple) => !known.has(id(table, columns, tuple)));
      if (fresh.length === 0) return;
      const found = await repository.findExisting(table, columns, fresh);
      for (const tuple of fresh) known.set(id(table, columns, tuple), found.has(tupleKey(tuple)));
    },
    exists(table: string, columns: readonly string[], tuple: readonly Value[]): boolean {
      return known.get(id(table, columns, tuple)) ?? false;
    },
  };
}

/** The values of `columns` in every kept row of each table, to tell whether a reference points into the snapshot. */
function snapshotIndex(groups: readonly RowGroup[]) {
  const cache = new Map<string, Set<string>>();
  return (table: string, columns: readonly string[], tuple: readonly Value[]): boolean => {
    const name = `${table}|${columns.join(",")}`;
    let values = cache.get(name);
    if (!values) {
      values = new Set(groups.filter((group) => group.table === table).flatMap((group) => group.rows.map((row) => tupleKey(columns.map((column) => row[column] ?? null)))));
      cache.set(name, values);
    }
    return values.has(tupleKey(tuple));
  };
}

function referenceOf(row: Row, key: ForeignKey): Value[] | null {
  const tuple = key.childColumns.map((column) => row[column] ?? null);
  return tuple.some((value) => value === null) ? null : tuple;
}

/**
 * Checks that everything the kept rows reference is there, in the snapshot or in the database, and answers
 * the rows to insert. A reference to a gone row is, by its foreign key's rule:
 * - `set null`: put back as null, as the database would have done had the row been there;
 * - `cascade`, from a row that came with another one (an assignee whose user was deleted since): the row is
 *   left out, as the database would have deleted it;
 * - otherwise (a task's list, a comment's task, the project): a 409 naming the missing record.
 * Roots are also checked against the links without foreign keys (a comment's task, a sub-task's parent, a
 * file's folder). Nothing is written before every check passed.
 */
async function checkedGroups(repository: TrashRepository, keys: SchemaKeys, snapshot: TrashSnapshot): Promise<RowGroup[]> {
  const inDatabase = existenceCache(repository);
  let groups = snapshot.groups.map((group) => ({ ...group, rows: group.rows.map((row) => ({ ...row })) }));
  // Leaving a row out may leave its own dependants without it: check again until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    const inSnapshot = snapshotIndex(groups);
    for (const key of keys.foreignKeys) {
      const outside = groups.filter((group) => group.table === key.child).flatMap((group) => group.rows)
        .map((row) => referenceOf(row, key)).filter((tuple): tuple is Value[] => tuple !== null && !inSnapshot(key.parent, key.parentColumns, tuple));
      await inDatabase.ask(key.parent, key.parentColumns, outside);
    }
    groups = groups.map((group) => {
      const rows = group.rows.filter((row) => {
        for (const key of keys.foreignKeys) {
          if (key.child !== group.table) continue;
          const tuple = referenceOf(row, key);
          if (tuple === null || inSnapshot(key.parent, key.parentColumns, tuple) || inDatabase.exists(key.parent, key.parentColumns, tuple)) continue;
          if (key.onDelete === "update") {
            for (const column of key.childColumns) row[column] = null;
          } else if (key.onDelete === "delete" && group.reach === "cascade") {
            changed = true;
            return false;
          } else {
            throw recordGone(nounOf(key.parent), tuple);
          }
        }
        return true;
      });
      return { ...group, rows };
    });
  }
  const inSnapshot = snapshotIndex(groups);
  for (const group of groups) {
    if (group.reach !== "root") continue;
    for (const link of SOFT_LINKS) {
      if (link.child !== group.table) continue;
      const parents = group.rows
        .filter((row) => !link.type || row[link.type.column] === link.type.value)
        .map((row) => [row[link.column] ?? null])
        .filter((tuple) => tuple[0] !== null && tuple[0] !== 0 && !inSnapshot(link.parent, ["id"], tuple));
      await inDatabase.ask(link.parent, ["id"], parents);
      const missing = parents.find((tuple) => !inDatabase.exists(link.parent, ["id"], tuple));
      if (missing) throw recordGone(link.noun, missing);
    }
  }
  return groups;
}

/** Compares identities: numbers as numbers, so that id 10 comes after id 9. */
function compareTuples(a: readonly Value[], b: readonly Value[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] ?? null;
    const y = b[index] ?? null;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/**
 * Writes a snapshot back, inside the caller's transaction: checks what it hangs on (a 409 writes nothing),
 * inserts the rows with their ids, parents first and each table's rows by id (a task before its
 * sub-tasks, a folder before what it holds), then puts back the references the delete set to null.
 */
export async function restoreSnapshot(repository: TrashRepository, keys: SchemaKeys, snapshot: TrashSnapshot): Promise<void> {
  const groups = await checkedGroups(repository, keys, snapshot);
  for (const table of restoreOrder(groups.map((group) => group.table), keys)) {
    const rows = groups.filter((group) => group.table === table).flatMap((group) => group.rows);
    const [first] = rows;
    if (!first) continue;
    const identity = identityOf(keys, table, first);
    const sorted = [...rows].sort((a, b) => compareTuples(identity.map((column) => a[column] ?? null), identity.map((column) => b[column] ?? null)));
    await repository.insertRows(table, sorted);
  }
  for (const reference of snapshot.nulled) await repository.restoreValues(reference.table, reference.key, reference.set);
}
