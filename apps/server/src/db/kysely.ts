import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

/** Which engine a database runs on. */
export type DatabaseKind = "sqlite" | "postgres";

/** An open database: the query builder, its engine, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  destroy: () => Promise<void>;
}

/** Options for opening a database. */
export interface OpenDatabaseOptions {
  /** `postgres://...` for PostgreSQL; null for SQLite. */
  databaseUrl: string | null;
  /** SQLite file path, or ":memory:". Used when databaseUrl is null. */
  sqlitePath: string;
  /** Largest number of PostgreSQL connections this process holds. */
  poolSize?: number;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  /** Called with every SQL statement run, for query counting in tests and benchmarks. */
  onQuery?: (sql: string) => void;
}

/** Opens SQLite (WAL, foreign keys, busy timeout) or a PostgreSQL pool, behind one Kysely instance. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const kind: DatabaseKind = options.databaseUrl?.startsWith("postgres") ? "postgres" : "sqlite";
  const dialect = kind === "postgres" ? postgresDialect(options) : sqliteDialect(options.sqlitePath);
  const db = new Kysely<Database>({
    dialect,
    log: options.onQuery
      ? (event) => {
          if (event.level === "query") options.onQuery?.(event.query.sql);
        }
      : undefined,
  });
  return { db, kind, destroy: () => db.destroy() };
}

function sqliteDialect(file: string): Dialect {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return new SqliteDialect({ database });
}

function postgresDialect(options: OpenDatabaseOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl ?? undefined,
    max: options.poolSize ?? 10,
    ...(options.pgSchema && { options: `-c search_path=${options.pgSchema}` }),
  });
  return new PostgresDialect({ pool });
}
