import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/kysely.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { startJobRunner } from "../../apps/server/src/jobs/job-runner.js";
import type { DatabaseHandle } from "../../apps/server/src/db/kysely.js";
import type { Teardown } from "./teardown.js";

/** Counts SQL statements; runs read and reset it around a single request. */
export interface QueryCounter {
  count: number;
  /** Requests the server has received and not yet answered. */
  inFlight: number;
}

/** The real Plotline server, listening on loopback, on a fresh SQLite database or PostgreSQL schema. */
export interface PlotlineServer {
  origin: string;
  queries: QueryCounter;
  /** The server's database, for seeds that write bulk data straight to the tables. */
  database: DatabaseHandle;
}

/**
 * Creates a fresh schema in the PostgreSQL database of `BENCH_DATABASE_URL` and drops it on teardown, so
 * the benchmark never writes into tables someone uses.
 */
async function freshPostgresSchema(databaseUrl: string, teardown: Teardown): Promise<string> {
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  await runStatement(databaseUrl, `create schema ${schema}`);
  teardown.add(() => dropSchema(databaseUrl, schema));
  return schema;
}

async function runStatement(databaseUrl: string, statement: string): Promise<void> {
  const admin = openDatabase({ databaseUrl, sqlitePath: "", poolSize: 1 });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.destroy();
  }
}

function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  return runStatement(databaseUrl, `drop schema if exists ${schema} cascade`);
}

/**
 * Migrates a fresh database (SQLite in a temporary folder, or a new schema on the PostgreSQL server of
 * `BENCH_DATABASE_URL`) and serves the full app on a free loopback port. Every step registers its undo on
 * `teardown` as soon as it has succeeded. `webDistDir` also serves that web build at `/`; `environment` adds
 * settings (as environment variables); `runJobs` starts the background jobs, which the load scenarios leave
 * waiting so that they measure the requests alone.
 */
export async function startPlotline(
  teardown: Teardown,
  options: { webDistDir?: string; environment?: Record<string, string>; runJobs?: boolean } = {},
): Promise<PlotlineServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "plotline-bench-"));
  teardown.add(() => fs.rm(dataDir, { recursive: true, force: true }));

  // An explicit environment, not process.env: a DATABASE_URL or PLOTLINE_DATA of the shell must not
  // send the benchmark's writes to a real database.
  // The web build is served only where a measure loads pages, so the API scenarios run as before.
  const databaseUrl = process.env.BENCH_DATABASE_URL?.startsWith("postgres") ? process.env.BENCH_DATABASE_URL : null;
  const pgSchema = databaseUrl ? await freshPostgresSchema(databaseUrl, teardown) : undefined;
  // Jobs go where production puts them: pg-boss on PostgreSQL, in `<schema>_jobs`, dropped at the end too.
  if (databaseUrl) teardown.add(() => dropSchema(databaseUrl, `${pgSchema}_jobs`));
  const config = loadConfig({
    PLOTLINE_LOG: "off",
    PLOTLINE_WEB_DIST: options.webDistDir ?? "",
    PLOTLINE_DATA: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...options.environment,
  });
  const queries: QueryCounter = { count: 0, inFlight: 0 };
  const database = openDatabase({
    databaseUrl,
    pgSchema,
    sqlitePath: path.join(dataDir, "plotline.db"),
    onQuery: () => {
      queries.count += 1;
    },
  });
  teardown.add(() => database.destroy());
  await migrateToLatest(database);

  const app = await buildApp({ config, database });
  teardown.add(() => app.close());
  if (options.runJobs) await startJobRunner(app.jobs, app.modules);
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  // A load run's last requests are still being answered after its clients closed; the next measure waits for them.
  app.server.on("request", (_request, response) => {
    queries.inFlight += 1;
    response.once("close", () => {
      queries.inFlight -= 1;
    });
  });
  return { origin, queries, database };
}
