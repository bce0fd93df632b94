import type { Dialog } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { screenshot } from "../lib/browser.js";
import { page, pageErrors, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * Every main screen is checked with axe-core (no critical or serious finding), with records whose titles
 * are markup: titles are stored as typed, so each screen must show `<img src=x onerror=alert(7)>` as text,
 * never build the image, and never run its alert. The records are made through the API; the journey signs
 * in, visits each screen, searches, and adds a task with such a title through the quick-add field.
 */

useJourney({ name: "accessibility", viewport: { width: 1280, height: 800 } });

const MARKUP = "<img src=x onerror=alert(7)>";
/** Dialogs (alerts) any page opened: there must be none. */
const dialogs: string[] = [];
const ids = { project: 0, list: 0, task: 0, discussion: 0, milestone: 0 };

/** Today in the server's time zone (UTC in the journeys), so the task and milestone show in this month's calendar. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const { post } = await createFirstUser(server.url, manager);
  const call = async (path: string, body: unknown): Promise<number> => (await post(path, body)).data.id;
  ids.project = await call("pm/v2/projects", { title: MARKUP, description: `<p>About ${MARKUP.replace(/</g, "&lt;")}</p>` });
  ids.milestone = await call(`pm/v2/projects/${ids.project}/milestones`, { title: MARKUP, achieve_date: today });
  ids.list = await call(`pm/v2/projects/${ids.project}/task-lists`, { title: MARKUP, milestone: ids.milestone });
  ids.task = await call(`pm/v2/projects/${ids.project}/tasks`, { title: MARKUP, board_id: ids.list, start_at: today, due_date: today });
  ids.discussion = await call(`pm/v2/projects/${ids.project}/discussion-boards`, { title: MARKUP, description: "<p>Plain words.</p>" });
  await call(`pm-pro/v2/projects/${ids.project}/files`, { type: "folder", title: MARKUP });
  await call(`pm-pro/v2/projects/${ids.project}/files`, { type: "doc", title: `${MARKUP} doc`, description: "<p>Plain words.</p>" });
  const onDialog = (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
});

/** What every screen must hold: the title as text, no image built from it, no alert, no axe finding. */
async function expectSafeAndAccessible(name: string, text: string = MARKUP): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
  expect(await page.locator('img[src="x"]').count(), `an <img src=x> was built on ${name}`).toBe(0);
  expect(dialogs, `a dialog opened on ${name}`).toEqual([]);
  await expectNoSeriousAxeViolations(page, name);
}

const project = (path: string) => `${server.url}/#/projects/${ids.project}/${path}`;

describe("accessibility: every main screen passes axe, and markup in titles stays text", () => {
  it("signs in on a screen that passes axe", async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
    await expectNoSeriousAxeViolations(page, "sign-in");
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
  });

  it("lists the project by its title as text", async () => {
    await expectSafeAndAccessible("projects list");
  });

  it("finds the records in the search box and shows their titles as text", async () => {
    const box = page.getByRole("combobox", { name: "Search projects and everything in them" });
    await box.fill("onerror");
    const results = page.getByRole("listbox", { name: "Search results" });
    await results.getByText(MARKUP, { exact: true }).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await screenshot(page, "accessibility-search");
    await expectNoSeriousAxeViolations(page, "search results");
    await box.press("Escape");
  });

  it("shows the overview, its activity and members", async () => {
    await page.goto(project("overview"));
    await page.getByText(`created the task ${MARKUP}`, { exact: false }).first().waitFor();
    await expectSafeAndAccessible("project overview");
    await screenshot(page, "accessibility-overview");
  });

  it("shows the task lists and the task", async () => {
    await page.goto(project("task-lists"));
    await page.getByTestId(`task-${ids.task}`).waitFor();
    await expectSafeAndAccessible("task lists");
    await page.goto(project(`task-lists/tasks/${ids.task}`));
    await page.getByRole("dialog").getByText(MARKUP, { exact: true }).first().waitFor();
    // Every part of the modal loads on its own; axe looks once the comments (the last part) are in.
    await page.getByRole("dialog").getByText("No comments yet", { exact: false }).waitFor();
    await expectSafeAndAccessible("single task");
    await screenshot(page, "accessibility-single-task");
  });

  it("adds a task with markup for a title through the quick-add field", async () => {
    await page.goto(project("task-lists"));
    const field = page.getByRole("textbox", { name: `New task in ${MARKUP}`, exact: true });
    await field.fill(`${MARKUP} quick`);
    await field.press("Enter");
    await page.getByText(`${MARKUP} quick`, { exact: true }).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it("shows the discussions and the discussion", async () => {
    await page.goto(project("discussions"));
    await page.getByRole("main").getByRole("link", { name: MARKUP }).first().waitFor();
    await expectSafeAndAccessible("discussions");
    await page.goto(project(`discussions/${ids.discussion}`));
    await page.getByText("Plain words.").waitFor();
    await expectSafeAndAccessible("discussion");
  });

  it("shows the milestones and the milestone's page with its list, task and progress", async () => {
    await page.goto(project("milestones"));
    await page.getByTestId("milestone").first().waitFor();
    await expectSafeAndAccessible("milestones");
    await page.getByRole("link", { name: MARKUP, exact: true }).click();
    await page.getByTestId(`milestone-list-${ids.list}`).getByText(MARKUP, { exact: true }).first().waitFor();
    await page.getByTestId("milestone-progress").filter({ hasText: "0 of 2 tasks done" }).waitFor();
    await page.getByRole("heading", { name: "Comments" }).waitFor();
    await expectSafeAndAccessible("milestone");
    await screenshot(page, "accessibility-milestone");
  });

  it("shows the files", async () => {
    await page.goto(project("files"));
    // Long titles are cut short on screen with an ellipsis; the whole title is the row's tooltip.
    await page.getByTestId("file-item").getByTitle(`${MARKUP} doc`, { exact: true }).waitFor();
    await page.getByTestId("file-item").getByTitle(MARKUP, { exact: true }).waitFor();
    await page.getByTestId("file-item").getByText("<img src=x onerror=a", { exact: false }).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await expectNoSeriousAxeViolations(page, "files");
  });

  it("shows the project settings", async () => {
    await page.goto(project("settings"));
    await page.getByRole("tab").first().waitFor();
    await expectSafeAndAccessible("project settings");
  });

  it("shows the task and the milestone in the calendar", async () => {
    await page.goto(`${server.url}/#/calendar`);
    await page.locator(".plotline-calendar").getByText(MARKUP, { exact: true }).first().waitFor();
    await expectSafeAndAccessible("calendar");
    await screenshot(page, "accessibility-calendar");
  });

  it("passes axe on the site screens: settings, users, modules, license", async () => {
    for (const [path, heading] of [["settings", "Settings"], ["users", "Users"], ["modules", "Modules"], ["license", "License"]] as const) {
      await page.goto(`${server.url}/#/${path}`);
      await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
      await expectNoSeriousAxeViolations(page, path);
    }
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });

  it("passes axe on the milestone's page at phone width", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(project(`milestones/${ids.milestone}`));
    await page.getByTestId("milestone-progress").filter({ hasText: "of 2 tasks done" }).waitFor();
    await expectSafeAndAccessible("milestone at phone width");
    await screenshot(page, "accessibility-milestone-phone");
  });

  it("met no page error and no dialog", () => {
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
