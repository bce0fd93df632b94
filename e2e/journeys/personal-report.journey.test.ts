import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * The personal estimate report under My Tasks: three tasks with estimations and logged time, completed
 * today through the API, then the report opened from My Tasks' Reports view. Its presets change the
 * address and the figures (This Month has the work, Last Month has none), and the chart draws its bars
 * again after the window changes size.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

useJourney({ name: "personal-report", viewport: DESKTOP });

const tasks = [
  { title: "Pricing page copy", estimation: 90, hour: 1, minute: 15 },
  { title: "Checkout bug", estimation: 120, hour: 2, minute: 30 },
  { title: "Release notes", estimation: 30, hour: 0, minute: 20 },
];
let api: ApiSession;
let me = 0;

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  me = ((await api.get("auth/me")).data as { user: { id: number } }).user.id;
  const project = (await api.post("pm/v2/projects", { title: "Storefront" })).data.id;
  const list = (await api.post(`pm/v2/projects/${project}/task-lists`, { title: "Sprint work" })).data.id;
  for (const task of tasks) {
    const id = (await api.post(`pm/v2/projects/${project}/tasks`, { title: task.title, board_id: list, estimation: task.estimation, assignees: [me] })).data.id;
    await api.post("pm-pro/v2/custom-time/", { task_id: id, project_id: project, hour: task.hour, minute: task.minute });
    await api.post(`pm/v2/projects/${project}/tasks/${id}/change-status`, { status: 1 });
  }
});

const figure = (testId: string) => page.getByTestId(testId).first();
const bars = () => page.locator("[data-testid=personal-report-chart] .recharts-bar-rectangle");

describe("the personal estimate report", () => {
  it("opens from My Tasks' Reports view with this month's totals and the chart", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "My Tasks" }).click();
    const report = waitForAnswer(page, "GET", "/api/pm-pro/v2/report-summary");
    await page.getByTestId("my-tasks-view-reports").click();
    const answer = await expectOk(report);
    expect(new URL(answer.url()).searchParams.get("startDate")).toMatch(/^\d{2}\/01\/\d{4}$/);
    await poll(() => page.url()).toContain(`#/my-tasks/${me}/reports`);
    await page.getByRole("heading", { name: "Reports", level: 2 }).waitFor();

    // 90 + 120 + 30 minutes estimated over three tasks; 1:15 + 2:30 + 0:20 logged.
    await poll(() => figure("personal-report-total-estimation").textContent()).toBe("4:00");
    expect(await figure("personal-report-completed").textContent()).toBe("3");
    expect(await figure("personal-report-avg-task").textContent()).toBe("1:20");
    expect(await figure("personal-report-logged").textContent()).toBe("4:05");
    for (const task of tasks) await page.getByRole("link", { name: task.title }).first().waitFor();
    // One project: an orange (estimated) and a teal (completed) bar.
    await poll(() => bars().count()).toBe(2);
    await screenshot(page, "personal-report-this-month");
  });

  it("moves the range with the presets: Last Month is empty, Today has the work again", async () => {
    const lastMonth = waitForAnswer(page, "GET", "/api/pm-pro/v2/report-summary");
    await page.getByTestId("personal-report-preset-last_month").click();
    await expectOk(lastMonth);
    await poll(() => page.url()).toMatch(/start_date=\d{4}-\d{2}-01&end_date=\d{4}-\d{2}-\d{2}/);
    await page.getByText("No Data Found").waitFor();
    await page.getByText("Please search again!").waitFor();
    await screenshot(page, "personal-report-empty");

    await page.getByTestId("personal-report-preset-today").click();
    await poll(() => figure("personal-report-total-estimation").textContent()).toBe("4:00");
    const today = new URL(page.url().replace("#/", "")).searchParams;
    expect(today.get("start_date")).toBe(today.get("end_date"));
    expect(await page.getByTestId("personal-report-preset-today").getAttribute("aria-pressed")).toBe("true");
  });

  it("draws the chart again after a resize, and reads well on a phone", async () => {
    const chart = page.getByTestId("personal-report-chart");
    const before = Number(await chart.getAttribute("data-redraw"));
    await page.setViewportSize(PHONE);
    await poll(async () => Number(await chart.getAttribute("data-redraw"))).toBeGreaterThan(before);
    await poll(() => bars().count()).toBe(2);
    await screenshot(page, "personal-report-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
