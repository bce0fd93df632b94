import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/kysely.js";
import { migrateToLatest } from "../apps/server/src/db/migrate.js";
import { seedLoad } from "./lib/load-data.js";

// `npm run seed:load -- --projects 50 --tasks 100000`: fills the configured database (DATABASE_URL or
// $PLOTLINE_DATA/plotline.db) with generated projects and tasks for load tests.
const { values } = parseArgs({
  options: { projects: { type: "string", default: "50" }, tasks: { type: "string", default: "100000" }, users: { type: "string" } },
});
const projects = Number(values.projects);
const tasks = Number(values.tasks);
if (!Number.isInteger(projects) || projects < 1 || !Number.isInteger(tasks) || tasks < 0) {
  console.error("Usage: npm run seed:load -- --projects <n ≥ 1> --tasks <n ≥ 0> [--users <n>]");
  process.exit(1);
}
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: path.join(config.dataDir, "plotline.db") });
await migrateToLatest(database);
const started = Date.now();
const firstManager = await database.db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirst();
const result = await seedLoad(database.db, { projects, tasks, users: values.users ? Number(values.users) : undefined, managerId: firstManager?.id });
await database.destroy();
console.log(`Generated ${result.projectIds.length} projects, ${result.userIds.length} users and ${result.taskCount} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
