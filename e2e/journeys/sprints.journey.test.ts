import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { closeToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * A sprint from start to finish: the manager plans a sprint on the sprints page and fills it from the
 * backlog (a click, the keyboard, a drag), starts it, completes two tasks, adds one more, moves one back to
 * the backlog from its menu, removes another and deletes a third for good (after "Are you sure?"), then
 * completes the sprint carrying the open task over to the next planned sprint, and reads the completed
 * sprint's burndown and report.
 */

useJourney({ name: "sprints", viewport: { width: 1440, height: 900 } });

/** The tasks of the scene with their estimations in minutes. */
const TASKS = {
  login: { title: "Fix the login redirect", minutes: 60 },
  checkout: { title: "Checkout address form", minutes: 120 },
  banner: { title: "Cookie banner text", minutes: 30 },
  export: { title: "Order export to CSV", minutes: 90 },
  emails: { title: "Order confirmation e-mails", minutes: 45 },
  favicon: { title: "New favicon", minutes: 15 },
} as const;
type TaskKey = keyof typeof TASKS;

const ids = { project: 0, list: 0, next: 0, sprint: 0 } as { project: number; list: number; next: number; sprint: number } & Partial<Record<TaskKey, number>>;
let api: ApiSession;

const taskId = (key: TaskKey) => {
  const id = ids[key];
  if (id === undefined) throw new Error(`no task ${key}`);
  return id;
};

interface SprintAnswer {
  status: string;
  tasks?: { data: Array<{ id: number; status: number }> };
}
const sprintOf = async (id: number) => (await api.get(`pm-pro/v2/sprints/${id}?with=tasks`)).data as SprintAnswer;
const sprintTaskIds = async (id: number) => ((await sprintOf(id)).tasks?.data ?? []).map((task) => task.id).sort((a, b) => a - b);
const sorted = (...keys: TaskKey[]) => keys.map(taskId).sort((a, b) => a - b);

const backlogRow = (key: TaskKey) => page.getByTestId(`backlog-task-${taskId(key)}`);
const sprintRow = (key: TaskKey) => page.getByTestId(`sprint-task-${taskId(key)}`);
const tasksPath = () => `/api/pm-pro/v2/sprints/${ids.sprint}/tasks`;

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  ids.project = (await api.post("pm/v2/projects", { title: "Shop relaunch" })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "Launch" })).data.id;
  for (const [key, task] of Object.entries(TASKS) as Array<[TaskKey, (typeof TASKS)[TaskKey]]>) {
    ids[key] = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: task.title, board_id: ids.list, estimation: task.minutes })).data.id;
  }
  // The sprint after this one, where the open tasks will go.
  ids.next = (await api.post("pm-pro/v2/sprints", { title: "Sprint 2", start_at: "2026-12-07", due_date: "2026-12-18", projects: [ids.project] })).data.id;
});

