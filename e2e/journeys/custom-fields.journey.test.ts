import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { closeToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * A project manager defines the project's custom fields in project settings (a dropdown with its options, a
 * number, a web address, a date), puts them in another order with the keyboard, fills them in on a task (the
 * server refuses an address that is not one, and says so under the field), shows a field as a column of the
 * task rows, and filters the task lists by a dropdown value, a number range and a date range. Last, a field
 * is deleted after "Are you sure?".
 */

useJourney({ name: "custom-fields", viewport: { width: 1280, height: 900 } });

const first = "Write the product pages";
const second = "Set up payments";
let api: ApiSession;
const ids = { project: 0, list: 0, first: 0, second: 0 };

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  const coWorkerId = (await api.post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false })).data.id;
  ids.project = (await api.post("pm/v2/projects", { title: "Shop relaunch", assignees: [{ user_id: coWorkerId, role_id: 2 }] })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "Launch" })).data.id;
  ids.first = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: first, board_id: ids.list })).data.id;
  ids.second = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: second, board_id: ids.list })).data.id;
});

const fieldsPath = () => `/api/pm-pro/v2/projects/${ids.project}/custom-fields`;
const dialog = () => page.getByRole("dialog");
const fieldList = () => page.getByRole("list", { name: "Custom fields, in the order tasks show them" });
const taskField = (title: string) => dialog().locator(`[data-custom-field="${title}"]`);
const taskRow = (taskId: number) => page.getByTestId(`task-${taskId}`);

