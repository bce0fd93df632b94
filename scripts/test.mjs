// `npm test`: every test. Lint (errors only), type checks, unit tests, the API suite on SQLite, the same API suite on a fresh
// PostgreSQL database, then the browser journeys in Chromium. Ends with one "N passed, N failed" line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWebIfStale, run } from "./lib.mjs";

const isCi = process.env.CI === "true";
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function readCounts(file) {
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

async function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const code = await run(command, args, { env });
  if (code !== 0) failures.push(name);
  return code;
}

async function vitestStep(name, args, env = {}) {
  const report = path.join(os.tmpdir(), `plotline-vitest-${process.pid}-${name.replace(/\W+/g, "-")}.json`);
  fs.rmSync(report, { force: true });
  await step(name, "npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  const counts = readCounts(report);
  if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  else if (!failures.includes(name)) failures.push(name);
  fs.rmSync(report, { force: true });
}

/** Creates a fresh PostgreSQL database for this run, or returns null when no server answers. */
async function createPostgresDatabase() {
  const { default: pg } = await import("pg");
  const base = process.env.PLOTLINE_TEST_PG ?? "postgres://postgres@127.0.0.1:5432/test";
  const candidates = [base, base.replace("postgres@", "root@")];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      const name = `plotline_test_${process.pid}_${Date.now().toString(36)}`;
      await client.query(`create database ${name}`);
      await client.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      return {
        url: target.toString(),
        drop: async () => {
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    } catch {
      await client.end().catch(() => {});
    }
  }
  return null;
}

await step("lint", "npm", ["run", "lint", "--silent"]);
await step("type check", "npm", ["run", "typecheck", "--silent"]);
await vitestStep("unit", ["--project", "unit"]);
await vitestStep("API on SQLite", ["--project", "api"], { DATABASE_URL: "" });

const postgres = await createPostgresDatabase();
if (postgres) {
  try {
    await vitestStep("API on PostgreSQL", ["--project", "api"], { DATABASE_URL: postgres.url });
  } finally {
    await postgres.drop();
  }
} else {
  const banner = "!".repeat(72);
  console.error(`\n${banner}\n  PostgreSQL is not reachable at 127.0.0.1:5432: the API suite did NOT run on PostgreSQL.\n${banner}`);
  if (isCi) failures.push("API on PostgreSQL (no server)");
}

await buildWebIfStale();
await vitestStep("browser journeys", ["--root", "e2e", "--config", "vitest.config.ts"]);

console.log(`\n━━ summary ━━`);
if (failures.length > 0) console.log(`failed steps: ${failures.join(", ")}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exitCode = failures.length > 0 || totals.failed > 0 ? 1 : 0;

