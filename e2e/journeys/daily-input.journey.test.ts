import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser } from "../lib/api.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { openContext, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { client, manager } from "../lib/people.js";

/**
 * What a person meets every day while typing: a dialog that asks before throwing typed text away, quick
 * add that confirms in place with one counted toast that never covers the field (desk and phone), the
 * projects-list search that leaves the cards alone and opens its highlighted hit on Enter, a calm "not
 * available" page for a task that does not exist or that one may not see, and a client of another project
 * added to a new project as a client.
 */

useJourney({ name: "daily-input", viewport: { width: 1280, height: 800 } });

const projectTitle = "Spring campaign";
let projectId = 0;
let listId = 0;
let privateTaskId = 0;

beforeAll(async () => {
  const { post } = await createFirstUser(server.url, manager);
  const carla = await post("pm/v2/users", { display_name: client.name, email: client.email, password: client.password });
  const project = await post("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: carla.data.id, role_id: 3 }] });
  projectId = project.data.id;
  // A few tasks above the quick-add, so that its field sits low in the window, where toasts used to land.
  listId = (await post(`pm/v2/projects/${projectId}/task-lists`, { title: "Launch" })).data.id;
  for (const title of ["Brief the printer", "Book the venue", "Order banners", "Draft the press release", "Choose the photos", "Plan the launch party"])
    await post(`pm/v2/projects/${projectId}/tasks`, { title, board_id: listId });
  await post(`pm/v2/projects/${projectId}/tasks`, { title: "Newsletter headline", board_id: listId });
  privateTaskId = (await post(`pm/v2/projects/${projectId}/tasks`, { title: "Budget for the agency", board_id: listId, privacy: true })).data.id;
});

/** Signs `person` in on `on` and waits for the projects page. */
async function signIn(on: Page, person: { email: string; password: string }): Promise<void> {
  await on.goto(server.url);
  await on.getByLabel("E-mail address").fill(person.email);
  await on.getByLabel(/^Password/).fill(person.password);
  await on.getByRole("button", { name: "Sign in" }).click();
  await on.getByRole("heading", { name: "Projects", exact: true }).waitFor();
}

/** True when two boxes on screen share any point. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) return false;
  return first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;
}

/** Quick-adds three tasks at the foot of the list on `on`, Enter after Enter, and checks what is said. */
async function quickAddThree(on: Page, prefix: string): Promise<void> {
  const field = on.getByRole("textbox", { name: "New task in Launch" });
  await field.scrollIntoViewIfNeeded();
  await field.click();
  for (const n of [1, 2, 3]) {
    const created = waitForAnswer(on, "POST", `/api/pm/v2/projects/${projectId}/tasks`);
    await field.fill(`${prefix} ${n}`);
    await field.press("Enter");
    // The field empties at once, ready for the next title.
    expect(await field.inputValue()).toBe("");
    await created;
  }
  // One toast, counted, and the three rows in place.
  const toast = on.getByRole("alert").filter({ hasText: "Task created successfully" });
  await toast.filter({ hasText: "×3" }).waitFor();
  expect(await toast.count()).toBe(1);
  for (const n of [1, 2, 3]) await on.getByRole("link", { name: `${prefix} ${n}`, exact: true }).waitFor();
  await on.getByTestId("quick-add-added").waitFor();
  // Focus stayed in the field, and no toast sits on it.
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await overlaps(toast, field)).toBe(false);
}

