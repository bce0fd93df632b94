import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase as KyselySqliteDatabase } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";
import { registerSqliteFunctions } from "./sqlite-functions.js";
import { watchWrites, type WriteWatch } from "./write-watch.js";

/** Which engine a database runs on. */
export type DatabaseKind = "sqlite" | "postgres";

/** An open database: the query builder, its engine, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The PostgreSQL schema worked in, when not the default one. */
  pgSchema: string | null;
  /** Which tables each committed change wrote: what read caches listen to (db/write-watch.ts). */
  writes: WriteWatch;
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
  /** Called with every SQL statement run and its duration, for query counting in tests and benchmarks. */
  onQuery?: (sql: string, durationMs: number) => void;
}

/** Opens SQLite (WAL, foreign keys, busy timeout) or a PostgreSQL pool, behind one Kysely instance. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const kind: DatabaseKind = options.databaseUrl?.startsWith("postgres") ? "postgres" : "sqlite";
  const { dialect, watch } = watchWrites(kind === "postgres" ? postgresDialect(options) : sqliteDialect(options.sqlitePath));
  const db = new Kysely<Database>({
    dialect,
    log: options.onQuery
      ? (event) => {
          if (event.level === "query") options.onQuery?.(event.query.sql, event.queryDurationMillis);
        }
      : undefined,
  });
  return { db, kind, pgSchema: kind === "postgres" ? (options.pgSchema ?? null) : null, writes: watch, destroy: () => db.destroy() };
}

function sqliteDialect(file: string): Dialect {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  // Refreshes the planner's statistics where they are missing or stale, as SQLite advises at open.
  database.pragma("optimize = 0x10002");
  // The search index's triggers call these; a connection without them could not write a task.
  registerSqliteFunctions(database);
  return new SqliteDialect({ database: withStatementCache(database) });
}

// Kysely prepares every statement anew; better-sqlite3 statements are reusable, and preparing is a large
// share of a small query's cost. The builder emits the same SQL text for the same query shape, so a
// bounded cache by text serves nearly every request.
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-inserting keeps the map in least-recently-used order.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? "");
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Planner settings of every PostgreSQL connection. `random_page_cost` 1.1 instead of the default 4, which
 * prices a random read for a spinning disk: with that price the planner counted one user's 1,000 tasks
 * among 100,000 by reading the whole tasks table (19 ms) rather than looking each up by key (1.8 ms). On
 * SSDs, and whenever the working set is cached, 1.1 is the usual value.
 */
const PLANNER_SETTINGS = ["random_page_cost=1.1"];

function postgresDialect(options: OpenDatabaseOptions): Dialect {
  const settings = [...PLANNER_SETTINGS, ...(options.pgSchema ? [`search_path=${options.pgSchema}`] : [])];
  const pool = new pg.Pool({
    connectionString: options.databaseUrl ?? undefined,
    max: options.poolSize ?? 10,
    options: settings.map((setting) => `-c ${setting}`).join(" "),
  });
  return new PostgresDialect({ pool });
}
