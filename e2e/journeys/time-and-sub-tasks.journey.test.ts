import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { journeyDay } from "../lib/clock.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * A working morning with sub-tasks and the timer: the manager breaks a task into steps by keyboard,
 * reorders them, ticks them off and watches the task's bar fill; starts the timer, reloads (the clock is
 * the server's and keeps running), stops it; is refused custom time while a timer runs, adds time by hand,
 * and finds it all on the week's timesheet; then completes the task with its last step in one go.
 */

useJourney({ name: "time-and-sub-tasks", viewport: { width: 1280, height: 800 } });

const ids = { project: 0, list: 0, task: 0 };
let api: ApiSession;
const taskTitle = "Offline cache";
const steps = ["Write the schema", "Sync on reconnect", "Test in airplane mode"];

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  const me = ((await api.get("auth/me")).data as { user: { id: number } }).user;
  ids.project = (await api.post("pm/v2/projects", { title: "Mobile app" })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "This sprint" })).data.id;
  ids.task = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: taskTitle, board_id: ids.list, assignees: [me.id], estimation: 60 })).data.id;
});

const addTimeForm = () => page.getByRole("form", { name: "Add time by hand" });
const taskUrl = () => `${server.url}/#/projects/${ids.project}/task-lists/tasks/${ids.task}`;
const subTaskTitles = async () =>
  ((await api.get(`pm-pro/v2/tasks/${ids.task}/sub-tasks?per_page=1000&page=1`)).data as Array<{ title: string }>).map((task) => task.title);

describe("sub-tasks and time: a task broken into steps, timed, and shown on the week's sheet", () => {
  it("signs in and opens the task", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.goto(taskUrl());
    await page.getByRole("heading", { name: "Sub-tasks" }).waitFor();
  });

  it("adds three sub-tasks by keyboard, the field keeping the focus", async () => {
    const field = page.getByRole("textbox", { name: `New sub-task of ${taskTitle}` });
    await field.click();
    for (const title of steps) {
      const created = waitForAnswer(page, "POST", `/api/pm-pro/v2/tasks/${ids.task}/sub-tasks`);
      await field.fill(title);
      await field.press("Enter");
      await expectOk(created);
      await page.getByTestId("sub-tasks-list").getByText(title, { exact: true }).waitFor();
    }
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByTestId("sub-tasks-progress").getByText("0 of 3 done").waitFor();
    expect(await subTaskTitles()).toEqual(steps);
  });

  it("moves the last step to the top with Alt+Up, and the server keeps the order", async () => {
    const handle = page.getByRole("button", { name: `Move the sub-task ${steps[2]}` });
    await handle.focus();
    for (const _ of [1, 2]) {
      const sorted = waitForAnswer(page, "POST", "/api/pm-pro/v2/sub-tasks/sorting");
      await page.keyboard.press("Alt+ArrowUp");
      await expectOk(sorted);
    }
    await poll(subTaskTitles).toEqual([steps[2], steps[0], steps[1]]);
    const shown = await page.getByTestId("sub-tasks-list").locator('[data-testid^="sub-task-"]').allTextContents();
    expect(shown[0]).toContain(steps[2]);
  });

  it("ticks two steps off and the task's bar and count follow", async () => {
    for (const title of [steps[2], steps[0]]) {
      const updated = waitForAnswer(page, "POST", /\/sub-tasks\/\d+\/update$/);
      await page.getByRole("checkbox", { name: `Mark the sub-task “${title}” complete` }).click();
      await expectOk(updated);
    }
    await page.getByTestId("sub-tasks-progress").getByText("2 of 3 done").waitFor();
    await page.getByTestId("sub-task-count").first().getByText("2/3").waitFor();
    await screenshot(page, "time-and-sub-tasks-steps");
  });

  it("starts the timer, and after a reload the header still shows it running", async () => {
    const started = waitForAnswer(page, "POST", "/api/pm-pro/v2/time/");
    await page.getByRole("button", { name: "Start timer" }).click();
    await expectOk(started);
    await page.getByTestId("header-timer").waitFor();
    await page.reload();
    await page.getByTestId("header-timer").waitFor();
    await page.getByRole("button", { name: "Stop timer" }).waitFor();
    const clock = page.getByTestId("header-timer-clock");
    const first = await clock.textContent();
    await poll(async () => await clock.textContent()).not.toBe(first);
    await screenshot(page, "time-and-sub-tasks-running");
  });

  it("refuses time added by hand while the timer runs, as a toast", async () => {
    await page.getByRole("button", { name: "Add time" }).click();
    await addTimeForm().getByLabel("Minutes").fill("30");
    const refused = waitForAnswer(page, "POST", "/api/pm-pro/v2/custom-time/");
    await addTimeForm().getByRole("button", { name: "Add", exact: true }).click();
    expect((await refused).status()).toBe(422);
    await page.getByRole("alert").filter({ hasText: "Please stop your time tracker." }).waitFor();
  });

  it("stops the timer and adds 1 h 30 m by hand", async () => {
    const stopped = waitForAnswer(page, "POST", "/api/pm-pro/v2/time/update");
    await page.getByRole("button", { name: "Stop timer" }).click();
    await expectOk(stopped);
    await page.getByTestId("header-timer").waitFor({ state: "detached" });
    await addTimeForm().getByLabel("Hours").fill("1");
    await addTimeForm().getByLabel("Minutes").fill("30");
    const added = waitForAnswer(page, "POST", "/api/pm-pro/v2/custom-time/");
    await addTimeForm().getByRole("button", { name: "Add", exact: true }).click();
    await expectOk(added);
    // The timer's few seconds and the 1 h 30 m: the task's total reads 1h 30m.
    await page.getByText(/^Total 1h 30m/).waitFor();
    const logs = (await api.get(`pm/v2/projects/${ids.project}/tasks/${ids.task}`)).data as { time: { data: Array<{ total: number; source: string }> } };
    expect(logs.time.data.map((log) => log.source).sort()).toEqual(["custom", "timer"]);
  });

  it("finds the time on this week's timesheet", async () => {
    await page.goto(`${server.url}/#/my-tasks/timesheet`);
    const row = page.getByRole("row").filter({ hasText: taskTitle });
    await row.waitFor();
    await row.getByText("1h 30m").first().waitFor();
    const sheet = (await api.get(`pm-pro/v2/timesheet?start=${journeyDay(0)}&days=7`)).data as { rows: Array<{ task: { id: number }; total: number }> };
    expect(sheet.rows.find((entry) => entry.task.id === ids.task)?.total).toBeGreaterThanOrEqual(5400);
    await screenshot(page, "time-and-sub-tasks-timesheet");
  });

  it("completes the task with its last open step in one go", async () => {
    await page.goto(taskUrl());
    await page.getByRole("heading", { name: "Sub-tasks" }).waitFor();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Complete", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Complete its 1 open sub-task too?" });
    await question.waitFor();
    const changed = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${ids.task}/change-status`);
    await question.getByRole("button", { name: "Complete all" }).click();
    await expectOk(changed);
    await poll(async () => {
      const task = (await api.get(`pm/v2/projects/${ids.project}/tasks/${ids.task}`)).data as { status: number; sub_tasks: { total: number; complete: number } };
      return [task.status, task.sub_tasks];
    }).toEqual([1, { total: 3, complete: 3 }]);
    await page.getByTestId("sub-tasks-progress").getByText("3 of 3 done").waitFor();
    expect(pageErrors).toEqual([]);
  });
});
