import type { SchemaKeys } from "../../db/cascades.js";
import { SOFT_LINKS, type Row, type Value } from "./trash.links.js";
import type { TrashRepository } from "./trash.repository.js";

/**
 * How a kept row was reached: named by the delete (`root`), through a link without a foreign key that the
 * delete follows by hand (`link`: a task's comments, a comment's attachments), or through an `on delete
 * cascade` foreign key (`cascade`: a task's assignees, its Inbox entries).
 */
export type Reach = "root" | "link" | "cascade";

/** Rows of one table reached one way. A table may have several groups. */
export interface RowGroup {
  table: string;
  reach: Reach;
  rows: Row[];
}

/** A reference the delete set to null (`on delete set null`), to put back on restore. */
export interface NulledReference {
  table: string;
  /** Columns and values that find the row again: its primary key. */
  key: { columns: string[]; values: Value[] };
  /** The columns set to null and the values they held. */
  set: { columns: string[]; values: Value[] };
}

/** Everything one delete removed, as stored in a trash entry's `rows`. */
export interface TrashSnapshot {
  groups: RowGroup[];
  nulled: NulledReference[];
}

/** The columns that tell one row of a table from another: its primary key, or every column without one. */
export function identityOf(keys: SchemaKeys, table: string, row: Row): string[] {
  return [...(keys.primaryKeys.get(table) ?? Object.keys(row))];
}

function rowKey(columns: readonly string[], row: Row): string {
  return JSON.stringify(columns.map((column) => row[column] ?? null));
}

/** Distinct tuples of the columns, leaving out those with a null (a null references nothing). */
function tuplesOf(rows: readonly Row[], columns: readonly string[]): Value[][] {
  const seen = new Map<string, Value[]>();
  for (const row of rows) {
    const tuple = columns.map((column) => row[column] ?? null);
    if (tuple.some((value) => value === null)) continue;
    seen.set(JSON.stringify(tuple), tuple);
  }
  return [...seen.values()];
}

/**
 * Reads every row a delete of `roots` (ids by table) removes: the roots, what hangs on them through links
 * without foreign keys, and what `on delete cascade` takes, level by level, each row once; and the rows
 * whose references `on delete set null` clears. One statement per table reached and 500 ids per level.
 */
export async function collectDeleted(
  repository: TrashRepository,
  keys: SchemaKeys,
  roots: Readonly<Record<string, readonly number[]>>,
  options: { lock: boolean },
): Promise<TrashSnapshot> {
  const seen = new Map<string, Set<string>>();
  const groups: RowGroup[] = [];
  const queue: RowGroup[] = [];
  // References cleared by `set null`, with the cleared row's identity: kept unless that row is deleted too.
  const nulled: Array<{ identity: string; reference: NulledReference }> = [];

  function keep(table: string, reach: Reach, rows: readonly Row[]): void {
    const known = seen.get(table) ?? new Set<string>();
    seen.set(table, known);
    const fresh = rows.filter((row) => {
      const key = rowKey(identityOf(keys, table, row), row);
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    if (fresh.length === 0) return;
    const group = { table, reach, rows: fresh };
    groups.push(group);
    queue.push(group);
  }

  for (const [table, ids] of Object.entries(roots)) {
    keep(table, "root", await repository.readRows(table, ["id"], ids.map((id) => [id]), { lock: options.lock }));
  }
  for (let group = queue.shift(); group; group = queue.shift()) {
    const { table, rows } = group;
    for (const key of keys.foreignKeys) {
      if (key.parent !== table || key.onDelete === "nothing") continue;
      const children = await repository.readRows(key.child, key.childColumns, tuplesOf(rows, key.parentColumns), { lock: options.lock });
      if (key.onDelete === "delete") {
        keep(key.child, "cascade", children);
        continue;
      }
      for (const child of children) {
        // Found again by its primary key; without one, by its other columns (the cleared ones will have changed).
        const identity = (keys.primaryKeys.get(key.child) ?? Object.keys(child)).filter((column) => !key.childColumns.includes(column));
        nulled.push({
          identity: rowKey(identityOf(keys, key.child, child), child),
          reference: {
            table: key.child,
            key: { columns: identity, values: identity.map((column) => child[column] ?? null) },
            set: { columns: key.childColumns, values: key.childColumns.map((column) => child[column] ?? null) },
          },
        });
      }
    }
    for (const link of SOFT_LINKS) {
      if (link.parent !== table) continue;
      const parents = link.parentAccepts ? rows.filter(link.parentAccepts) : rows;
      const ids = tuplesOf(parents, ["id"]);
      if (ids.length === 0) continue;
      keep(link.child, "link", await repository.readRows(link.child, [link.column], ids, { type: link.type, nonZero: true, lock: options.lock }));
    }
  }
  // A row that is itself deleted needs none of its references put back.
  const kept = nulled.filter(({ identity, reference }) => !seen.get(reference.table)?.has(identity)).map(({ reference }) => reference);
  return { groups, nulled: kept };
}

/**
 * The order rows go back in: a table after every table it references by foreign key, and (where that
 * makes no circle) after the records its links hang on, so that a comment is inserted after its task and
 * the search index's trigger finds the task's list. Ties go by name, so the order is the same every time.
 */
export function restoreOrder(tables: Iterable<string>, keys: SchemaKeys): string[] {
  const present = new Set(tables);
  const after = new Map<string, Set<string>>([...present].map((table) => [table, new Set<string>()]));
  const reaches = (from: string, to: string): boolean => {
    const stack = [from];
    const visited = new Set<string>();
    for (let table = stack.pop(); table !== undefined; table = stack.pop()) {
      if (table === to) return true;
      if (visited.has(table)) continue;
      visited.add(table);
      stack.push(...(after.get(table) ?? []));
    }
    return false;
  };
  const edges = [
    ...keys.foreignKeys.map((key) => ({ child: key.child, parent: key.parent })),
    ...SOFT_LINKS.map((link) => ({ child: link.child, parent: link.parent })),
  ];
  for (const { child, parent } of edges) {
    if (child === parent || !present.has(child) || !present.has(parent)) continue;
    // `after` maps a table to the tables that must come before it; an edge that would close a circle is left out.
    if (!reaches(parent, child)) after.get(child)?.add(parent);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < present.size) {
    const ready = [...present].filter((table) => !placed.has(table) && [...(after.get(table) ?? [])].every((parent) => placed.has(parent))).sort();
    const next = ready[0];
    if (next === undefined) break;
    order.push(next);
    placed.add(next);
  }
  return order;
}

/**
 * Deletes what `collectDeleted` read: the rows named by the delete and those reached by links, children
 * first; the foreign keys take the rest (the very rows read, inside the same transaction).
 */
export async function removeCollected(repository: TrashRepository, keys: SchemaKeys, snapshot: TrashSnapshot): Promise<void> {
  const order = restoreOrder(snapshot.groups.map((group) => group.table), keys).reverse();
  for (const table of order) {
    for (const group of snapshot.groups) {
      if (group.table !== table || group.reach === "cascade") continue;
      const [first] = group.rows;
      if (!first) continue;
      const identity = identityOf(keys, table, first);
      await repository.deleteRows(table, identity, group.rows.map((row) => identity.map((column) => row[column] ?? null)));
    }
  }
}
