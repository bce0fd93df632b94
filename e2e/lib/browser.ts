import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page, type Response } from "playwright-core";

/** Where journeys leave their screenshots, for people to look at. */
export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"],
  });
}

/** Saves a full-page screenshot as artifacts/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Fails the journey on any uncaught page error or CSP violation, which a user would meet as a broken page.
 * Collects into `errors` (pass one list to watch several pages) and returns it.
 */
export function watchForPageErrors(page: Page, errors: string[] = []): string[] {
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Starts waiting for the answer to a call whose method and path (the whole path, or a pattern) match. */
export function waitForAnswer(page: Page, method: string, path: string | RegExp): Promise<Response> {
  return page.waitForResponse((response) => {
    const pathname = new URL(response.url()).pathname;
    return response.request().method() === method && (typeof path === "string" ? pathname === path : path.test(pathname));
  });
}

/**
 * Closes the toasts that are up, as a person would before reaching what they cover (the top right holds
 * the account menu and the task modal's side panel). Toasts pause while the pointer rests on any of them.
 * Answers how many are still up.
 */
export async function closeToasts(page: Page): Promise<number> {
  const toasts = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Close" }) });
  for (let round = 0; round < 5 && (await toasts.count()) > 0; round++) {
    // A toast may leave on its own between the count and the click; that is as good as closing it.
    for (const close of (await toasts.getByRole("button", { name: "Close" }).all()).reverse()) await close.click({ timeout: 2_000 }).catch(() => undefined);
    await toasts.first().waitFor({ state: "detached", timeout: 3_000 }).catch(() => undefined);
  }
  return toasts.count();
}

/**
 * Waits until nothing on the page is moving (a dialog fading in, a menu sliding away, a switch's indicator),
 * so that a screenshot shows the settled screen.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}
