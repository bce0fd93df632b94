import { sql } from "kysely";
import type { DatabaseHandle } from "./kysely.js";

/**
 * For each table, the tables a delete in it also changes through foreign keys: deleting a department sets
 * its projects' `department_id` to null without a statement naming `projects`. Rows deleted by `on delete
 * cascade` are followed further down; rows only updated (`set null`, `set default`) are not. Read from the
 * database's own catalogue.
 */
export type CascadeMap = ReadonlyMap<string, readonly string[]>;

/** What deleting a parent row does to the rows that reference it. */
type OnDelete = "delete" | "update" | "nothing";

interface ForeignKey {
  child: string;
  parent: string;
  onDelete: OnDelete;
}

const PG_RULES: Record<string, OnDelete> = { c: "delete", n: "update", d: "update" };
const SQLITE_RULES: Record<string, OnDelete> = { CASCADE: "delete", "SET NULL": "update", "SET DEFAULT": "update" };

async function foreignKeys(database: DatabaseHandle): Promise<ForeignKey[]> {
  if (database.kind === "postgres") {
    const { rows } = await sql<{ child: string; parent: string; rule: string }>`
      select c.relname as child, p.relname as parent, k.confdeltype as rule
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())
    `.execute(database.db);
    return rows.map((row) => ({ child: row.child, parent: row.parent, onDelete: PG_RULES[row.rule] ?? "nothing" }));
  }
  const { rows } = await sql<{ child: string; parent: string; rule: string }>`
    select m.name as child, f."table" as parent, f.on_delete as rule
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table'
  `.execute(database.db);
  return rows.map((row) => ({ child: row.child, parent: row.parent, onDelete: SQLITE_RULES[row.rule.toUpperCase()] ?? "nothing" }));
}

/** The tables each table's deletes reach, read once the schema is migrated. */
export async function readCascades(database: DatabaseHandle): Promise<CascadeMap> {
  const direct = new Map<string, ForeignKey[]>();
  for (const key of await foreignKeys(database)) {
    if (key.onDelete === "nothing" || key.child === key.parent) continue;
    direct.set(key.parent, [...(direct.get(key.parent) ?? []), key]);
  }
  const reached = new Map<string, string[]>();
  for (const table of direct.keys()) {
    const changed = new Set<string>();
    const deleted = new Set<string>([table]);
    const deleting = [table];
    while (deleting.length > 0) {
      for (const key of direct.get(deleting.pop() as string) ?? []) {
        if (key.child !== table) changed.add(key.child);
        if (key.onDelete === "delete" && !deleted.has(key.child)) {
          deleted.add(key.child);
          deleting.push(key.child);
        }
      }
    }
    reached.set(table, [...changed].sort());
  }
  return reached;
}
