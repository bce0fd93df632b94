import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LoadFigures } from "./load-run.js";
import type { Target } from "./scenario.js";

/** One scenario's row in the table and in latest.json. */
export interface ScenarioResult extends LoadFigures {
  name: string;
  target: Target;
  /** Requests per second relative to the hello-world baseline; null when no baseline ran. */
  ratioToBaseline: number | null;
  /** SQL statements one request ran; null for targets without a database. */
  sqlPerRequest: number | null;
  /** One request at a time: median and 95th percentile, in ms. */
  soloP50Ms: number;
  soloP95Ms: number;
  /** The bench process's highest resident memory during the measured run (the servers run in it), in MiB. */
  rssPeakMiB: number;
}

/** The settings a run used, kept with its figures so two runs can be compared fairly. */
export interface RunSettings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** The growth measure: how many back-to-back runs, how long each, with how many connections. */
  growthMinutes: number;
  growthSeconds: number;
  growthConnections: number;
}

/** Formats the results as a fixed-width table for the terminal. */
export function formatTable(results: ScenarioResult[]): string {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "x hello", "SQL/req", "solo p50", "solo p95", "RSS MiB"];
  const rows = results.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.ratioToBaseline === null ? "-" : r.ratioToBaseline.toFixed(2),
    r.sqlPerRequest === null ? "-" : String(r.sqlPerRequest),
    r.soloP50Ms.toFixed(2),
    r.soloP95Ms.toFixed(2),
    r.rssPeakMiB.toFixed(0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  // The name column reads best left-aligned, the figures right-aligned so their digits line up.
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** Writes the results with the machine they ran on, so figures from different machines are not mixed up. */
export async function writeResults(file: string, results: ScenarioResult[], settings: RunSettings, database: string): Promise<void> {
  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    },
    settings,
    database,
    results,
  };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
