import type { Locator, Response } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser } from "../lib/api.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * Duplication as a site manager meets it: a project with lists, tasks and a milestone is made through the
 * API; in the web app the manager duplicates the project from its actions menu (with the keyboard) and
 * lands on the copy's overview, then duplicates a list from its menu and sees the copy right after it.
 */

useJourney({ name: "duplication", viewport: { width: 1280, height: 800 } });

const projectTitle = "Website relaunch";
const listTitle = "Design";
const tasks = ["Homepage mock-up", "Pick the colour palette", "Icon set"];

/** Sets Plotline up through the API and makes the project to duplicate, as the manager. */
async function seed(): Promise<void> {
  const { post } = await createFirstUser(server.url, manager);
  const call = async (path: string, body: unknown): Promise<number> => (await post(path, body)).data.id;
  const project = await call("pm/v2/projects", { title: projectTitle, description: "<p>New site for the spring campaign.</p>", color: "#1c7ed6" });
  const milestone = await call(`pm/v2/projects/${project}/milestones`, { title: "Public launch", achieve_date: "2030-05-01" });
  const design = await call(`pm/v2/projects/${project}/task-lists`, { title: listTitle, milestone });
  const content = await call(`pm/v2/projects/${project}/task-lists`, { title: "Content" });
  for (const title of tasks) await call(`pm/v2/projects/${project}/tasks`, { title, board_id: design, estimation: 60 });
  await call(`pm/v2/projects/${project}/tasks`, { title: "Write the About page", board_id: content });
  await call(`pm/v2/projects/${project}/discussion-boards`, { title: "Kick-off notes", description: "<p>Goals.</p>" });
}

beforeAll(seed);

/** Starts waiting for the answer to a call whose method and path match. */
function answered(method: string, path: RegExp): Promise<Response> {
  return waitForAnswer(page, method, path);
}

/**
 * Holds the matching API calls back for a moment, so that the busy state can be seen and a second press
 * tried; answers how many were sent.
 */
async function slowDown(path: RegExp): Promise<() => number> {
  let count = 0;
  await page.route((url) => path.test(url.pathname), async (route) => {
    count += 1;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  return () => count;
}

/** Waits until a popup has finished fading in, so that a screenshot shows it as people see it. */
async function settled(locator: Locator): Promise<void> {
  await poll(() => locator.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
}

function listCard(title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

describe("duplication: a project from its menu, a list from its menu", () => {
  it("signs in and opens the project's overview", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByTestId("project-card").getByRole("link", { name: projectTitle }).click();
    await page.getByRole("heading", { name: projectTitle, level: 1 }).waitFor();
  });

  it("duplicates the project with the keyboard and lands on the copy's overview", async () => {
    const actions = page.getByRole("button", { name: "Project actions" });
    await actions.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: "Duplicate" });
    await item.waitFor();
    await settled(page.getByRole("menu"));
    await screenshot(page, "duplication-project-menu");
    await item.focus();
    const sent = await slowDown(/\/api\/pm-pro\/v2\/duplicate\/project\/\d+$/);
    const duplicated = answered("POST", /^\/api\/pm-pro\/v2\/duplicate\/project\/\d+$/);
    await page.keyboard.press("Enter");
    // While the copy is made the actions button spins and cannot be pressed again.
    const busy = page.getByRole("button", { name: `Duplicating ${projectTitle}…` });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await screenshot(page, "duplication-project-busy");
    const response = await expectOk(duplicated);
    expect(sent()).toBe(1);
    const copy = ((await response.json()) as { data: { id: number } }).data;
    await page.getByRole("heading", { name: `${projectTitle} copy`, level: 1 }).waitFor();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${copy.id}/overview$`));
    await page.getByRole("alert").filter({ hasText: "Project duplicated successfully" }).waitFor();
    expect(await busy.count()).toBe(0);
    await screenshot(page, "duplication-project-copy");
  });

  it("shows the copy's lists and tasks", async () => {
    await page.getByRole("navigation", { name: "Project menu" }).getByRole("link", { name: "Task Lists" }).click();
    await page.getByRole("heading", { name: "Task Lists", level: 2 }).waitFor();
    await listCard(listTitle).waitFor();
    for (const title of tasks) await listCard(listTitle).getByRole("link", { name: title }).waitFor();
    await listCard("Content").getByRole("link", { name: "Write the About page" }).waitFor();
  });

  it("duplicates a list from its menu and sees the copy right after it", async () => {
    await page.getByRole("button", { name: `Actions of the list ${listTitle}` }).click();
    const sent = await slowDown(/\/api\/pm-pro\/v2\/duplicate\/list\/\d+$/);
    const duplicated = answered("GET", /^\/api\/pm-pro\/v2\/duplicate\/list\/\d+$/);
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    const busy = listCard(listTitle).getByRole("button", { name: "Duplicating…" });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await expectOk(duplicated);
    expect(sent()).toBe(1);
    await page.getByRole("alert").filter({ hasText: "Task list duplicated successfully" }).waitFor();
    const copy = listCard(`${listTitle} copy`);
    await copy.waitFor();
    for (const title of tasks) await copy.getByRole("link", { name: title }).waitFor();
    const order = await page.getByRole("region").evaluateAll((regions) => regions.map((region) => region.getAttribute("aria-label") ?? ""));
    const named = order.filter((name) => ["Inbox", listTitle, `${listTitle} copy`, "Content"].includes(name));
    expect(named).toEqual(["Inbox", listTitle, `${listTitle} copy`, "Content"]);
    await screenshot(page, "duplication-list-copy");
  });

  it("met no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
