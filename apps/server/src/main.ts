import { loadConfig } from "./config.js";
import { startProcess } from "./process.js";

/** Reads the configuration, opens and migrates the database, and serves until stopped. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Jobs run in this process unless PLOTLINE_WORKERS=0 (an API-only process; `npm run worker` runs them).
  const { app, databaseLabel } = await startProcess(config);
  // Events a process left undispatched (it stopped after commit) or whose subscriber failed are retried from here.
  await app.ctx.events.start();

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  console.log(`\nPlotline is running at ${url}  (database: ${databaseLabel})\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
