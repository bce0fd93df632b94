import type { APIRequestContext, Locator, Response } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot, settled, waitForAnswer } from "../lib/browser.js";
import { page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";
import { journeyDay, journeyWeek } from "../lib/clock.js";

/**
 * The calendar as a project manager uses it: a task made from a click on a day, dragged to another day,
 * stretched by its end, found on its assignee's row in the user view, handed to a co-worker there, and
 * opened. The people and the project are set up through the API; everything on the calendar is done with
 * the mouse and keyboard, and every saved date is read back through the API.
 */

useJourney({ name: "calendar", viewport: { width: 1280, height: 900 } });

const projectTitle = "Product launch";
const taskTitle = "Write the launch plan";

let nonce = "";
let managerId = 0;
let coWorkerId = 0;
let projectId = 0;
let taskId = 0;

// The journey runs on its own fixed day (lib/clock.ts): a Monday near the end of a month, so that the task
// below shares a crowded week row with others and part of it hides behind "+2 more".
const week = journeyWeek();
const inDays = journeyDay;
const today = () => journeyDay(0);
const [sunday, , tuesday, , thursday] = week as [string, string, string, string, string, string, string];

async function call(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown): Promise<{ data: Record<string, unknown> & { id: number } }> {
  const response = method === "GET" ? await request.get(`${server.url}${path}`) : await request.post(`${server.url}${path}`, { data, headers: { "X-PM-Nonce": nonce } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** The task as saved, read back through the API. */
async function savedTask(): Promise<{ start_at: { date: string } | null; due_date: { date: string } | null; assignees: { data: Array<{ id: number }> } }> {
  const answer = await call(page.request, "GET", `/api/pm/v2/projects/${projectId}/tasks/${taskId}`);
  return answer.data as never;
}

function updated(): Promise<Response> {
  return waitForAnswer(page, "POST", /\/api\/pm\/v2\/projects\/\d+\/tasks\/\d+\/update$/);
}

/** Closes the toasts that are up, so that screenshots show the page itself. */
async function closeToasts(): Promise<void> {
  const closers = page.getByRole("alert").getByRole("button", { name: "Close" });
  for (const close of (await closers.all()).reverse()) await close.click({ timeout: 2_000 }).catch(() => undefined);
  await poll(() => page.getByRole("alert").count()).toBe(0);
}

/** Presses the mouse on `from`, moves in steps to the point, and lets go: a person's drag. */
async function drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 2, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A day's cell of the month or week grid. */
function dayCell(day: string): Locator {
  return page.locator(`.plotline-calendar [role="gridcell"][data-date="${day}"], .plotline-calendar [role="cell"][data-date="${day}"]`).first();
}

/** Picks a view in the toolbar's switch, by its label as a person sees it. */
async function chooseView(name: string): Promise<void> {
  await page.getByRole("radiogroup", { name: "Calendar view" }).getByText(name, { exact: true }).click();
  await poll(() => page.getByRole("radio", { name }).isChecked()).toBe(true);
  // The switch's indicator slides over; let it arrive before a screenshot.
  await settled(page);
}

function monthEvent(): Locator {
  return page.locator(".plotline-calendar .plotline-event").filter({ hasText: taskTitle });
}

beforeAll(async () => {
  // The page's own request context shares its cookies: set-up signs the manager in for the browser too.
  const setup = await page.request.post(`${server.url}/api/auth/setup`, { data: { display_name: manager.name, email: manager.email, password: manager.password } });
  expect(setup.status()).toBe(200);
  const signedIn = await setup.json();
  nonce = signedIn.data.nonce;
  managerId = signedIn.data.user.id;
  coWorkerId = (await call(page.request, "POST", "/api/pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false })).data.id;
  projectId = (await call(page.request, "POST", "/api/pm/v2/projects", { title: projectTitle, assignees: [{ user_id: coWorkerId, role_id: 2 }] })).data.id;
  await call(page.request, "POST", `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Marketing" });
  // Something of each kind the legend names, around the task the journey makes.
  await call(page.request, "POST", `/api/pm/v2/projects/${projectId}/milestones`, { title: "Beta release", achieve_date: week[3] });
  const done = (await call(page.request, "POST", `/api/pm/v2/projects/${projectId}/tasks`, { title: "Book the venue", start_at: week[1], due_date: week[1], assignees: [managerId] })).data.id;
  await call(page.request, "POST", `/api/pm/v2/projects/${projectId}/tasks/${done}/change-status`, { status: 1 });
  await call(page.request, "POST", `/api/pm/v2/projects/${projectId}/tasks`, { title: "Prepare the press kit", start_at: today(), due_date: inDays(3), assignees: [managerId] });
});

describe("calendar: make, move, stretch, reassign and open a task", () => {
  it("opens the calendar from the site menu on the month view", async () => {
    await page.goto(server.url);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Calendar" }).click();
    await page.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();
    await dayCell(sunday).waitFor();
    // The users filter starts on the signed-in person.
    await page.getByRole("form", { name: "Calendar filters" }).getByText(manager.name, { exact: true }).waitFor();
    for (const legend of ["Incomplete Task", "Complete Task", "Outstanding Task", "Milestone"]) await page.getByText(legend, { exact: true }).waitFor();
    await screenshot(page, "calendar-month-empty");
  });

  it("creates a task from a click on a day, in the New Task popup", async () => {
    await dayCell(sunday).click({ position: { x: 40, y: 60 } });
    const dialog = page.getByRole("dialog", { name: "New Task" });
    await dialog.waitFor();
    // The only project is chosen already, with its Inbox, and both dates are the day clicked.
    await poll(() => dialog.getByRole("combobox", { name: "Project" }).inputValue()).toBe(projectTitle);
    await poll(() => dialog.getByRole("combobox", { name: "Task list" }).inputValue()).toBe("Inbox");
    await dialog.getByRole("textbox", { name: "Task title" }).fill(taskTitle);
    await dialog.getByRole("combobox", { name: "Task list" }).click();
    await page.getByRole("option", { name: "Marketing" }).click();
    await dialog.getByRole("combobox", { name: "Assignees" }).click();
    await page.getByRole("option", { name: manager.name }).click();
    await dialog.getByRole("heading", { name: "New Task" }).click();
    await screenshot(page, "calendar-new-task");
    const created = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/api/pm/v2/projects/${projectId}/tasks`);
    await dialog.getByRole("button", { name: "Create task" }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    taskId = (await response.json()).data.id;
    await dialog.waitFor({ state: "hidden" });
    await monthEvent().waitFor();
    const saved = await savedTask();
    expect([saved.start_at?.date, saved.due_date?.date]).toEqual([sunday, sunday]);
    expect(saved.assignees.data.map((user) => user.id)).toEqual([managerId]);
  });

  it("drags the task to another day: both dates move", async () => {
    const answer = updated();
    await drag(await centre(monthEvent()), await centre(dayCell(tuesday)));
    expect((await answer).status()).toBe(200);
    await poll(async () => {
      const saved = await savedTask();
      return [saved.start_at?.date, saved.due_date?.date];
    }).toEqual([tuesday, tuesday]);
  });

  it("stretches the task by its end: the due date is the last day covered", async () => {
    const event = monthEvent();
    await event.hover();
    const box = await event.boundingBox();
    if (!box) throw new Error("the event is not on screen");
    const answer = updated();
    // FullCalendar's end handle sits on the event's right edge.
    await drag({ x: box.x + box.width - 1, y: box.y + box.height / 2 }, { x: (await centre(dayCell(thursday))).x, y: box.y + box.height / 2 });
    expect((await answer).status()).toBe(200);
    await poll(async () => {
      const saved = await savedTask();
      return [saved.start_at?.date, saved.due_date?.date];
    }).toEqual([tuesday, thursday]);
    await closeToasts();
    await page.getByTestId("calendar-title").click();
    await screenshot(page, "calendar-month");
  });

  it("shows the week and the day views", async () => {
    await chooseView("Week");
    await page.locator(".plotline-calendar .plotline-event").filter({ hasText: taskTitle }).waitFor();
    await screenshot(page, "calendar-week");
    await chooseView("Day");
    await page.getByText("All day").first().waitFor();
    // From today to the task's last day, with the toolbar's arrows.
    const steps = Math.round((new Date(`${thursday}T12:00:00`).getTime() - new Date(`${today()}T12:00:00`).getTime()) / 86_400_000);
    for (let step = 0; step < Math.abs(steps); step++) await page.getByRole("button", { name: steps < 0 ? "Previous day" : "Next day" }).click();
    await monthEvent().waitFor();
    // The arrow keeps focus and its tooltip; a click elsewhere lets both go before the picture.
    await page.getByTestId("calendar-title").click();
    await page.getByRole("tooltip").waitFor({ state: "detached" });
    await screenshot(page, "calendar-day");
  });

  it("shows everyone after clearing the users filter, and the task on its assignee's row in the user view", async () => {
    const users = page.getByRole("combobox", { name: "Users" });
    await users.click();
    await users.press("Backspace");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Filter" }).click();
    await poll(() => page.url()).toContain("filter=1");
    await chooseView("User view");
    await page.getByTestId("user-view").waitFor();
    const rows = page.getByTestId("user-view-row");
    await poll(() => rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label")))).toEqual([manager.name, coWorker.name, "Unassigned"]);
    const onManagerRow = page.locator(`[data-testid="user-view-row"][data-user-id="${managerId}"] [data-testid="user-view-event"]`).filter({ hasText: taskTitle });
    await onManagerRow.waitFor();
    await screenshot(page, "calendar-user-view");
  });

  it("hands the task to the co-worker by dragging it to their row", async () => {
    const bar = page.locator(`[data-testid="user-view-row"][data-user-id="${managerId}"] [data-testid="user-view-event"]`).filter({ hasText: taskTitle });
    const from = await centre(bar);
    const target = await centre(page.locator(`[data-testid="user-view-row"][data-user-id="${coWorkerId}"] .plotline-userview__track`));
    const answer = updated();
    await drag(from, { x: from.x, y: target.y });
    expect((await answer).status()).toBe(200);
    await poll(async () => (await savedTask()).assignees.data.map((user) => user.id)).toEqual([coWorkerId]);
    const saved = await savedTask();
    expect([saved.start_at?.date, saved.due_date?.date]).toEqual([tuesday, thursday]);
    await page.locator(`[data-testid="user-view-row"][data-user-id="${coWorkerId}"] [data-testid="user-view-event"]`).filter({ hasText: taskTitle }).waitFor();
  });

  it("opens the task over the calendar, and closing returns to the same view", async () => {
    await page.locator(`[data-testid="user-view-row"][data-user-id="${coWorkerId}"] [data-testid="user-view-event"]`).filter({ hasText: taskTitle }).getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: taskTitle });
    await dialog.waitFor();
    await poll(() => page.url()).toContain(`#/calendar/projects/${projectId}/tasks/${taskId}`);
    await dialog.getByText("Marketing").or(dialog.getByText(coWorker.name)).first().waitFor();
    await screenshot(page, "calendar-single-task");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("user-view").waitFor();
  });

  it("opens a task from the keyboard: Tab reaches events, Enter opens one", async () => {
    await chooseView("Month");
    await monthEvent().filter({ visible: true }).first().waitFor();
    // From the view switch, Tab walks the grid as a person would until it reaches the task. A day that
    // overflows keeps the task's middle part hidden behind "+2 more"; Tab passes over hidden parts.
    await page.getByRole("radio", { name: "Month" }).focus();
    const focusedTitle = () => page.evaluate(() => document.activeElement?.querySelector(".plotline-event__title")?.textContent ?? null);
    for (let presses = 0; presses < 40 && (await focusedTitle()) !== taskTitle; presses++) await page.keyboard.press("Tab");
    expect(await focusedTitle()).toBe(taskTitle);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: taskTitle });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("shows what a crowded day hides, and takes a milestone to its project's milestones page", async () => {
    // On the journey's week the milestone's day holds three things, and the month view shows two.
    await dayCell(week[3]!).getByText("+2 more").click();
    // The day's popover opens over the grid, outside the calendar's own element.
    const hidden = page.locator(".plotline-event").filter({ hasText: "Beta release", visible: true });
    await hidden.waitFor();
    await screenshot(page, "calendar-more");
    await hidden.click();
    await poll(() => page.url()).toContain(`#/projects/${projectId}/milestones`);
  });

  it("narrows to one project at its project calendar address", async () => {
    await page.goto(`${server.url}/#/calendar/project/${projectId}`);
    const filters = page.getByRole("form", { name: "Calendar filters" });
    await poll(() => filters.getByRole("combobox", { name: "Project" }).inputValue()).toBe(projectTitle);
    await page.locator(".plotline-calendar .plotline-event").filter({ hasText: "Beta release" }).waitFor();
  });

  it("shows a calm 'Not available' over the calendar for a task address of a project that does not exist", async () => {
    await page.goto(`${server.url}/#/calendar/projects/999999/tasks/1`);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Not available" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await poll(() => page.url()).toMatch(/#\/calendar(\?|$)/);
  });

  it("starts weeks on the day the general settings name, in the calendar and in the date pickers", async () => {
    await page.goto(`${server.url}/#/settings`);
    const firstDay = page.getByRole("textbox", { name: "First day of the week" }).or(page.getByRole("combobox", { name: "First day of the week" })).first();
    await firstDay.click();
    const saved = waitForAnswer(page, "POST", "/api/pm/v2/settings");
    await page.getByRole("option", { name: "Monday" }).click();
    expect((await saved).status()).toBe(200);
    await page.goto(`${server.url}/#/calendar`);
    const headings = page.locator(".plotline-calendar [role='columnheader']");
    await poll(() => headings.first().textContent()).toContain("Mon");
    // The New Task popup's date picker agrees with the calendar.
    await page.getByRole("button", { name: "New task" }).click();
    const dialog = page.getByRole("dialog", { name: "New Task" });
    await dialog.getByRole("button", { name: "Start date" }).click();
    await poll(() => page.locator(".mantine-DatePicker-weekday, .mantine-DatePickerInput-weekday").first().textContent()).toBe("Mo");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await call(page.request, "POST", "/api/pm/v2/settings", { key: "first_day_of_week", value: 0 });
  });

  it("opens on a list of the month's days on a phone, with the toolbar wrapped", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}/#/calendar`);
    await page.reload();
    await poll(() => page.getByRole("radio", { name: "List" }).isChecked()).toBe(true);
    // The users filter starts on the signed-in manager, whose task runs from today.
    await page.locator(".plotline-calendar .plotline-event").filter({ hasText: "Prepare the press kit" }).first().waitFor();
    // Nothing of the toolbar is cut off: each control sits inside the screen.
    for (const control of [page.getByRole("button", { name: "Today" }), page.getByRole("button", { name: "Next month" }), page.getByTestId("calendar-title"), page.getByText("User view", { exact: true })]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await settled(page);
    await screenshot(page, "calendar-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("leaves the menu and its address when the modules list switches Calendar off", async () => {
    await call(page.request, "POST", "/api/pm-pro/v2/module-update", { module: "calendar", type: "deactivate" });
    // The modules page reloads the app after a switch; a person who kept the calendar's address lands here.
    await page.goto(`${server.url}/#/calendar`);
    await page.reload();
    await page.getByText("This page does not exist.").waitFor();
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await menu.getByRole("link", { name: "Projects" }).waitFor();
    expect(await menu.getByRole("link", { name: "Calendar" }).count()).toBe(0);
    await call(page.request, "POST", "/api/pm-pro/v2/module-update", { module: "calendar", type: "activate" });
    expect(pageErrors).toEqual([]);
  });
});
