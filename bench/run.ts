import path from "node:path";
import { createBenchContext } from "./lib/bench-context.js";
import { startBaseline } from "./lib/baseline-server.js";
import { measureScenario, type TargetServer } from "./lib/measure-scenario.js";
import { startPlotline } from "./lib/plotline-server.js";
import { formatTable, writeResults, type ScenarioResult } from "./lib/report.js";
import { readSettings } from "./lib/settings.js";
import { createSiteManagerToken } from "./lib/site-manager.js";
import type { Scenario, Target } from "./lib/scenario.js";
import { createTeardown } from "./lib/teardown.js";
import { formatGrowth, measureGrowth } from "./lib/growth-run.js";
import { formatWebWeights, measureWebWeight } from "./lib/web-weight.js";
import { formatKanbanBoard, measureKanbanBoard } from "./lib/web-kanban.js";
import { formatGanttChart, measureGanttChart } from "./lib/web-gantt.js";
import { formatChatDelivery, measureChatDelivery } from "./lib/chat-delivery.js";
import { formatReportExports, measureReportExports } from "./lib/report-exports.js";
import { SCENARIOS } from "./scenarios/index.js";

const RESULTS_FILE = path.join(import.meta.dirname, "results", "latest.json");

/** Starts both servers, runs every scenario in order, prints the table and writes latest.json. */
async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const teardown = createTeardown();
  try {
    const baseline = await startBaseline(teardown);
    const plotline = await startPlotline(teardown);
    const ctx = createBenchContext(plotline.origin, await createSiteManagerToken(plotline.origin), plotline.database);
    const targets: Record<Target, TargetServer> = {
      baseline: { origin: baseline.origin, queries: null },
      plotline: { origin: plotline.origin, queries: plotline.queries },
    };

    console.log(`Database: ${plotline.database.kind === "postgres" ? "PostgreSQL (BENCH_DATABASE_URL)" : "SQLite"}`);
    console.log(`Load: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per scenario\n`);
    const results: ScenarioResult[] = [];
    for (const scenario of selectScenarios(SCENARIOS, process.argv.slice(2))) {
      console.log(`  ${scenario.name} ...`);
      const measured = await measureScenario(scenario, ctx, targets[scenario.target], settings);
      results.push({ name: scenario.name, target: scenario.target, ratioToBaseline: null, ...measured });
    }

    const baselineRate = results.find((result) => result.target === "baseline")?.requestsPerSecond;
    for (const result of results) result.ratioToBaseline = baselineRate ? result.requestsPerSecond / baselineRate : null;

    console.log(`\n${formatTable(results)}\n`);
    await writeResults(RESULTS_FILE, results, settings, plotline.database.kind);
    console.log(`Written to ${path.relative(process.cwd(), RESULTS_FILE)}`);

    if (wantsMeasure("growth", process.argv.slice(2))) {
      const { growthMinutes, growthSeconds, growthConnections } = settings;
      console.log(`\nGrowth: ${growthMinutes} runs of ${growthSeconds} s of a co-worker's mixed load (${growthConnections} connections) on a fresh 1,000-task project:`);
      const minutes = await measureGrowth(teardown, { minutes: growthMinutes, seconds: growthSeconds, connections: growthConnections });
      console.log(formatGrowth(minutes));
    }

    if (wantsMeasure("exports", process.argv.slice(2))) {
      console.log("\nReport exports on 100,000 tasks (streamed CSV, PDF built in a worker while another client is served):");
      console.log(formatReportExports(await measureReportExports(ctx)));
    }

    if (wantsMeasure("chat", process.argv.slice(2))) {
      console.log("\nChat deliveries: enqueue to delivery on a fresh Plotline running its jobs:");
      console.log(formatChatDelivery(await measureChatDelivery(teardown)));
    }

    if (wantsMeasure("web", process.argv.slice(2))) {
      console.log("\nJavaScript each page loads (cold cache, the served web build):");
      const weights = await measureWebWeight(teardown);
      console.log(weights ? formatWebWeights(weights) : "  skipped: no web build in apps/web/dist (npm run build)");
      console.log("\nThe Kanban board in Chromium (10,000 cards, 2,000 in the measured column; the served web build):");
      const board = await measureKanbanBoard(teardown);
      console.log(board ? formatKanbanBoard(board) : "  skipped: no web build in apps/web/dist (npm run build)");
      console.log("\nThe Gantt chart in Chromium (5,000 tasks, 5,000 links; the served web build):");
      const chart = await measureGanttChart(teardown);
      console.log(chart ? formatGanttChart(chart) : "  skipped: no web build in apps/web/dist (npm run build)");
    }
  } finally {
    await teardown.run();
  }
}

/**
 * `npm run bench -- search calendar` runs the scenarios whose names contain one of the words (ignoring
 * case), plus the baseline that every ratio needs; no words, every scenario.
 */
function selectScenarios(scenarios: readonly Scenario[], words: readonly string[]): Scenario[] {
  const filters = words.map((word) => word.toLowerCase()).filter((word) => word.length > 0);
  if (filters.length === 0) return [...scenarios];
  return scenarios.filter((scenario) => scenario.target === "baseline" || filters.some((word) => scenario.name.toLowerCase().includes(word)));
}

/** The page-weight, growth, export and chat-delivery measures run with every scenario, or alone when a word of the selection names them. */
function wantsMeasure(name: "web" | "growth" | "chat" | "exports", words: readonly string[]): boolean {
  const filters = words.map((word) => word.toLowerCase()).filter((word) => word.length > 0);
  return filters.length === 0 || filters.includes(name);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `\nBenchmark failed: ${error.message}` : error);
  // exitCode, not exit(): the teardown has already run and the process ends by itself.
  process.exitCode = 1;
});
