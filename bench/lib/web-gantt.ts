import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { seedGantt } from "../scenarios/gantt.js";
import { createBenchContext } from "./bench-context.js";
import { heapUsed, launchBrowser, median, slowest } from "./browser.js";
import { startPlotline } from "./plotline-server.js";
import { createSiteManagerToken, SITE_MANAGER_LOGIN } from "./site-manager.js";
import type { Teardown } from "./teardown.js";
import { WEB_DIST } from "./web-weight.js";

/** Issue 17's budgets: the 5,000-bar chart drawn under 1.5 s after navigation, a drag done under 150 ms. */
export const GANTT_BUDGETS = { drawnMs: 1500, dragMs: 150 } as const;

/** Page loads and drags measured; the median and the slowest are reported. */
const LOADS = 5;
const DRAGS = 10;
/** One day at the chart's day zoom, in pixels (GANTT_SCALES.day.cellWidth in the web app). */
const DAY_PX = 34;
/** A drag moves a bar three days later. */
const DRAG_PX = DAY_PX * 3;

/** What the measure found. */
export interface GanttMeasure {
  /** A fresh tab opening the chart's address: navigation to the bars on screen. */
  drawnMs: number[];
  /** Drop of a bar three days later to the server's 200 for its update. */
  dragMs: number[];
  /** Bars in the DOM once drawn (the widget draws the rows in view). */
  barsInDom: number;
  heapBytes: number;
}

/**
 * Watches the page from its first script: when the first bar is on screen (the frame after it is added),
 * when a drop happened, and when the task update's answer came, with its status.
 */
const PROBE = `(() => {
  const probe = { drawn: null, drop: null, answered: null, status: null, watch: false };
  window.__ganttProbe = probe;
  new MutationObserver(() => {
    if (probe.drawn === null && document.querySelector(".wx-bar[data-id]")) {
      probe.drawn = -1;
      requestAnimationFrame(() => { probe.drawn = performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true });
  window.addEventListener("mouseup", () => { if (probe.watch) probe.drop = performance.now(); }, true);
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await fetch0(...args);
    if (probe.watch && /\\/tasks\\/\\d+\\/update$/.test(String(args[0]))) { probe.answered = performance.now(); probe.status = response.status; }
    return response;
  };
})();`;

interface Probe {
  drawn: number | null;
  drop: number | null;
  answered: number | null;
  status: number | null;
  watch: boolean;
}
const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __ganttProbe: Probe }).__ganttProbe);

async function signedInContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(PROBE);
  const signIn = await context.request.post(`${origin}/api/auth/login`, { data: SITE_MANAGER_LOGIN });
  if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
  return context;
}

/** A task bar wholly inside the chart's visible area, with room on its right to be dragged three days later. */
async function barOnScreen(page: Page): Promise<{ id: number; x: number; y: number; width: number } | null> {
  return page.evaluate((room) => {
    const chart = document.querySelector(".wx-chart")?.getBoundingClientRect();
    if (!chart) return null;
    for (const element of document.querySelectorAll<HTMLElement>(".wx-bar.wx-task[data-id]")) {
      const box = element.getBoundingClientRect();
      if (box.left > chart.left && box.right + room < chart.right && box.top > chart.top + 40 && box.bottom < chart.bottom && box.width > 40) {
        return { id: Number(element.dataset.id), x: box.left, y: box.top + box.height / 2, width: box.width };
      }
    }
    return null;
  }, DRAG_PX + DAY_PX);
}

