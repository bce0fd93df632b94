import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Chromium as the journeys run it: Debian's build, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"],
  });
}

/** The JS heap in use after a full garbage collection, from Chromium's own count. */
export async function heapUsed(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return usedSize;
}

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The largest value. */
export function slowest(values: readonly number[]): number {
  return Math.max(...values);
}
