import type { Locator, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeToasts as closeAllToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, setUpPlotline, useJourney } from "../lib/journey.js";
import { client, coWorker, manager } from "../lib/people.js";
import { JOURNEY_START } from "../lib/clock.js";

/**
 * The project manager core as its three kinds of people meet it: the site manager sets Plotline up, adds a
 * co-worker and a client, makes a project with both, fills a list with a task (assigned, due, completed,
 * commented) and a private task; the co-worker then sees everything, the client everything but the
 * private task. Every step is a click or a key press in the web app.
 */

useJourney({ name: "core", viewport: { width: 1280, height: 800 } });


const projectTitle = "Website redesign";
const listTitle = "Launch checklist";
const publicTask = "Homepage copy";
const privateTask = "Agency fee negotiation";
const commentText = "First draft is in the shared folder.";

// The due date picked in the calendar: the 28th of the month the calendar opens on (the journey's month).
const dueDay = new Date(JOURNEY_START.getUTCFullYear(), JOURNEY_START.getUTCMonth(), 28);
const dueDayLabel = `28 ${dueDay.toLocaleString("en-US", { month: "long" })} ${dueDay.getFullYear()}`;
const dueDayShown = `${String(dueDay.getMonth() + 1).padStart(2, "0")}/28/${dueDay.getFullYear()}`;

let privateTaskUrl = "";
let publicTaskUrl = "";

/** Starts waiting for the answer to a POST under /api/pm/v2 whose path matches; await it with `expectOk`. */
function posted(path: RegExp): Promise<Response> {
  return waitForAnswer(page, "POST", path);
}

/** The calls the journey's clicks make. */
const CALLS = {
  createUser: /^\/api\/pm\/v2\/users$/,
  createProject: /^\/api\/pm\/v2\/projects$/,
  createList: /^\/api\/pm\/v2\/projects\/\d+\/task-lists$/,
  createTask: /^\/api\/pm\/v2\/projects\/\d+\/tasks$/,
  saveTask: /^\/api\/pm\/v2\/projects\/\d+\/tasks\/\d+\/(update|change-status)$/,
  createComment: /^\/api\/pm\/v2\/projects\/\d+\/comments$/,
};

/** Closes the toasts that are up, and checks that none is left. */
async function closeToasts(): Promise<void> {
  expect(await closeAllToasts(page)).toBe(0);
}

/** Waits until the element is wholly on screen: not clipped by a folding panel still opening, nor scrolled away. */
async function waitUntilSeen(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  const shownRatio = () =>
    locator.evaluate(
      (element) =>
        new Promise<number>((resolve) => {
          const observer = new IntersectionObserver(([entry]) => {
            observer.disconnect();
            resolve(entry?.intersectionRatio ?? 0);
          });
          observer.observe(element);
        }),
    );
  await poll(shownRatio).toBeGreaterThan(0.99);
}

function listCard(): Locator {
  return page.getByRole("region", { name: listTitle });
}

async function signOut(): Promise<void> {
  await closeToasts();
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
}

async function signIn(person: { name: string; email: string; password: string }): Promise<void> {
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in returns to the page the last person left; start from the projects list, as the person would.
  await page.getByTestId("user-menu").filter({ hasText: person.name }).waitFor();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Projects" }).click();
  await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
}

/** From the projects page, opens the project and its Task Lists page. */
async function openTaskLists(): Promise<void> {
  await page.getByTestId("project-card").getByRole("link", { name: projectTitle }).click();
  await page.getByRole("heading", { name: projectTitle, level: 1 }).waitFor();
  await page.getByRole("navigation", { name: "Project menu" }).getByRole("link", { name: "Task Lists" }).click();
  await page.getByRole("heading", { name: "Task Lists", level: 2 }).waitFor();
  await listCard().waitFor();
}

/** Shows the list's completed tasks (they sit folded under the open ones). */
async function showCompleted(count: number): Promise<void> {
  await listCard().getByRole("button", { name: `Show completed tasks (${count})` }).click();
  await listCard().getByRole("button", { name: "Hide completed tasks" }).waitFor();
  await waitUntilSeen(listCard().getByTestId(/^task-/).last());
}

