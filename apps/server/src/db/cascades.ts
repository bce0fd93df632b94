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
export type OnDelete = "delete" | "update" | "nothing";

/** One foreign key, column by column as the catalogue lists them. */
export interface ForeignKey {
  child: string;
  /** The referencing columns of `child`, in the key's order. */
  childColumns: string[];
  parent: string;
  /** The referenced columns of `parent`, matching `childColumns` one for one. */
  parentColumns: string[];
  onDelete: OnDelete;
}

/** The foreign keys and primary keys of the schema, as the trash follows a delete through them. */
export interface SchemaKeys {
  foreignKeys: ForeignKey[];
  /** Each table's primary key columns, in order; tables without one are absent. */
  primaryKeys: ReadonlyMap<string, readonly string[]>;
}

/** A database to read the catalogue of: the app's handle, or a transaction with its engine. */
type CatalogueSource = Pick<DatabaseHandle, "db" | "kind">;

const PG_RULES: Record<string, OnDelete> = { c: "delete", n: "update", d: "update" };
const SQLITE_RULES: Record<string, OnDelete> = { CASCADE: "delete", "SET NULL": "update", "SET DEFAULT": "update" };

/**
 * Every foreign key of the schema with its columns. On SQLite a key written without its parent's columns
 * names the parent's primary key, read from `primaryKeys` when given, else from the catalogue.
 */
export async function readForeignKeys(database: CatalogueSource, primaryKeys?: ReadonlyMap<string, readonly string[]>): Promise<ForeignKey[]> {
  if (database.kind === "postgres") {
    // conkey and confkey list the columns by number in the key's order; `with ordinality` keeps that order.
    const { rows } = await sql<{ child: string; parent: string; rule: string; child_columns: string[]; parent_columns: string[] }>`
      select c.relname as child, p.relname as parent, k.confdeltype as rule,
        array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as child_columns,
        array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
          join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as parent_columns
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())
      order by c.relname, k.conname
    `.execute(database.db);
    return rows.map((row) => ({
      child: row.child, childColumns: row.child_columns, parent: row.parent, parentColumns: row.parent_columns, onDelete: PG_RULES[row.rule] ?? "nothing",
    }));
  }
  // One row per column of each key (`id` numbers the key, `seq` the column within it).
  const { rows } = await sql<{ child: string; key: number; parent: string; from: string; to: string | null; rule: string }>`
    select m.name as child, f.id as key, f."table" as parent, f."from" as "from", f."to" as "to", f.on_delete as rule
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table'
    order by m.name, f.id, f.seq
  `.execute(database.db);
  const keys = new Map<string, ForeignKey>();
  const parentKeys = primaryKeys ?? (rows.some((row) => row.to === null) ? await readPrimaryKeys(database) : new Map<string, readonly string[]>());
  for (const row of rows) {
    const name = `${row.child}:${row.key}`;
    const key = keys.get(name) ?? { child: row.child, childColumns: [], parent: row.parent, parentColumns: [], onDelete: SQLITE_RULES[row.rule.toUpperCase()] ?? "nothing" };
    key.childColumns.push(row.from);
    // `references users` without a column means the parent's primary key.
    key.parentColumns.push(row.to ?? parentKeys.get(row.parent)?.[key.parentColumns.length] ?? "rowid");
    keys.set(name, key);
  }
  return [...keys.values()];
}

/** Each table's primary key columns, in order. */
export async function readPrimaryKeys(database: CatalogueSource): Promise<Map<string, readonly string[]>> {
  const { rows } = database.kind === "postgres"
    ? await sql<{ table_name: string; column_name: string }>`
        select c.relname as table_name, a.attname::text as column_name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        order by c.relname, array_position(i.indkey::int2[], a.attnum)
      `.execute(database.db)
    : await sql<{ table_name: string; column_name: string }>`
        select m.name as table_name, p.name as column_name
        from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and p.pk > 0
        order by m.name, p.pk
      `.execute(database.db);
  const keys = new Map<string, string[]>();
  for (const row of rows) keys.set(row.table_name, [...(keys.get(row.table_name) ?? []), row.column_name]);
  return keys;
}

/** The foreign keys and primary keys of the schema, read together. */
export async function readSchemaKeys(database: CatalogueSource): Promise<SchemaKeys> {
  const primaryKeys = await readPrimaryKeys(database);
  return { foreignKeys: await readForeignKeys(database, primaryKeys), primaryKeys };
}

/** The tables each table's deletes reach, read once the schema is migrated. */
export async function readCascades(database: DatabaseHandle): Promise<CascadeMap> {
  const direct = new Map<string, ForeignKey[]>();
  for (const key of await readForeignKeys(database)) {
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
