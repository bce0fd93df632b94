import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/kysely.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import type { DatabaseHandle } from "../../apps/server/src/db/kysely.js";
import type { Teardown } from "./teardown.js";

/** Counts SQL statements; runs read and reset it around a single request. */
export interface QueryCounter {
  count: number;
}

/** The real Plotline server, listening on loopback, on a fresh SQLite database. */
export interface PlotlineServer {
  origin: string;
  queries: QueryCounter;
  /** The server's database, for seeds that write bulk data straight to the tables. */
  database: DatabaseHandle;
}

/**
 * Seeds a fresh SQLite database in a temporary folder, migrates it and serves the full app on a free
 * loopback port. Every step registers its undo on `teardown` as soon as it has succeeded.
 */
export async function startPlotline(teardown: Teardown): Promise<PlotlineServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "plotline-bench-"));
  teardown.add(() => fs.rm(dataDir, { recursive: true, force: true }));

  // An explicit environment, not process.env: a DATABASE_URL or PLOTLINE_DATA of the shell must not
  // send the benchmark's writes to a real database.
  const config = loadConfig({ PLOTLINE_LOG: "off", PLOTLINE_WEB_DIST: "", PLOTLINE_DATA: dataDir });
  const queries: QueryCounter = { count: 0 };
  const database = openDatabase({
    databaseUrl: null,
    sqlitePath: path.join(dataDir, "plotline.db"),
    onQuery: () => {
      queries.count += 1;
    },
  });
  teardown.add(() => database.destroy());
  await migrateToLatest(database);

  const app = await buildApp({ config, database });
  teardown.add(() => app.close());
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return { origin, queries, database };
}
