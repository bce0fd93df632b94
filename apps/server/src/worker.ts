import { loadConfig } from "./config.js";
import { startProcess } from "./process.js";

/**
 * `npm run worker`: runs background jobs and schedules alone, without HTTP, beside API-only processes
 * (`PLOTLINE_WORKERS=0`). It builds the same app as main.ts, so handlers reach the same services, but
 * never listens.
 */
async function worker(): Promise<void> {
  const loaded = loadConfig();
  // A worker process that runs no jobs would be pointless: PLOTLINE_WORKERS=0 here means the default.
  const { databaseLabel } = await startProcess({ ...loaded, workers: Math.max(1, loaded.workers) });
  console.log(`\nPlotline worker is running jobs  (database: ${databaseLabel})\n`);
}

worker().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
