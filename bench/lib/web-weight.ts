import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Response } from "playwright-core";
import { launchBrowser } from "./browser.js";
import { seedLoad } from "./load-data.js";
import { startPlotline } from "./plotline-server.js";
import { createSiteManagerToken, SITE_MANAGER_LOGIN } from "./site-manager.js";
import type { Teardown } from "./teardown.js";

/** The built web app the server serves; `npm run build` writes it. */
export const WEB_DIST = path.resolve(import.meta.dirname, "../../apps/web/dist");

/** Issue 12: the sign-in screen and the task lists page each load less compressed JavaScript than this. */
export const PAGE_BUDGET_BYTES = 400 * 1024;

/** The JavaScript one page loaded on a cold cache. */
export interface PageWeight {
  page: string;
  /** Script files the page fetched, its lazy chunks included. */
  scripts: number;
  /** Their bytes once gzip-compressed: as served when the server sends gzip, else gzipped here at level 9. */
  gzipBytes: number;
  /** Their bytes on the wire, in whatever encoding the server chose (brotli when it has it). */
  wireBytes: number;
  /** Their bytes once decoded: what the browser parses. */
  rawBytes: number;
}

/** Opens `url` in a page of `context` (a fresh context has a cold cache) and sums the scripts it loaded. */
async function weighPage(context: BrowserContext, name: string, url: string, ready: string): Promise<PageWeight> {
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  await page.goto(url);
  // The page's own content, then quiet: lazy chunks load one after another, so the first paint is not the end.
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const weight: PageWeight = { page: name, scripts: scripts.length, gzipBytes: 0, wireBytes: 0, rawBytes: 0 };
  for (const response of scripts) {
    const body = await response.body();
    const sizes = await response.request().sizes();
    const encoding = (await response.headerValue("content-encoding")) ?? "";
    weight.rawBytes += body.length;
    weight.wireBytes += sizes.responseBodySize;
    weight.gzipBytes += encoding === "gzip" ? sizes.responseBodySize : gzipSync(body, { level: 9 }).length;
  }
  await page.close();
  return weight;
}

/**
 * Serves the web build from a fresh Plotline with one seeded project, and weighs the JavaScript of the
 * sign-in screen (signed out), the projects list and that project's task lists page (signed in), each on
 * a cold cache. Answers null when there is no build.
 */
export async function measureWebWeight(teardown: Teardown, distDir = WEB_DIST): Promise<PageWeight[] | null> {
  if (!fs.existsSync(path.join(distDir, "index.html"))) return null;
  const server = await startPlotline(teardown, { webDistDir: distDir });
  await createSiteManagerToken(server.origin);
  const manager = await server.database.db.selectFrom("users").select("id").where("manage_pm", "=", 1).executeTakeFirstOrThrow();
  const load = await seedLoad(server.database, { projects: 1, tasks: 60, bigProjectTasks: 60, users: 4, managerId: manager.id });

  const browser = await launchBrowser();
  teardown.add(() => browser.close());
  const signedOut = await browser.newContext();
  const weights = [await weighPage(signedOut, "sign-in screen", `${server.origin}/#/login`, "input[type=password]")];
  await signedOut.close();

  const pages = [
    { name: "projects list", hash: "/", ready: "text=/ project 1$/" },
    { name: "task lists page", hash: `/projects/${load.bigProjectId}/task-lists`, ready: "text=/ list 1$/" },
  ];
  for (const { name, hash, ready } of pages) {
    const context = await browser.newContext();
    // Signed in by the API, as the sign-in form would: the cookie lands in this context's jar.
    const signIn = await context.request.post(`${server.origin}/api/auth/login`, { data: SITE_MANAGER_LOGIN });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
    weights.push(await weighPage(context, name, `${server.origin}/#${hash}`, ready));
    await context.close();
  }
  return weights;
}

/** Formats the weights as a table, flagging a page over the budget. */
export function formatWebWeights(weights: PageWeight[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const header = ["page", "scripts", "JS gzip", "JS on the wire", "JS decoded", `under ${kb(PAGE_BUDGET_BYTES)}`];
  const rows = weights.map((w) => [w.page, String(w.scripts), kb(w.gzipBytes), kb(w.wireBytes), kb(w.rawBytes), w.gzipBytes < PAGE_BUDGET_BYTES ? "yes" : "NO"]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
