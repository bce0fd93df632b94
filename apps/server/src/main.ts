import path from "node:path";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/kysely.js";
import { migrateToLatest } from "./db/migrate.js";
import { memorySharedState, redisSharedState } from "./shared/shared-state.js";

/** Reads the configuration, opens and migrates the database, and serves until stopped. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: path.join(config.dataDir, "plotline.db") });
  await migrateToLatest(database);
  const shared = config.redisUrl ? await redisSharedState(config.redisUrl) : memorySharedState();
  const app = await buildApp({ config, database, shared });

  const prune = setInterval(() => void app.services.auth.pruneSessions().catch((error) => app.log.error(error)), 3600_000);
  prune.unref();

  const stop = async () => {
    clearInterval(prune);
    await app.close();
    await shared.close();
    await database.destroy();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  console.log(`\nPlotline is running at ${url}  (database: ${database.kind === "sqlite" ? path.join(config.dataDir, "plotline.db") : "PostgreSQL"})\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
