import path from "node:path";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/kysely.js";
import { migrateToLatest } from "../db/migrate.js";
import { PASSWORD, PEOPLE, seedDemo } from "./demo-data.js";

// `npm run seed:demo`: the demo data of demo-data.ts, on an empty database.

async function main(): Promise<void> {
  const config = { ...loadConfig(), logRequests: false, webDistDir: null };
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: path.join(config.dataDir, "plotline.db") });
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  try {
    await seedDemo(app);
    console.log(`
Demo ready. Start Plotline with the same settings (npm start) and sign in with password "${PASSWORD}" as:
  ${PEOPLE.ana.email.padEnd(22)} site manager
  ${PEOPLE.ben.email.padEnd(22)} co-worker
  ${PEOPLE.chloe.email.padEnd(22)} co-worker
  ${PEOPLE.dana.email.padEnd(22)} client (does not see private items)
`);
  } finally {
    await app.close();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
