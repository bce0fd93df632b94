import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/kysely.js";
import { migrateToLatest } from "./db/migrate.js";
import { startJobRunner } from "./jobs/job-runner.js";
import { describeMailTransport } from "./mail/mail-transport.js";
import { memorySharedState, redisSharedState } from "./shared/shared-state.js";

/** A running Plotline process: the app, and where its data lives, for the start-up line. */
export interface PlotlineProcess {
  app: FastifyInstance;
  /** The SQLite file's path, or "PostgreSQL". */
  databaseLabel: string;
}

/**
 * What the API process (main.ts) and the worker (worker.ts) share: opens and migrates the database, builds
 * the app, starts the jobs this process runs (none while PLOTLINE_WORKERS=0) and stops it all cleanly on
 * SIGINT or SIGTERM, after the running jobs finish.
 */
export async function startProcess(config: Config): Promise<PlotlineProcess> {
  const sqlitePath = path.join(config.dataDir, "plotline.db");
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath });
  await migrateToLatest(database);
  const shared = config.redisUrl ? await redisSharedState(config.redisUrl) : memorySharedState();
  const app = await buildApp({ config, database, shared });
  await app.ready();
  await startJobRunner(app.jobs, app.modules);
  // Without SMTP_URL mail only lands in files: worth one line at start, so nobody waits for a mail that was never sent.
  console.log(describeMailTransport(config));

  const stop = async () => {
    // Closing the app stops the job runner too, after the running jobs finish.
    await app.close();
    await shared.close();
    await database.destroy();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { app, databaseLabel: database.kind === "sqlite" ? sqlitePath : "PostgreSQL" };
}
