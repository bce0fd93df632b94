import type { CreateTableBuilder } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/** Adds an auto-increment integer primary key `id` in the engine's own way. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DatabaseKind): CreateTableBuilder<T, "id"> {
  return kind === "postgres"
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

/** Type of a UTC timestamp column: text `YYYY-MM-DD HH:MM:SS` on both engines (see db/README.md). */
export const TIMESTAMP = "varchar(19)";

/** Type of a calendar date column: text `YYYY-MM-DD`. */
export const DATE = "varchar(10)";
