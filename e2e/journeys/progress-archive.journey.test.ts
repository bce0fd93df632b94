import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { closeToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * The site manager's Progress feed and a project's archive of task lists. Progress shows every project's
 * activity by day with Load More past the first 20 (its route moves to the next page); a list archived from
 * its menu leaves the task lists for the archive, where one of its tasks opens over the archive, and
 * Restore brings it back to the task lists. The scene (two projects, 24 tasks) is set through the API.
 */

useJourney({ name: "progress-archive", viewport: { width: 1280, height: 900 } });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const projectTitle = "Website relaunch";
const otherProjectTitle = "Support desk";
const listTitle = "Launch checklist";
const archivedTask = "Redirect old URLs";

const ids = { project: 0, other: 0, list: 0, task: 0, paged: 0 };
/** A project with more archived lists than a page holds (15), for the second page's task. */
const pagedProjectTitle = "Old campaigns";
let api: ApiSession;

/** The Progress feed's total as the API tells it. */
async function progressTotal(): Promise<number> {
  const answer = await fetch(`${server.url}/api/pm-pro/v2/progress?page=1&per_page=20`, { headers: { cookie: api.cookie } });
  return ((await answer.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
}

/** The caller's remembered list view of the project (which decides where search results about its tasks open). */
async function viewType(): Promise<string | undefined> {
  return ((await api.get("pm-pro/v2/kanboard/views")).data as Record<string, string>)[String(ids.project)];
}

const entries = () => page.locator(".progress-entry");
const listCard = () => page.getByRole("region", { name: listTitle });

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  ids.project = (await api.post("pm/v2/projects", { title: projectTitle })).data.id;
  ids.other = (await api.post("pm/v2/projects", { title: otherProjectTitle })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: listTitle })).data.id;
  ids.task = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: archivedTask, board_id: ids.list })).data.id;
  await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: "Update the sitemap", board_id: ids.list });
  // More than a page of activity, in both projects.
  for (let index = 1; index <= 22; index += 1) {
    await api.post(`pm/v2/projects/${index % 2 === 0 ? ids.project : ids.other}/tasks`, { title: `Ticket ${index}` });
  }
  // Activities are written after each change commits: wait until they are all in.
  for (let tries = 0; (await progressTotal()) < 25; tries += 1) {
    if (tries > 50) throw new Error("the activities of the scene never arrived");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

describe("Progress and archived task lists", () => {
  it("finds Progress in the site menu: 20 activities grouped by day, each with its project, action and time", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Progress" }).click();
    await page.getByRole("heading", { name: "Progress", level: 1 }).waitFor();
    await poll(() => entries().count()).toBe(20);
    // Days read MMM DD YYYY ("Nov 25 2026").
    const dayHeading = page.locator(".progress-day").first();
    expect(await dayHeading.textContent()).toMatch(/^[A-Z][a-z]{2} \d{2} \d{4}$/);
    const first = entries().first();
    expect(await first.getByRole("link").first().textContent()).toMatch(new RegExp(`^(${projectTitle}|${otherProjectTitle})$`));
    expect(await first.textContent()).toMatch(/Created.*Ana Lima created the task Ticket 22.*\d{1,2}:\d{2} (AM|PM)/);
    const total = await progressTotal();
    await page.getByText(`20 of ${total} activities`).waitFor();
    await screenshot(page, "progress-first-page");
  });

  it("loads more on the next page's route until everything is shown", async () => {
    const total = await progressTotal();
    const next = waitForAnswer(page, "GET", "/api/pm-pro/v2/progress");
    await page.getByRole("button", { name: "Load More" }).click();
    expect(new URL((await expectOk(next)).url()).searchParams.get("page")).toBe("2");
    await poll(() => page.url()).toMatch(/#\/progress\/pages\/2$/);
    await poll(() => entries().count()).toBe(total);
    await page.getByText(`${total} of ${total} activities`).waitFor();
    expect(await page.getByRole("button", { name: "Load More" }).count()).toBe(0);
    await screenshot(page, "progress-all-loaded");
    // A project's link leads to its overview.
    await page.getByRole("link", { name: otherProjectTitle }).first().click();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.other}/overview$`));
  });

  it("reads well at phone width", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/#/progress`);
    await poll(() => entries().count()).toBe(20);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "progress-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("archives a list from its menu: it leaves the task lists", async () => {
    await page.goto(`${server.url}/#/projects/${ids.project}/task-lists`);
    await listCard().getByRole("link", { name: archivedTask }).waitFor();
    await listCard().getByRole("button", { name: `Actions of the list ${listTitle}` }).click();
    const archived = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/task-lists/${ids.list}/update`);
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await expectOk(archived);
    await page.getByText("Task list archived successfully").waitFor();
    await closeToasts(page);
    await poll(() => listCard().count()).toBe(0);
  });

  it("shows it in the archive, where its task opens over the archive", async () => {
    await page.getByRole("link", { name: "Archived task lists" }).click();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.project}/task-lists/archived$`));
    await page.getByRole("heading", { name: "Archived task lists", level: 2 }).waitFor();
    await listCard().getByText("Archived", { exact: true }).waitFor();
    await listCard().getByRole("link", { name: "Update the sitemap" }).waitFor();
    // The archive is now the project's list view: search results about its tasks open here.
    await poll(viewType).toBe("archive");
    await screenshot(page, "archive-view");

    await listCard().getByRole("link", { name: archivedTask }).click();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.project}/task-lists/archived/tasks/${ids.task}$`));
    const modal = page.getByRole("dialog");
    await modal.getByText(archivedTask).first().waitFor();
    await screenshot(page, "archive-single-task");
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.project}/task-lists/archived$`));
  });

  it("opens a task of the archive's second page over that page, and closing returns to it", async () => {
    // Made here, after the Progress steps counted the feed.
    ids.paged = (await api.post("pm/v2/projects", { title: pagedProjectTitle })).data.id;
    for (let index = 1; index <= 16; index += 1) {
      const list = (await api.post(`pm/v2/projects/${ids.paged}/task-lists`, { title: `Campaign ${index}` })).data.id;
      await api.post(`pm/v2/projects/${ids.paged}/tasks`, { title: `Campaign task ${index}`, board_id: list });
      await api.post(`pm/v2/projects/${ids.paged}/task-lists/${list}/update`, { status: 0 });
    }
    const archive = `#/projects/${ids.paged}/task-lists/archived`;
    await page.goto(`${server.url}/${archive}/pages/2`);
    const card = page.locator("[data-testid^='archived-list-']").first();
    await card.waitFor();
    const onPageTwo = await card.getByRole("heading").first().innerText();
    await card.getByRole("link").filter({ hasText: "Campaign task" }).first().click();
    await poll(() => page.url()).toMatch(/\/task-lists\/archived\/tasks\/\d+\?page=2$/);
    await page.getByRole("dialog").waitFor();
    // Under the modal, the same page of the archive: its list, and page 2 marked in the pagination.
    await page.getByRole("region", { name: onPageTwo }).waitFor();
    expect(await page.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await screenshot(page, "archive-page-two-task");
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await poll(() => page.url()).toContain(`${archive}/pages/2`);
    await page.getByRole("region", { name: onPageTwo }).waitFor();
  });

  it("reads well at phone width", async () => {
    await page.goto(`${server.url}/#/projects/${ids.project}/task-lists/archived`);
    await page.setViewportSize(PHONE);
    // A fresh load at that width, as a phone opens it (not the desktop layout mid-way through its resize).
    await page.reload();
    await listCard().getByRole("link", { name: archivedTask }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "archive-view-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("restores the list, and Back returns to the task lists where it is again", async () => {
    const restored = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/task-lists/${ids.list}/update`);
    await listCard().getByRole("button", { name: `Restore the list ${listTitle}` }).click();
    await expectOk(restored);
    await page.getByText("Task list restored successfully").waitFor();
    await closeToasts(page);
    await page.getByRole("heading", { name: "No archived task lists" }).waitFor();
    await screenshot(page, "archive-empty");
    await page.getByRole("link", { name: "Back to the task lists" }).click();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.project}/task-lists$`));
    await listCard().getByRole("link", { name: archivedTask }).waitFor();
    await poll(viewType).toBe("list");
  });

  it("met no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
