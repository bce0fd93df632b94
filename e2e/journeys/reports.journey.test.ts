import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { ARTIFACTS, screenshot } from "../lib/browser.js";
import { journeyDay } from "../lib/clock.js";
import { page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * The site manager's reports: the landing page's cards; the overdue report filtered to a project, paged
 * (20 a page, the page in the address), a row expanded and its task opened; its CSV (fetched with the
 * page's cookies and read) and PDF (downloaded, drawn with pdftoppm to be looked at); the completed report
 * filtered to a co-worker; the user-activities filter's message; the advanced report with two filter rows.
 * The scene is set through the API: 22 overdue tasks in one project, 2 unassigned in another, 3 completed.
 */

useJourney({ name: "reports", viewport: { width: 1280, height: 900 } });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const atlas = "Atlas platform";
const beacon = "Beacon launch";
let api: ApiSession;
const ids = { atlas: 0, beacon: 0, atlasList: 0, beaconList: 0, coWorker: 0 };

/** A day `offset` days from the journeys' today (server and browser share that clock). */
const day = journeyDay;

/** 60 days back: the range every overdue task of the scene falls in, whatever today is. */
const rangeStart = day(-60);

const rows = () => page.getByTestId("report-row");
const menu = () => page.getByRole("navigation", { name: "Main navigation" });

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  ids.coWorker = (await api.post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false })).data.id;
  ids.atlas = (await api.post("pm/v2/projects", { title: atlas, assignees: [{ user_id: ids.coWorker, role_id: 2 }] })).data.id;
  ids.beacon = (await api.post("pm/v2/projects", { title: beacon, assignees: [{ user_id: ids.coWorker, role_id: 2 }] })).data.id;
  ids.atlasList = (await api.post(`pm/v2/projects/${ids.atlas}/task-lists`, { title: "Backend" })).data.id;
  ids.beaconList = (await api.post(`pm/v2/projects/${ids.beacon}/task-lists`, { title: "Press kit" })).data.id;
  // 22 overdue tasks of Atlas, the co-worker's; a cell starting with "=" shows the CSV's formula escaping.
  for (let index = 1; index <= 22; index += 1) {
    const title = index === 1 ? "=SUM(1+1) invoice check" : `Migrate table ${String(index).padStart(2, "0")}`;
    await api.post(`pm/v2/projects/${ids.atlas}/tasks`, { title, board_id: ids.atlasList, assignees: [ids.coWorker], due_date: day(-2 - index), estimation: 30 });
  }
  // Two overdue tasks nobody is assigned to, in Beacon.
  for (const title of ["Book the venue", "Print the banners"]) {
    await api.post(`pm/v2/projects/${ids.beacon}/tasks`, { title, board_id: ids.beaconList, due_date: day(-5) });
  }
  // Three tasks completed today, two of them the co-worker's.
  for (const [title, assignees] of [["Write the press release", [ids.coWorker]], ["Pick the photos", [ids.coWorker]], ["Send the invitations", []]] as const) {
    const task = await api.post(`pm/v2/projects/${ids.beacon}/tasks`, { title, board_id: ids.beaconList, assignees });
    await api.post(`pm/v2/projects/${ids.beacon}/tasks/${task.data.id}/change-status`, { status: 1 });
  }
});