/** Fills the open field form and creates the field, waiting for the server's answer. */
async function createField(title: string, type: string, options: readonly string[] = []) {
  await page.getByRole("button", { name: "New field" }).first().click();
  await dialog().getByLabel("Title").fill(title);
  await dialog().getByLabel("Type").click();
  await page.getByRole("option", { name: type, exact: true }).click();
  for (const [index, option] of options.entries()) {
    if (index >= 2) await dialog().getByRole("button", { name: "Add option" }).click();
    await dialog().getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  await expectOk(Promise.all([waitForAnswer(page, "POST", fieldsPath()), dialog().getByRole("button", { name: "Create field" }).click()]).then(([answer]) => answer));
  await dialog().waitFor({ state: "detached" });
  await fieldList().getByText(title, { exact: true }).waitFor();
}

describe("custom fields: define them, fill them in on a task, filter the task lists by them", () => {
  it("opens the Custom fields tab of project settings, empty, with a call to action", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("user-menu").waitFor();
    await page.goto(`${server.url}/#/projects/${ids.project}/settings`);
    await page.getByRole("tab", { name: "Custom fields" }).click();
    await page.getByText("No custom field yet").waitFor();
    await page.getByRole("button", { name: "New field" }).waitFor();
    await screenshot(page, "custom-fields-empty");
    await expectNoSeriousAxeViolations(page, "custom fields tab, empty");
  });

  it("creates a dropdown with three options, a number, a web address and a date field", async () => {
    await createField("Stage", "Dropdown", ["Draft", "Review", "Done"]);
    await fieldList().getByText("Draft · Review · Done").waitFor();
    await createField("Budget", "Number");
    await createField("Review link", "URL");
    await createField("Review date", "Date");
    await poll(() => fieldList().getByRole("listitem").count()).toBe(4);
    await screenshot(page, "custom-fields-defined");
    await expectNoSeriousAxeViolations(page, "custom fields tab, with fields");
  });

  it("moves Budget first with the keyboard, and the order is kept", async () => {
    await closeToasts(page);
    const handle = page.getByRole("button", { name: "Move Budget" });
    await handle.focus();
    await page.keyboard.press("Space");
    // Screen readers hear the field picked up once the list has measured its rows; only then do arrows move it.
    await page.getByText("Picked up Budget.").waitFor({ state: "attached" });
    await page.keyboard.press("ArrowUp");
    await page.getByText("Budget moved to position 1 of 4.").waitFor({ state: "attached" });
    const sorted = waitForAnswer(page, "POST", `${fieldsPath()}/sorting`);
    await page.keyboard.press("Space");
    await expectOk(sorted);
    await page.reload();
    await page.getByRole("tab", { name: "Custom fields" }).click();
    await poll(() => fieldList().getByRole("listitem").first().textContent()).toContain("Budget");
    await poll(() => fieldList().getByRole("listitem").nth(1).textContent()).toContain("Stage");
  });

  it("fills the fields in on a task; a bad address is refused under its field", async () => {
    await page.goto(`${server.url}/#/projects/${ids.project}/task-lists/tasks/${ids.first}`);
    await dialog().getByText("Custom fields", { exact: true }).waitFor();
    const updatePath = `/api/pm/v2/projects/${ids.project}/tasks/${ids.first}/update`;

    await taskField("Stage").locator("input").first().click();
    await expectOk(Promise.all([waitForAnswer(page, "POST", updatePath), page.getByRole("option", { name: "Review" }).click()]).then(([answer]) => answer));
    await poll(() => taskField("Stage").locator("input").first().inputValue()).toBe("Review");

    await taskField("Budget").locator("input").fill("1500");
    await expectOk(Promise.all([waitForAnswer(page, "POST", updatePath), taskField("Budget").locator("input").press("Enter")]).then(([answer]) => answer));

    const link = taskField("Review link").locator("input");
    await link.fill("not a link");
    const refused = await Promise.all([waitForAnswer(page, "POST", updatePath), link.press("Enter")]).then(([answer]) => answer);
    expect(refused.status()).toBe(400);
    await taskField("Review link").getByText("Review link must be a web address").waitFor();
    await screenshot(page, "custom-fields-task-error");

    await link.fill("https://example.test/brief");
    await expectOk(Promise.all([waitForAnswer(page, "POST", updatePath), link.press("Enter")]).then(([answer]) => answer));
    expect(await taskField("Review link").getByRole("link", { name: "Open Review link" }).getAttribute("href")).toBe("https://example.test/brief");
    await screenshot(page, "custom-fields-task");
    await expectNoSeriousAxeViolations(page, "task modal with custom fields");

    // A number typed and left with Escape, which closes the task, is saved all the same.
    await taskField("Budget").locator("input").fill("1600");
    await expectOk(Promise.all([waitForAnswer(page, "POST", updatePath), page.keyboard.press("Escape")]).then(([answer]) => answer));
    await dialog().waitFor({ state: "detached" });
    const task = (await api.get(`pm/v2/projects/${ids.project}/tasks/${ids.first}`)).data as { custom_fields?: Record<string, unknown> };
    expect(Object.values(task.custom_fields ?? {})).toEqual(expect.arrayContaining([1600, "https://example.test/brief"]));
  });

  it("shows Stage as a column of the task rows, remembered after a reload", async () => {
    await taskRow(ids.first).waitFor();
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Stage" }).check();
    await page.keyboard.press("Escape");
    await poll(() => taskRow(ids.first).textContent()).toContain("Stage: Review");
    await poll(() => taskRow(ids.second).textContent()).toContain("Stage: —");
    await page.reload();
    await poll(() => taskRow(ids.first).textContent()).toContain("Stage: Review");
  });

  it("filters the task lists by a dropdown value, a number range and a date range, then clears the filters", async () => {
    // The second task is a draft with a small budget, set through the API; the review dates too.
    const fields = (await api.get(`pm-pro/v2/projects/${ids.project}/custom-fields`)).data as Array<{ id: number; title: string; options: Array<{ id: number; title: string }> }>;
    const stage = fields.find((field) => field.title === "Stage");
    const budget = fields.find((field) => field.title === "Budget");
    const reviewDate = fields.find((field) => field.title === "Review date");
    const draft = stage?.options.find((option) => option.title === "Draft");
    await api.post(`pm/v2/projects/${ids.project}/tasks/${ids.second}/update`, {
      custom_fields: { [String(stage?.id)]: draft?.id, [String(budget?.id)]: 200, [String(reviewDate?.id)]: "2026-12-15" },
    });
    await api.post(`pm/v2/projects/${ids.project}/tasks/${ids.first}/update`, { custom_fields: { [String(reviewDate?.id)]: "2026-11-20" } });
    await page.reload();
    await poll(() => taskRow(ids.second).textContent()).toContain("Stage: Draft");

    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByPlaceholder("Any").click();
    await page.getByRole("option", { name: "Review" }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    const results = page.getByTestId("filtered-tasks");
    await results.getByText("1 task matches the filters.").waitFor();
    await results.getByText(first).waitFor();
    await poll(() => results.getByText(second).count()).toBe(0);
    await page.getByRole("button", { name: "Remove filter Stage" }).click();
    await results.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByLabel("Budget: At least").fill("100");
    await page.getByLabel("Budget: At most").fill("1000");
    await page.getByRole("button", { name: "Apply" }).click();
    await results.getByText("1 task matches the filters.").waitFor();
    await results.getByText(second).waitFor();
    await poll(() => results.getByText(first).count()).toBe(0);
    await screenshot(page, "custom-fields-filtered");
    await expectNoSeriousAxeViolations(page, "task lists filtered by custom fields");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await results.waitFor({ state: "detached" });

    // November: the first task's review, not the second's in December.
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByLabel("Review date: From").click();
    await page.getByRole("button", { name: "1 November 2026", exact: true }).click();
    // One calendar at a time: the From calendar has closed before the To one opens.
    await poll(() => page.getByRole("button", { name: "1 November 2026", exact: true }).count()).toBe(0);
    await page.getByLabel("Review date: To").click();
    await page.getByRole("button", { name: "30 November 2026", exact: true }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    await results.getByText("1 task matches the filters.").waitFor();
    await results.getByText(first).waitFor();
    await poll(() => results.getByText(second).count()).toBe(0);
    await page.getByRole("button", { name: "Remove filter Review date" }).waitFor();

    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await results.waitFor({ state: "detached" });
    await taskRow(ids.first).waitFor();
    await taskRow(ids.second).waitFor();
  });

  it("deletes a field after Are you sure?", async () => {
    await page.goto(`${server.url}/#/projects/${ids.project}/settings`);
    await page.getByRole("tab", { name: "Custom fields" }).click();
    await page.getByRole("button", { name: "Delete field Review link" }).click();
    await dialog().getByText("Are you sure?").waitFor();
    await expectOk(Promise.all([waitForAnswer(page, "POST", new RegExp(`^${fieldsPath()}/\\d+/delete$`)), dialog().getByRole("button", { name: "Delete field" }).click()]).then(([answer]) => answer));
    await poll(() => fieldList().getByText("Review link", { exact: true }).count()).toBe(0);
    await poll(() => fieldList().getByRole("listitem").count()).toBe(3);
  });

  it("met no page error on the way", () => {
    expect(pageErrors).toEqual([]);
  });
});
