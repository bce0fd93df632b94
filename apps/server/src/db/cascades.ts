import { sql } from "kysely";
import type { DatabaseHandle } from "./kysely.js";

/**
 * For each table, the tables a delete in it also changes through foreign keys (`on delete cascade`, `set
 * null` or `set default`), followed through every level: deleting a department sets its projects'
 * `department_id` to null without a statement naming `projects`. Read from the database's own catalogue.
 */
export type CascadeMap = ReadonlyMap<string, readonly string[]>;

interface ForeignKey {
  child: string;
  parent: string;
  /** Whether deleting the parent row changes the child row (cascade, set null, set default). */
  changesChild: boolean;
}

async function foreignKeys(database: DatabaseHandle): Promise<ForeignKey[]> {
  if (database.kind === "postgres") {
    const { rows } = await sql<{ child: string; parent: string; rule: string }>`
      select c.relname as child, p.relname as parent, k.confdeltype as rule
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())
    `.execute(database.db);
    return rows.map((row) => ({ child: row.child, parent: row.parent, changesChild: ["c", "n", "d"].includes(row.rule) }));
  }
  const { rows } = await sql<{ child: string; parent: string; rule: string }>`
    select m.name as child, f."table" as parent, f.on_delete as rule
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table'
  `.execute(database.db);
  return rows.map((row) => ({ child: row.child, parent: row.parent, changesChild: ["CASCADE", "SET NULL", "SET DEFAULT"].includes(row.rule.toUpperCase()) }));
}

/** The tables each table's deletes reach, read once the schema is migrated. */
export async function readCascades(database: DatabaseHandle): Promise<CascadeMap> {
  const direct = new Map<string, Set<string>>();
  for (const key of await foreignKeys(database)) {
    if (!key.changesChild || key.child === key.parent) continue;
    const children = direct.get(key.parent) ?? new Set<string>();
    children.add(key.child);
    direct.set(key.parent, children);
  }
  const reached = new Map<string, string[]>();
  for (const table of direct.keys()) {
    const seen = new Set<string>();
    const pending = [...(direct.get(table) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop() as string;
      if (seen.has(next) || next === table) continue;
      seen.add(next);
      pending.push(...(direct.get(next) ?? []));
    }
    reached.set(table, [...seen].sort());
  }
  return reached;
}
