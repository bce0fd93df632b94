import type { Migration } from "kysely";
import type { DatabaseKind } from "./kysely.js";

/** A migration that may write engine-specific SQL: `up` is told whether it runs on SQLite or PostgreSQL. */
export interface EngineMigration {
  up: (db: Parameters<Migration["up"]>[0], kind: DatabaseKind) => Promise<void>;
}
