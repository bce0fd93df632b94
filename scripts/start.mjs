// `npm start`: builds the web app if needed, then migrates the database and serves app and API.
import { buildWebIfStale, run } from "./lib.mjs";

await buildWebIfStale();
process.exitCode = await run(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"]);