/** Picks an option of a Mantine select by its label. */
async function choose(label: string, option: string): Promise<void> {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("reports", () => {
  it("finds Reports in the site menu: the landing page with its five cards", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await menu().getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    // The bare route redirects to the landing page, `sections`.
    await poll(() => page.url()).toMatch(/#\/reports\/sections$/);
    for (const title of ["Overdue Tasks", "Complete Task", "User Activities", "Task by Milestone", "Unassigned Task"]) {
      await page.getByRole("article", { name: title }).getByRole("link", { name: /View Full Report/ }).waitFor();
    }
    await screenshot(page, "reports-landing");
    // The pointer off the menu entry it clicked, whose hover colour is the menu's, not this page's.
    await page.mouse.move(900, 860);
    await expectNoSeriousAxeViolations(page, "reports landing");
    await page.setViewportSize(PHONE);
    // A fresh load at that width, as a phone opens it (not the desktop layout mid-way through its resize).
    await page.reload();
    await page.getByRole("article", { name: "Unassigned Task" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "reports-landing-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("opens the overdue report in the default range: first of the month to today", async () => {
    await page.getByRole("article", { name: "Overdue Tasks" }).getByRole("link", { name: /View Full Report/ }).click();
    await page.getByRole("heading", { name: "Overdue Tasks", level: 1 }).waitFor();
    const first = `${day(0).slice(5, 7)}/01/${day(0).slice(0, 4)}`;
    await page.getByText(`Date between ${first} to `).waitFor();
  });

  it("filters the overdue report to a project and pages through it, 20 a page", async () => {
    await page.goto(`${server.url}/#/reports/overdue-tasks?start_date=${rangeStart}&end_date=${day(0)}`);
    await poll(() => rows().count()).toBe(20);
    await page.getByText("Total Tasks").locator("..").getByText("24", { exact: true }).waitFor();
    // Both projects on the page: the chart compares them.
    await page.getByText("Overdue tasks per project on this page").waitFor();
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("dialog", { name: "Filter the report" }).waitFor();
    await choose("Project", atlas);
    await page.getByRole("button", { name: "Run Report" }).click();
    await poll(() => page.url()).toContain(`project_id=${ids.atlas}`);
    await page.getByText("Total Tasks").locator("..").getByText("22", { exact: true }).waitFor();
    await poll(() => rows().count()).toBe(20);
    await screenshot(page, "reports-overdue");
    await page.getByRole("button", { name: "Page 2", exact: true }).click();
    await poll(() => page.url()).toMatch(/#\/reports\/overdue-tasks\/pages\/2\?/);
    await poll(() => rows().count()).toBe(2);
    expect(page.url()).toContain(`project_id=${ids.atlas}`);
  });

  it("expands a row and opens its task", async () => {
    const row = rows().first();
    const title = (await row.getByRole("link").textContent()) ?? "";
    await row.getByRole("button", { name: `Show details of ${title}` }).click();
    await page.getByText(`Assignees: ${coWorker.name}`).waitFor();
    await page.getByText("Estimation: 0.5 h").waitFor();
    await screenshot(page, "reports-overdue-expanded");
    await expectNoSeriousAxeViolations(page, "overdue report");
    await row.getByRole("link", { name: title }).click();
    await poll(() => page.url()).toMatch(new RegExp(`#/projects/${ids.atlas}/task-lists/tasks/\\d+$`));
    await page.getByRole("dialog").getByText(title).first().waitFor();
    await page.goBack();
    await poll(() => rows().count()).toBe(2);
  });

  it("exports the overdue report as CSV, with the page's filters and the server's file name", async () => {
    await page.getByRole("button", { name: "Export" }).click();
    const href = await page.getByRole("menuitem", { name: "Export to CSV" }).getAttribute("href");
    expect(href).toMatch(/\/advance-report\/overdue-tasks\/csv\/\?/);
    await page.keyboard.press("Escape");
    const cookies = await page.context().cookies();
    const answer = await fetch(new URL(href ?? "", server.url), { headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("content-disposition")).toMatch(/attachment; filename="?overdue-tasks-report-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toMatch(/^Project,Task List,Task,Status,Assignees/);
    // Atlas only (the filter): 22 rows, the formula cell made harmless.
    expect(lines).toHaveLength(23);
    expect(lines.every((line, index) => index === 0 || line.startsWith(atlas))).toBe(true);
    expect(lines.join("\n")).toContain("'=SUM(1+1) invoice check");
  });

  it("exports the overdue report as a PDF, drawn to a picture to be looked at", async () => {
    await page.getByRole("button", { name: "Export" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Export to PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^overdue-tasks-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const target = path.join(ARTIFACTS, "reports-overdue.pdf");
    await file.saveAs(target);
    const pdf = fs.readFileSync(target);
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    expect(pdf.toString("latin1")).toMatch(/\/Type\s*\/Page\b/);
    try {
      execFileSync("pdftoppm", ["-png", "-r", "50", "-singlefile", target, path.join(ARTIFACTS, "reports-overdue-pdf")]);
    } catch {
      // pdftoppm is a look for people, not a check: the PDF itself was checked above.
    }
  });

  it("shows the completed report, then only the co-worker's", async () => {
    await page.goto(`${server.url}/#/reports/sections`);
    await page.getByRole("article", { name: "Complete Task" }).getByRole("link", { name: /View Full Report/ }).click();
    await page.getByRole("heading", { name: "Completed Tasks", level: 1 }).waitFor();
    await poll(() => rows().count()).toBe(3);
    await page.getByRole("columnheader", { name: "Completed At" }).first().waitFor();
    await page.getByRole("button", { name: "Filter" }).click();
    await choose("Co Worker", coWorker.name);
    await page.getByRole("button", { name: "Run Report" }).click();
    await poll(() => rows().count()).toBe(2);
    await page.getByText("Co Worker").locator("..").getByText(coWorker.name).waitFor();
    await screenshot(page, "reports-completed");
    await page.setViewportSize(PHONE);
    await page.reload();
    await poll(() => rows().count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "reports-completed-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("asks for a co-worker before the user activities report runs, and offers no export there", async () => {
    await page.goto(`${server.url}/#/reports/user-activities`);
    await page.getByRole("dialog", { name: "Filter the report" }).waitFor();
    await page.getByRole("button", { name: "Run Report" }).click();
    await page.getByText("Please Select user").waitFor();
    await choose("Co Worker", manager.name);
    await page.getByRole("button", { name: "Run Report" }).click();
    await page.getByText("Total Activities").waitFor();
    await page.getByText(/created the task/).first().waitFor();
    expect(await page.getByRole("button", { name: "Export" }).count()).toBe(0);
    await screenshot(page, "reports-user-activities");
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByText(/created the task/).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "reports-user-activities-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("asks for a project, then a milestone, on the milestone report", async () => {
    await page.goto(`${server.url}/#/reports/milestone-tasks`);
    await page.getByRole("dialog", { name: "Filter the report" }).waitFor();
    expect(await page.getByRole("dialog").getByRole("combobox", { name: "Milestone" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Run Report" }).click();
    await page.getByText("Please choose project").waitFor();
    await choose("Project", atlas);
    expect(await page.getByRole("dialog").getByRole("combobox", { name: "Milestone" }).isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Run Report" }).click();
    await page.getByText("Please choose milestone").waitFor();
    await page.keyboard.press("Escape");
  });

  it("builds an advanced report from two filter rows", async () => {
    await page.goto(`${server.url}/#/reports/advance-tasks`);
    await page.getByRole("heading", { name: "Advanced Report", level: 1 }).waitFor();
    const generate = page.getByRole("button", { name: "Generate" });
    expect(await generate.isDisabled()).toBe(true);
    const filterRows = page.getByTestId("advance-filter-row");
    await filterRows.nth(0).getByRole("combobox", { name: "Filter" }).click();
    await page.getByRole("option", { name: "Status" }).click();
    await filterRows.nth(0).getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Incomplete" }).click();
    expect(await generate.isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Load more" }).click();
    await filterRows.nth(1).getByRole("combobox", { name: "Filter" }).click();
    // Status is used by the first row: it cannot be chosen again.
    expect(await page.getByRole("option", { name: "Status" }).getAttribute("data-combobox-disabled")).toBe("true");
    await page.getByRole("option", { name: "Project" }).click();
    await filterRows.nth(1).getByLabel("Project", { exact: true }).click();
    await page.getByRole("option", { name: atlas }).click();
    await page.keyboard.press("Escape");
    await generate.click();
    await poll(() => page.url()).toContain("filters=");
    await page.getByText("Total Tasks").locator("..").getByText("22", { exact: true }).waitFor();
    await poll(() => rows().count()).toBe(22);
    expect(await page.getByRole("link", { name: "Export to CSV" }).getAttribute("href")).toMatch(/advance-report\?csv=1&filters=/);
    await screenshot(page, "reports-advanced");
    await expectNoSeriousAxeViolations(page, "advanced report");
    await page.setViewportSize(PHONE);
    await page.reload();
    await poll(() => rows().count()).toBe(22);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "reports-advanced-phone");
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Remove this filter" }).click();
    await poll(() => filterRows.count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