async function addUser(person: { name: string; email: string; password: string }): Promise<void> {
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await dialog.getByLabel(/^Name/).fill(person.name);
  await dialog.getByLabel(/^E-mail/).fill(person.email);
  await dialog.getByLabel(/^Password/).fill(person.password);
  const created = posted(CALLS.createUser);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectOk(created);
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("row").filter({ hasText: person.email }).waitFor();
  await closeToasts();
}

describe("core: a project, its list and tasks, seen by a manager, a co-worker and a client", () => {
  it("sets Plotline up on the first-run screen", async () => {
    await setUpPlotline(manager);
    expect(await page.getByTestId("user-menu").textContent()).toContain(manager.name);
  });

  it("adds a co-worker and a client on the Users page", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { name: "Users" }).waitFor();
    await addUser(coWorker);
    await addUser(client);
    // Three people now: the manager and the two new members, neither a site manager.
    await poll(() => page.getByRole("row").filter({ hasText: "Member" }).count()).toBe(2);
    await screenshot(page, "core-users");
  });

  it("creates a project with the co-worker and the client in the New Project modal", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Projects" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByRole("button", { name: "New Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.getByLabel(/^Project name/).fill(projectTitle);
    await dialog.getByRole("textbox", { name: "Description" }).fill("The new public website, from copy to launch.");
    // The creator is listed first and will manage the project.
    await dialog.getByText(`${manager.name} (you)`).waitFor();
    await poll(() => dialog.getByRole("combobox", { name: `Role of ${manager.name}` }).inputValue()).toBe("Manager");

    for (const person of [coWorker, client]) {
      const search = dialog.getByRole("combobox", { name: "Add a member" });
      await search.click();
      await search.fill(person.name.split(" ")[0]!);
      await page.getByRole("option", { name: person.name }).click();
      await dialog.getByRole("combobox", { name: `Role of ${person.name}` }).waitFor();
    }
    // A new member joins as a co-worker; the client's role is changed to Client.
    await poll(() => dialog.getByRole("combobox", { name: `Role of ${coWorker.name}` }).inputValue()).toBe("Co-Worker");
    await dialog.getByRole("combobox", { name: `Role of ${client.name}` }).click();
    await page.getByRole("option", { name: "Client", exact: true }).click();
    await poll(() => dialog.getByRole("combobox", { name: `Role of ${client.name}` }).inputValue()).toBe("Client");
    await screenshot(page, "core-new-project");

    const created = posted(CALLS.createProject);
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expectOk(created);
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: projectTitle, level: 1 }).waitFor();
    await poll(() => page.url()).toMatch(/#\/projects\/\d+/);
  });

  it("creates a task list and adds a task with the quick-add field", async () => {
    await page.getByRole("navigation", { name: "Project menu" }).getByRole("link", { name: "Task Lists" }).click();
    await page.getByRole("heading", { name: "Task Lists", level: 2 }).waitFor();
    await page.getByRole("button", { name: "New task list" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New task list" });
    await dialog.getByLabel(/^Title/).fill(listTitle);
    const listCreated = posted(CALLS.createList);
    await dialog.getByRole("button", { name: "Add list" }).click();
    await expectOk(listCreated);
    await dialog.waitFor({ state: "hidden" });
    await listCard().waitFor();

    const quickAdd = listCard().getByRole("textbox", { name: `New task in ${listTitle}` });
    await quickAdd.fill(publicTask);
    const created = posted(CALLS.createTask);
    await quickAdd.press("Enter");
    await expectOk(created);
    await listCard().getByRole("link", { name: publicTask }).waitFor();
    // The field empties once the task is saved, ready for the next one.
    await poll(() => quickAdd.inputValue()).toBe("");
    await poll(() => listCard().getByText("1 open · 0 done").count()).toBe(1);
  });

  it("opens the task, assigns the co-worker and sets a due date", async () => {
    await listCard().getByRole("link", { name: publicTask }).click();
    const modal = page.getByRole("dialog", { name: publicTask });
    await modal.getByRole("heading", { name: "Comments" }).waitFor();
    await poll(() => page.url()).toMatch(/\/tasks\/\d+$/);
    publicTaskUrl = page.url();
    await closeToasts();

    let saved = posted(CALLS.saveTask);
    await modal.getByRole("combobox", { name: "Assignees" }).click();
    await page.getByRole("option", { name: coWorker.name }).click();
    await expectOk(saved);
    // Leave the assignee list; a click on the comments title closes its dropdown without closing the modal.
    await modal.getByRole("heading", { name: "Comments" }).click();
    await page.getByRole("option", { name: coWorker.name }).waitFor({ state: "hidden" });

    saved = posted(CALLS.saveTask);
    await modal.getByRole("button", { name: "Due date" }).click();
    await page.getByRole("button", { name: dueDayLabel }).click();
    await expectOk(saved);
    await poll(() => modal.getByRole("button", { name: "Due date" }).textContent()).toContain(dueDayShown);
  });

  it("completes the task in the modal and writes a comment", async () => {
    const modal = page.getByRole("dialog", { name: publicTask });
    const saved = posted(CALLS.saveTask);
    await modal.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Complete", exact: true }).click();
    await expectOk(saved);
    await poll(() => modal.getByRole("combobox", { name: "Status" }).inputValue()).toBe("Complete");

    const editor = modal.getByRole("textbox", { name: "Write a comment… type @ to mention someone" });
    await editor.click();
    await editor.pressSequentially(commentText);
    const commented = posted(CALLS.createComment);
    await modal.getByRole("button", { name: "Add comment" }).click();
    await expectOk(commented);
    await modal.getByTestId("comment").filter({ hasText: commentText }).waitFor();
    await poll(() => modal.getByTestId("comment").filter({ hasText: commentText }).textContent()).toContain(manager.name);
    // The form empties once the comment is saved.
    await poll(() => editor.textContent()).toBe("");
    await closeToasts();
    await screenshot(page, "core-task-modal");

    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
    // Done: it leaves the open tasks and folds under "Show completed tasks".
    await poll(() => listCard().getByText("0 open · 1 done").count()).toBe(1);
    await showCompleted(1);
    const row = listCard().getByRole("checkbox", { name: `Mark “${publicTask}” incomplete` });
    await poll(() => row.isChecked()).toBe(true);
    await listCard().getByRole("img", { name: `Assigned to ${coWorker.name}` }).waitFor();
    await listCard().getByLabel(`Due ${dueDayShown}`).waitFor();
  });

  it("adds a second task and makes it private in the modal", async () => {
    const quickAdd = listCard().getByRole("textbox", { name: `New task in ${listTitle}` });
    await quickAdd.fill(privateTask);
    const created = posted(CALLS.createTask);
    await quickAdd.press("Enter");
    await expectOk(created);
    await listCard().getByRole("link", { name: privateTask }).click();
    const modal = page.getByRole("dialog", { name: privateTask });
    const privacy = modal.getByRole("switch", { name: "Private" });
    await privacy.waitFor();
    privateTaskUrl = page.url();
    await closeToasts();

    const saved = posted(CALLS.saveTask);
    await privacy.click();
    await expectOk(saved);
    await poll(() => privacy.isChecked()).toBe(true);
    await modal.getByRole("img", { name: "Private task" }).waitFor();
    await screenshot(page, "core-private-task");

    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
    await poll(() => listCard().getByText("1 open · 1 done").count()).toBe(1);
    await listCard().getByTestId(/^task-/).filter({ hasText: privateTask }).getByRole("img", { name: "Private task" }).waitFor();
    await closeToasts();
    await screenshot(page, "core-manager-lists");
  });

  it("lets the co-worker see the list, both tasks and the comment", async () => {
    await signOut();
    await signIn(coWorker);
    await openTaskLists();
    await poll(() => listCard().getByText("1 open · 1 done").count()).toBe(1);
    const privateRow = listCard().getByTestId(/^task-/).filter({ hasText: privateTask });
    await privateRow.getByRole("link", { name: privateTask }).waitFor();
    await privateRow.getByRole("img", { name: "Private task" }).waitFor();
    await showCompleted(1);
    await waitUntilSeen(listCard().getByRole("link", { name: publicTask }));
    await listCard().getByRole("img", { name: `Assigned to ${coWorker.name}` }).waitFor();
    await listCard().getByLabel(`Due ${dueDayShown}`).waitFor();
    await closeToasts();
    await screenshot(page, "core-co-worker-lists");

    await listCard().getByRole("link", { name: publicTask }).click();
    const modal = page.getByRole("dialog", { name: publicTask });
    await modal.getByTestId("comment").filter({ hasText: commentText }).waitFor();
    await poll(() => modal.getByRole("combobox", { name: "Status" }).inputValue()).toBe("Complete");
    await screenshot(page, "core-co-worker-task");
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("shows the client the list and the public task, but not the private task", async () => {
    await signOut();
    await signIn(client);
    await openTaskLists();
    // The private task is left out of the counts too.
    await poll(() => listCard().getByText("0 open · 1 done").count()).toBe(1);
    await listCard().getByText("No open tasks in this list.").waitFor();
    await showCompleted(1);
    await waitUntilSeen(listCard().getByRole("link", { name: publicTask }));
    expect(await page.getByText(privateTask).count()).toBe(0);
    await closeToasts();
    await screenshot(page, "core-client-lists");

    await listCard().getByRole("link", { name: publicTask }).click();
    const modal = page.getByRole("dialog", { name: publicTask });
    await modal.getByTestId("comment").filter({ hasText: commentText }).waitFor();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("leaves the private task out of the client's overview: totals and recent activity", async () => {
    await page.getByRole("navigation", { name: "Project menu" }).getByRole("link", { name: "Overview" }).click();
    await page.getByRole("heading", { name: "Recent activity" }).waitFor();
    await page.getByText(`created the task ${publicTask}`).waitFor();
    const total = (label: string) => page.getByRole("group", { name: "Project totals" }).locator(":scope > *").filter({ hasText: label }).innerText();
    await poll(() => total("Open tasks")).toMatch(/^0\s/);
    await poll(() => total("Tasks done")).toMatch(/^1\s/);
    expect(await page.getByText(privateTask).count()).toBe(0);
    await screenshot(page, "core-client-overview");
  });

  it("does not open the private task for the client even by its address", async () => {
    expect(privateTaskUrl).toMatch(/\/tasks\/\d+$/);
    const [, projectId, taskId] = /projects\/(\d+)\/.*tasks\/(\d+)$/.exec(privateTaskUrl) ?? [];
    const taskPath = `/api/pm/v2/projects/${projectId}/tasks/${taskId}`;
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === taskPath && response.request().method() === "GET");
    await page.goto(privateTaskUrl);
    // For a client the private task does not exist: the API answers 404 and the modal calmly says it is not available.
    expect((await answer).status()).toBe(404);
    await page.getByRole("dialog").getByRole("heading", { name: "Not available" }).waitFor();
    expect(await page.getByText(privateTask).count()).toBe(0);
    await screenshot(page, "core-client-private-address");
  });

  it("opens a task from the documents' attachment link /projects/{id}/task/{id}", async () => {
    const [, projectId, taskId] = /projects\/(\d+)\/.*tasks\/(\d+)$/.exec(publicTaskUrl) ?? [];
    await page.goto(publicTaskUrl.replace(/#\/.*$/, `#/projects/${projectId}/task/${taskId}`));
    const modal = page.getByRole("dialog", { name: publicTask });
    await modal.getByTestId("comment").filter({ hasText: commentText }).waitFor();
    // The link lands on the single-task route, so closing returns to the task lists.
    await poll(() => page.url()).toMatch(new RegExp(`/projects/${projectId}/task-lists/tasks/${taskId}$`));
    expect(await page.getByText("This page does not exist.").count()).toBe(0);
  });

  it("raised no page errors or CSP violations", () => {
    expect(pageErrors.join("\n")).toBe("");
  });
});
