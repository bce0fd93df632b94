import type { DatabaseHandle } from "../db/kysely.js";
import type { JobMap, JobRunner, JobRunnerOptions } from "./job-runner.js";
import { createPgBossRunner } from "./pg-boss-runner.js";
import { createTableRunner } from "./table-runner.js";

/** What the app's runner is built from: the open database, its address, and the runner's options. */
export interface CreateJobRunnerOptions extends JobRunnerOptions {
  database: DatabaseHandle;
  /** The PostgreSQL address pg-boss connects to (it holds its own pool); null on SQLite. */
  databaseUrl: string | null;
  /** Connections pg-boss holds on PostgreSQL. */
  poolSize?: number;
}

/** pg-boss's schema: beside the app's own schema when it has one (each test has its own), else `plotline_jobs`. */
export function jobsSchemaName(pgSchema: string | null): string {
  return pgSchema ? `${pgSchema}_jobs` : "plotline_jobs";
}

/** The engine that fits the database: pg-boss on PostgreSQL, the `jobs` table on SQLite. Nothing runs before `start()`. */
export function createJobRunner<M extends object = JobMap>(options: CreateJobRunnerOptions): JobRunner<M> {
  const { database, databaseUrl, ...runnerOptions } = options;
  if (database.kind === "postgres" && databaseUrl) {
    return createPgBossRunner<M>({ ...runnerOptions, connectionString: databaseUrl, schema: jobsSchemaName(database.pgSchema) });
  }
  return createTableRunner<M>({ ...runnerOptions, db: database.db });
}