/** Drags a bar three days later and times the drop to the update's 200; successors stay where they are. */
async function timeDrag(page: Page): Promise<number> {
  const bar = await barOnScreen(page);
  if (!bar) throw new Error("no bar to drag is on screen");
  await page.evaluate(() => Object.assign((window as unknown as { __ganttProbe: Probe }).__ganttProbe, { drop: null, answered: null, status: null, watch: true }));
  const x = bar.x + bar.width / 2;
  await page.mouse.move(x, bar.y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step += 1) await page.mouse.move(x + (DRAG_PX * step) / 6, bar.y);
  await page.mouse.up();
  await page.waitForFunction(() => (window as unknown as { __ganttProbe: Probe }).__ganttProbe.answered !== null, undefined, { timeout: 10_000 });
  const probe = await readProbe(page);
  if (probe.status !== 200) throw new Error(`the drag's update answered ${probe.status}`);
  await page.evaluate(() => Object.assign((window as unknown as { __ganttProbe: Probe }).__ganttProbe, { watch: false }));
  // A bar with successors asks whether they follow: they stay (the next drag must not land on the question).
  const leave = page.getByRole("button", { name: "Leave them" });
  await leave.waitFor({ timeout: 2000 }).then(() => leave.click(), () => undefined);
  await page.waitForTimeout(300);
  return (probe.answered ?? Number.NaN) - (probe.drop ?? Number.NaN);
}

/**
 * Serves the web build from a fresh Plotline holding the Gantt bench project (5,000 dated tasks, 5,000
 * links) and measures in Chromium what issue 17 asks: the chart drawn after navigation in a fresh tab, and
 * drags of a bar (drop to the server's 200). Null without a web build.
 */
export async function measureGanttChart(teardown: Teardown, distDir = WEB_DIST): Promise<GanttMeasure | null> {
  if (!fs.existsSync(path.join(distDir, "index.html"))) return null;
  const server = await startPlotline(teardown, { webDistDir: distDir });
  const token = await createSiteManagerToken(server.origin);
  const project = await seedGantt(createBenchContext(server.origin, token, server.database));
  const chartUrl = `${server.origin}/#/projects/${project.projectId}/gantt`;
  const browser = await launchBrowser();
  teardown.add(() => browser.close());
  const result: GanttMeasure = { drawnMs: [], dragMs: [], barsInDom: 0, heapBytes: 0 };

  for (let run = 0; run < LOADS; run += 1) {
    // A fresh context each time: nothing cached, the scripts come from the server.
    const context = await signedInContext(browser, server.origin);
    const page = await context.newPage();
    await page.goto(chartUrl);
    await page.waitForFunction(() => ((window as unknown as { __ganttProbe: Probe }).__ganttProbe.drawn ?? -1) > 0, undefined, { timeout: 30_000 });
    result.drawnMs.push((await readProbe(page)).drawn ?? Number.NaN);
    await context.close();
  }

  const context = await signedInContext(browser, server.origin);
  const page = await context.newPage();
  await page.goto(chartUrl);
  await page.locator(".wx-bar[data-id]").first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // The chart opens on this week; the bench project's work lies in 2026: look at its first weeks.
  await page.evaluate(() => {
    const area = document.querySelector(".wx-chart");
    if (area) area.scrollLeft = 0;
  });
  await page.waitForTimeout(300);
  result.barsInDom = await page.locator(".wx-bar[data-id]").count();
  for (let run = 0; run < DRAGS; run += 1) result.dragMs.push(await timeDrag(page));
  result.heapBytes = await heapUsed(context, page);
  await context.close();
  return result;
}

/** The figures as a table: median and slowest of each timing against its budget. */
export function formatGanttChart(measure: GanttMeasure): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const timing = (name: string, values: readonly number[], budget: number) => [name, ms(median(values)), ms(slowest(values)), ms(budget), slowest(values) < budget ? "yes" : "NO"];
  const rows = [
    timing(`chart drawn, fresh tab (${measure.drawnMs.length} loads)`, measure.drawnMs, GANTT_BUDGETS.drawnMs),
    timing(`drag a bar, drop to 200 (${measure.dragMs.length} drags)`, measure.dragMs, GANTT_BUDGETS.dragMs),
    ["bars in the DOM", String(measure.barsInDom), "", "", ""],
    ["JS heap after the drags", `${(measure.heapBytes / 1024 / 1024).toFixed(1)} MB`, "", "", ""],
  ];
  const header = ["measure", "median", "slowest", "budget", "within"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