describe("daily input: nothing typed is lost, and every answer is calm and in place", () => {
  it("signs in", async () => {
    await signIn(page, manager);
  });

  it("asks before a typed task list is thrown away, keeps it on Keep editing, and drops it on Discard", async () => {
    await page.goto(`${server.url}/#/projects/${projectId}/task-lists`);
    await page.getByRole("button", { name: "New task list" }).click();
    const dialog = page.getByRole("dialog", { name: "New task list" });
    await dialog.waitFor();
    await dialog.getByLabel(/^Title/).fill("Follow-up");
    await page.keyboard.press("Escape");
    const prompt = page.getByRole("dialog", { name: "Discard your changes?" });
    await prompt.waitFor();
    await screenshot(page, "daily-input-discard-prompt");
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await prompt.waitFor({ state: "detached" });
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe("Follow-up");
    // Cancel asks too; Discard closes the dialog and drops the text.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await prompt.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
    // A dialog with nothing typed closes at once.
    await page.getByRole("button", { name: "New task list" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await prompt.count()).toBe(0);
  });

  it("asks before a link typed in the files page is lost, to Cancel and to leaving the page", async () => {
    await page.goto(`${server.url}/#/projects/${projectId}/files`);
    await page.getByRole("button", { name: "Link to Docs" }).click();
    const form = page.getByRole("form", { name: "Link to Docs" });
    await form.getByRole("textbox", { name: /^Title/ }).fill("Brand guide");
    const prompt = page.getByRole("dialog", { name: "Discard your changes?" });
    await form.getByRole("button", { name: "Cancel" }).click();
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await prompt.waitFor({ state: "detached" });
    expect(await form.getByRole("textbox", { name: /^Title/ }).inputValue()).toBe("Brand guide");
    // Another tab of the project is another address: the page asks before going there.
    await page.getByRole("link", { name: "Task Lists" }).click();
    await prompt.waitFor();
    expect(page.url()).toContain("/files");
    await prompt.getByRole("button", { name: "Discard" }).click();
    await poll(() => page.url()).toContain("/task-lists");
  });

  it("quick-adds three tasks with one counted toast that leaves the field alone, on a desk", async () => {
    await quickAddThree(page, "Poster");
    await screenshot(page, "daily-input-quick-add");
  });

  it("quick-adds three tasks the same way on a phone", async () => {
    const phone = await (await openContext({ viewport: { width: 375, height: 740 } })).newPage();
    phone.setDefaultTimeout(15_000);
    await signIn(phone, manager);
    await phone.goto(`${server.url}/#/projects/${projectId}/task-lists`);
    await quickAddThree(phone, "Flyer");
    await screenshot(phone, "daily-input-quick-add-phone");
    await phone.context().close();
  });

  it("searches tasks from the projects list without touching the cards, and Enter opens the highlighted hit", async () => {
    await page.goto(`${server.url}/#/`);
    await page.getByTestId("project-card").first().waitFor();
    const box = page.getByRole("combobox", { name: "Search projects and everything in them" });
    await box.fill("newsletter");
    const option = page.getByRole("listbox", { name: "Search results" }).getByRole("option", { name: "Task: Newsletter headline" });
    await option.waitFor();
    // The first hit is highlighted and named by the box, so Enter has something to open.
    await poll(() => option.getAttribute("data-combobox-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    expect(await page.getByTestId("project-card").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "No project found !" }).count()).toBe(0);
    await screenshot(page, "daily-input-search");
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: "Newsletter headline" });
    await modal.waitFor();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("shows a calm page with a way back for a task that does not exist", async () => {
    const answer = waitForAnswer(page, "GET", `/api/pm/v2/projects/${projectId}/tasks/999999`);
    await page.goto(`${server.url}/#/projects/${projectId}/task-lists/tasks/999999`);
    expect((await answer).status()).toBe(404);
    const modal = page.getByRole("dialog", { name: "Task" });
    await modal.getByRole("heading", { name: "Not available" }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await screenshot(page, "daily-input-not-available");
    await modal.getByRole("button", { name: "Close" }).last().click();
    await page.getByRole("heading", { name: "Task Lists" }).waitFor();
  });

  it("shows the same calm page to a client who may not see a private task", async () => {
    const other = await (await openContext({ viewport: { width: 1280, height: 800 } })).newPage();
    other.setDefaultTimeout(15_000);
    await signIn(other, client);
    const answer = waitForAnswer(other, "GET", `/api/pm/v2/projects/${projectId}/tasks/${privateTaskId}`);
    await other.goto(`${server.url}/#/projects/${projectId}/task-lists/tasks/${privateTaskId}`);
    expect([403, 404]).toContain((await answer).status());
    await other.getByRole("heading", { name: "Not available" }).waitFor();
    expect(await other.getByText("Budget for the agency").count()).toBe(0);
    // A project the client is not in is not available either, with the way back to the projects list.
    await other.goto(`${server.url}/#/projects/999999/overview`);
    await other.getByRole("heading", { name: "Not available" }).waitFor();
    await other.getByRole("link", { name: "Back to projects" }).click();
    await other.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await other.context().close();
  });

  it("adds a client of another project to a new project as a client, with the role in sight", async () => {
    await page.goto(`${server.url}/#/`);
    await page.getByRole("button", { name: "New Project" }).click();
    const dialog = page.getByRole("dialog", { name: "New project" });
    await dialog.waitFor();
    const users = waitForAnswer(page, "GET", "/api/pm/v2/users");
    await dialog.getByLabel("Add a member").fill("carla");
    await users;
    await page.getByRole("option", { name: client.name }).click();
    const role = dialog.getByLabel(`Role of ${client.name}`, { exact: true });
    await poll(() => role.inputValue()).toBe("Client");
    await dialog.getByText("Client in another project").waitFor();
    expect(await role.isVisible()).toBe(true);
    await screenshot(page, "daily-input-member-role");
    // Adding a member is a change: closing asks first.
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("met no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