describe("sprints: plan from the backlog, run, and complete with carry-over", () => {
  it("signs in and finds Sprints in the menu, with the planned sprint on its tab", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByRole("link", { name: "Sprints" }).click();
    await page.getByRole("heading", { name: "Sprints", exact: true }).waitFor();
    await page.getByText("No sprint is running").waitFor();
    await screenshot(page, "sprints-empty-active");
    await page.getByRole("link", { name: "See planned sprints" }).click();
    await page.getByRole("link", { name: "Sprint 2" }).waitFor();
    expect(page.url()).toContain("#/sprints?tab=planned");
  });

  it("plans a sprint with a goal over the project, and lands on its page", async () => {
    await page.getByRole("button", { name: "New sprint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New sprint" });
    await dialog.getByLabel("Title").fill("Sprint 1: checkout");
    await dialog.getByLabel("Goal").fill("A checkout that works end to end.");
    await dialog.getByRole("combobox", { name: "Projects" }).click();
    await page.getByRole("option", { name: "Shop relaunch" }).click();
    await page.keyboard.press("Escape");
    const created = waitForAnswer(page, "POST", "/api/pm-pro/v2/sprints");
    await dialog.getByRole("button", { name: "Create sprint" }).click();
    const answer = (await (await expectOk(created)).json()) as { data: { id: number; start_at: { date: string }; due_date: { date: string } } };
    ids.sprint = answer.data.id;
    // The form offered two weeks from the journey's day.
    expect([answer.data.start_at.date.slice(0, 10), answer.data.due_date.date.slice(0, 10)]).toEqual(["2026-11-23", "2026-12-06"]);
    await page.getByRole("heading", { name: "Sprint 1: checkout", level: 1 }).waitFor();
    await page.getByText("No tasks in this sprint").waitFor();
    await backlogRow("login").waitFor();
  });

  it("fills it from the backlog with a click, the keyboard and a drag", async () => {
    for (const key of ["login", "favicon"] as const) {
      const added = waitForAnswer(page, "POST", tasksPath());
      await page.getByRole("button", { name: `Add ${TASKS[key].title} to the sprint` }).click();
      await expectOk(added);
      await sprintRow(key).waitFor();
    }
    // The keyboard: the row's button takes Enter.
    const byKey = waitForAnswer(page, "POST", tasksPath());
    await page.getByRole("button", { name: `Add ${TASKS.checkout.title} to the sprint` }).focus();
    await page.keyboard.press("Enter");
    await expectOk(byKey);
    await sprintRow("checkout").waitFor();
    await page.getByRole("button", { name: `Add ${TASKS.banner.title} to the sprint` }).click();
    await sprintRow("banner").waitFor();
    // A drag from the backlog row's handle into the sprint's list.
    const handle = backlogRow("export").locator(".sprint-row-handle");
    const from = await handle.boundingBox();
    const to = await page.getByTestId("sprint-task-zone").boundingBox();
    if (!from || !to) throw new Error("the handle or the sprint's list is not on screen");
    const dragged = waitForAnswer(page, "POST", tasksPath());
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const [x, y] = [to.x + to.width / 2, to.y + to.height / 2];
    for (let step = 1; step <= 8; step += 1) await page.mouse.move(from.x + ((x - from.x) * step) / 8, from.y + ((y - from.y) * step) / 8);
    await page.mouse.up();
    await expectOk(dragged);
    await sprintRow("export").waitFor();
    await poll(() => sprintTaskIds(ids.sprint)).toEqual(sorted("login", "favicon", "checkout", "banner", "export"));
    await expect(backlogRow("login").count()).resolves.toBe(0);
    await closeToasts(page);
    await screenshot(page, "sprints-planned");
    await expectNoSeriousAxeViolations(page, "planned sprint with its backlog");
  });

  it("starts it", async () => {
    await page.getByRole("button", { name: "Start sprint" }).click();
    const dialog = page.getByRole("dialog", { name: "Start Sprint 1: checkout?" });
    await dialog.getByText("Its 5 tasks are taken as the sprint's original scope").waitFor();
    const started = waitForAnswer(page, "POST", `/api/pm-pro/v2/sprints/${ids.sprint}/start`);
    await dialog.getByRole("button", { name: "Start sprint" }).click();
    await expectOk(started);
    await page.getByText("Active", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Complete sprint" }).waitFor();
    await page.getByTestId("sprint-burndown-chart").waitFor();
  });

  it("completes two tasks with their boxes", async () => {
    for (const key of ["login", "checkout"] as const) {
      const changed = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${taskId(key)}/change-status`);
      // A click, not check(): the box's name turns to "… incomplete" as it is checked, and the row moves to Done.
      await page.getByRole("checkbox", { name: `Mark “${TASKS[key].title}” complete` }).click();
      await expectOk(changed);
    }
    await page.getByText("2 of 5 tasks done").waitFor();
    await page.getByText("Done (2)").waitFor();
  });

  it("adds a task after the start, which the burndown counts as added scope", async () => {
    const added = waitForAnswer(page, "POST", tasksPath());
    await page.getByRole("button", { name: `Add ${TASKS.emails.title} to the sprint` }).click();
    await expectOk(added);
    await sprintRow("emails").waitFor();
  });

  it("moves one task back to the backlog from its menu, and removes another from the sprint", async () => {
    const moved = waitForAnswer(page, "POST", `/api/pm-pro/v2/sprints/${ids.sprint}/tasks/${taskId("banner")}/delete`);
    await page.getByRole("button", { name: `Actions for ${TASKS.banner.title}` }).click();
    await page.getByRole("menuitem", { name: "Move to backlog" }).click();
    await expectOk(moved);
    await backlogRow("banner").waitFor();

    await page.getByRole("button", { name: `Actions for ${TASKS.favicon.title}` }).click();
    await page.getByRole("menuitem", { name: "Remove or delete…" }).click();
    const dialog = page.getByRole("dialog", { name: `Remove ${TASKS.favicon.title}?` });
    const removed = waitForAnswer(page, "POST", `/api/pm-pro/v2/sprints/${ids.sprint}/tasks/${taskId("favicon")}/delete`);
    await dialog.getByRole("button", { name: "Remove from sprint" }).click();
    await expectOk(removed);
    await backlogRow("favicon").waitFor();
    // Taken out of the sprint, the task itself stays.
    await expect(api.get(`pm/v2/projects/${ids.project}/tasks/${taskId("favicon")}`)).resolves.toBeTruthy();
  });

  it("deletes a task permanently after Are you sure", async () => {
    await page.getByRole("button", { name: `Actions for ${TASKS.export.title}` }).click();
    await page.getByRole("menuitem", { name: "Remove or delete…" }).click();
    await page.getByRole("dialog", { name: `Remove ${TASKS.export.title}?` }).getByRole("button", { name: "Delete task permanently" }).click();
    const sure = page.getByRole("dialog", { name: "Are you sure?" });
    await sure.getByText(`${TASKS.export.title} will be deleted`).waitFor();
    const deleted = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${taskId("export")}/delete`);
    await sure.getByRole("button", { name: "Delete task permanently" }).click();
    await expectOk(deleted);
    await poll(() => sprintRow("export").count()).toBe(0);
    await poll(() => sprintTaskIds(ids.sprint)).toEqual(sorted("login", "checkout", "emails"));
    await closeToasts(page);
    await screenshot(page, "sprints-active");
    await expectNoSeriousAxeViolations(page, "active sprint");
  });

  it("completes the sprint carrying the open task over to Sprint 2", async () => {
    await page.getByRole("button", { name: "Complete sprint" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Sprint 1: checkout" });
    await dialog.getByText("2 of 3 tasks are done.").waitFor();
    await dialog.getByRole("radio", { name: "To Sprint 2" }).check();
    const completed = waitForAnswer(page, "POST", `/api/pm-pro/v2/sprints/${ids.sprint}/complete`);
    await dialog.getByRole("button", { name: "Complete sprint" }).click();
    const answer = (await (await expectOk(completed)).json()) as { meta: { carried_over_ids: number[]; carried_over_to: number | null } };
    expect(answer.meta).toEqual({ carried_over_ids: [taskId("emails")], carried_over_to: ids.next });
    await page.getByText("Open tasks went to").waitFor();
    await expect(sprintTaskIds(ids.next)).resolves.toEqual(sorted("emails"));
  });

  it("shows the completed sprint's burndown and its report: original, added, removed, completed, carried over", async () => {
    await page.getByTestId("sprint-burndown-chart").waitFor();
    const rows = page.getByTestId("sprint-summary").locator("tbody tr");
    await poll(() => rows.allInnerTexts()).toEqual([
      "Original scope\t5\t5h 15m",
      "Added\t1\t45m",
      "Removed\t3\t2h 15m",
      "Completed\t2\t3h",
      "Carried over\t1\t45m",
    ]);
    await page.getByText("Carried over (1)").waitFor();
    // The switch's radios are drawn over by their labels: the label is what a person clicks.
    await page.getByText("By estimation", { exact: true }).click();
    await page.getByTestId("sprint-burndown-chart").getByText("hours", { exact: true }).waitFor();
    await screenshot(page, "sprints-completed");
    await expectNoSeriousAxeViolations(page, "completed sprint's report");
    const burndown = (await api.get(`pm-pro/v2/sprints/${ids.sprint}/burndown`)).data as { summary: Record<string, { count: number }> };
    expect(burndown.summary.carried_over?.count).toBe(1);
  });

  it("lists it on the Completed tab", async () => {
    await page.getByRole("link", { name: "All sprints" }).click();
    await page.getByRole("tab", { name: "Completed" }).click();
    await page.getByRole("link", { name: "Sprint 1: checkout" }).waitFor();
    expect(page.url()).toContain("#/sprints/completed");
    await page.getByText("2 of 3 tasks done").waitFor();
    await expectNoSeriousAxeViolations(page, "completed sprints");
    expect(pageErrors).toEqual([]);
  });
});
