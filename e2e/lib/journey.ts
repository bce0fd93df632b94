import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Person } from "./people.js";
import { launchBrowser, screenshot, watchForPageErrors } from "./browser.js";
import { JOURNEY_START, JOURNEY_TIMEZONE } from "./clock.js";
import { startServer, type RunningServer } from "./server.js";

/** What a journey runs on. */
export interface JourneyOptions<P extends string> {
  /** Names the picture a failed step leaves: `<name>-failed.png`, or `<name>-failed-<page>.png` for named pages. */
  name: string;
  /** Server environment on top of the test's own (a license key, a feature flag). */
  env?: Record<string, string>;
  /** The window size of every page. */
  viewport: { width: number; height: number };
  /**
   * Names of the pages to open, each in a browser context of its own so that each can be signed in as
   * someone else; one unnamed page when left out.
   */
  pages?: readonly P[];
}

// What the running journey is on, set by useJourney's first hook. Imports of these follow each change (ES
// module bindings are live), so a journey reads them as its own from its hooks and steps. A test file has
// its modules to itself, and runs one journey.

/** The Plotline server, on a fresh data folder. */
export let server: RunningServer;
/** Chromium, for a page of one's own (another person in another context, say). */
export let browser: Browser;
/** The journey's (first) page. */
export let page: Page;
/** Every uncaught page error and CSP violation met so far on the journey's pages. */
export let pageErrors: string[] = [];

/**
 * Registers the hooks every journey shares: a fresh server and Chromium with the pages before the first
 * step, a picture of each page when a step fails, after which the later steps are skipped (each builds on
 * the one before), and everything closed at the end. A journey's own hooks, registered after this call,
 * run after these start and before these stop. Answers the named pages, filled in once started.
 */
export function useJourney<const P extends string = never>(options: JourneyOptions<P>): Readonly<Record<P, Page>> {
  const named = {} as Record<P, Page>;
  const pictures: Array<[Page, string]> = [];

  beforeAll(async () => {
    server = await startServer(options.env);
    browser = await launchBrowser();
    pageErrors = [];
    for (const name of options.pages ?? [null]) {
      const opened = await (await openContext({ viewport: options.viewport })).newPage();
      // Every step waits for what a person would see; a step that never comes should fail soon and say where.
      opened.setDefaultTimeout(15_000);
      watchForPageErrors(opened, pageErrors);
      if (name !== null) named[name] = opened;
      pictures.push([opened, name === null ? `${options.name}-failed` : `${options.name}-failed-${name}`]);
    }
    const first = pictures[0];
    if (!first) throw new Error(`the ${options.name} journey names no page: leave \`pages\` out, or name one`);
    page = first[0];
  });

  let failedStep: string | null = null;
  beforeEach((context) => {
    if (failedStep) context.skip(`an earlier step failed: ${failedStep}`);
    context.onTestFailed(async () => {
      failedStep = context.task.name;
      for (const [failedPage, name] of pictures) await screenshot(failedPage, name);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return named;
}

/**
 * A browser context of the journey's browser (someone else signed in, a phone), on the journeys' clock and
 * time zone: its pages start at the journeys' moment and time runs on from there.
 */
export async function openContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ timezoneId: JOURNEY_TIMEZONE, ...options });
  await context.clock.install({ time: JOURNEY_START });
  return context;
}

/** Sets Plotline up on the first-run screen as its first user, and waits for the projects page. */
export async function setUpPlotline(person: Person, on: Page = page): Promise<void> {
  await on.goto(server.url);
  await on.getByRole("heading", { name: "Welcome to Plotline" }).waitFor();
  await on.getByLabel("Your name").fill(person.name);
  await on.getByLabel("E-mail address").fill(person.email);
  await on.getByLabel(/^Password/).fill(person.password);
  await on.getByRole("button", { name: "Create account and start" }).click();
  await on.getByRole("heading", { name: "Projects", exact: true }).waitFor();
}

/** expect.poll with room for a slow machine (its own default gives up after one second). */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

/** Fails with the server's own words when a call the page made was refused; answers the response. */
export async function expectOk(answer: Promise<Response>): Promise<Response> {
  const response = await answer;
  const what = `${response.request().method()} ${new URL(response.url()).pathname} answered ${response.status()}`;
  expect(response.status(), `${what}: ${await response.text().catch(() => "")}`).toBeLessThan(400);
  return response;
}
