import type { Locator, Page, Response } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser } from "../lib/api.js";
import { closeToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { client, manager } from "../lib/people.js";

/**
 * Project settings as a site manager uses them: the Label tab makes a label (a double click makes one, not
 * two), the label goes on a task in the single-task modal and shows on the task's row; the Capabilities tab
 * gives clients view_private_task, and a client who could not see the private task before now sees it, and
 * loses it again when it is taken away. The Pages tab picks the front-end page; the last tab is remembered.
 * The scene (people, project, tasks, a page) is set through the API; the journey itself clicks.
 */

const projectTitle = "Website redesign";
const listTitle = "Launch checklist";
const publicTask = "Homepage copy";
const privateTask = "Agency fee negotiation";
const labelTitle = "Needs review";
const labelColor = "#7048e8";

// One browser context each: the manager and the client are signed in side by side.
const pages = useJourney({ name: "settings", viewport: { width: 1280, height: 860 }, pages: ["manager", "client"] });
let managerPage: Page;
let clientPage: Page;
let projectId = 0;
let publicTaskId = 0;

/** How many labels the project has, read straight from the API as the manager. */
let countLabels: () => Promise<number> = async () => 0;

beforeAll(async () => {
  ({ manager: managerPage, client: clientPage } = pages);
  const { cookie, post: api } = await createFirstUser(server.url, manager);
  const clientUser = await api("pm/v2/users", { display_name: client.name, email: client.email, password: client.password, manage_pm: false });
  const project = await api("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: clientUser.data.id, role_id: 3 }] });
  projectId = project.data.id;
  const list = await api(`pm/v2/projects/${projectId}/task-lists`, { title: listTitle });
  publicTaskId = (await api(`pm/v2/projects/${projectId}/tasks`, { title: publicTask, board_id: list.data.id })).data.id;
  await api(`pm/v2/projects/${projectId}/tasks`, { title: privateTask, board_id: list.data.id, privacy: 1 });
  await api("pm/v2/pages", { post_title: "Team workspace", path: "/workspace" });
  countLabels = async () => {
    const answer = await fetch(`${server.url}/api/pm-pro/v2/projects/${projectId}/settings/labels`, { headers: { cookie } });
    return ((await answer.json()) as { data: unknown[] }).data.length;
  };
});

function posted(page: Page, path: RegExp): Promise<Response> {
  return waitForAnswer(page, "POST", path);
}

async function signIn(page: Page, person: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(server.url);
  await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("user-menu").filter({ hasText: person.name }).waitFor();
}

const projectMenu = (page: Page) => page.getByRole("navigation", { name: "Project menu" });
const settingsTabs = (page: Page) => page.getByRole("tablist", { name: "Settings sections" });
const listCard = (page: Page): Locator => page.getByRole("region", { name: listTitle });

async function openTaskLists(page: Page): Promise<void> {
  // A fresh load, as a person coming back to the page: the app's cache would otherwise keep the last answer.
  await page.goto(`${server.url}/#/projects/${projectId}/task-lists`);
  await page.reload();
  await page.getByRole("heading", { name: "Task Lists", level: 2 }).waitFor();
  await listCard(page).getByRole("link", { name: publicTask }).waitFor();
}

describe("project settings: labels, capabilities and pages", () => {
  it("opens Settings from the project menu, on the Capabilities tab", async () => {
    await signIn(managerPage, manager);
    await managerPage.goto(`${server.url}/#/projects/${projectId}/overview`);
    await projectMenu(managerPage).getByRole("link", { name: "Settings" }).click();
    await managerPage.getByRole("heading", { name: "Project settings" }).waitFor();
    await poll(() => managerPage.url()).toMatch(/#\/projects\/\d+\/settings$/);
    await expect(settingsTabs(managerPage).getByRole("tab", { name: "Capabilities" }).getAttribute("aria-selected")).resolves.toBe("true");
    await managerPage.getByRole("checkbox", { name: "View private tasks: Client" }).waitFor();
    // The defaults: co-workers hold all ten, clients the five create_* but no view_private_*.
    expect(await managerPage.getByRole("checkbox", { name: "View private tasks: Co-worker" }).isChecked()).toBe(true);
    expect(await managerPage.getByRole("checkbox", { name: "View private tasks: Client" }).isChecked()).toBe(false);
    expect(await managerPage.getByRole("checkbox", { name: "Create tasks: Client" }).isChecked()).toBe(true);
    expect(await managerPage.getByRole("checkbox", { name: "Create files: Client" }).isChecked()).toBe(true);
    for (const group of ["Message", "Todo List", "Todo", "Milestone", "Files"]) {
      await managerPage.getByRole("table").getByText(group, { exact: true }).waitFor();
    }
    await screenshot(managerPage, "settings-capabilities");
  });

  it("makes a label on the Label tab; a double click on Create makes one label", async () => {
    await settingsTabs(managerPage).getByRole("tab", { name: "Label" }).click();
    await managerPage.getByText("No label found!").waitFor();
    await screenshot(managerPage, "settings-labels-empty");
    const form = managerPage.getByRole("region", { name: "New label" });
    // The colour starts at the documents' default.
    expect(await form.getByRole("textbox", { name: /^Color/ }).inputValue()).toBe("#00c2e0");
    // An empty name is refused with the documents' message, before anything is sent.
    await form.getByRole("button", { name: "Create label" }).click();
    await form.getByText("Label name required!").waitFor();

    await form.getByRole("textbox", { name: /^Label name/ }).fill(labelTitle);
    await form.getByRole("textbox", { name: "Description" }).fill("Waiting for a second pair of eyes");
    const color = form.getByRole("textbox", { name: /^Color/ });
    await color.fill(labelColor);
    await color.press("Escape");
    const created = posted(managerPage, /\/settings\/labels$/);
    // Both clicks of the double click land before the first answer, so every create the page sends is
    // counted by the time the form is reset.
    let creates = 0;
    const countCreates = (request: { method: () => string; url: () => string }) => {
      if (request.method() === "POST" && /\/settings\/labels$/.test(new URL(request.url()).pathname)) creates += 1;
    };
    managerPage.on("request", countCreates);
    await form.getByRole("button", { name: "Create label" }).dblclick();
    await expectOk(created);
    const list = managerPage.getByRole("region", { name: "Labels" });
    await list.getByText(labelTitle, { exact: true }).waitFor();
    await poll(() => form.getByRole("textbox", { name: /^Label name/ }).inputValue()).toBe("");
    managerPage.off("request", countCreates);
    expect(creates).toBe(1);
    expect(await countLabels()).toBe(1);
    await closeToasts(managerPage);
    await screenshot(managerPage, "settings-labels");
  });

  it("remembers the last tab: the settings page opens on Label again", async () => {
    await managerPage.goto(`${server.url}/#/projects/${projectId}/overview`);
    await projectMenu(managerPage).getByRole("link", { name: "Settings" }).click();
    await poll(() => settingsTabs(managerPage).getByRole("tab", { name: "Label" }).getAttribute("aria-selected")).toBe("true");
    await managerPage.getByRole("region", { name: "Labels" }).getByText(labelTitle, { exact: true }).waitFor();
  });

  it("puts the label on a task in the single task; the row shows it", async () => {
    await openTaskLists(managerPage);
    await listCard(managerPage).getByRole("link", { name: publicTask }).click();
    const modal = managerPage.getByRole("dialog", { name: publicTask });
    await modal.getByRole("heading", { name: "Comments" }).waitFor();
    const field = modal.getByRole("combobox", { name: "Labels" });
    const saved = posted(managerPage, new RegExp(`/tasks/${publicTaskId}/update$`));
    await field.click();
    await managerPage.getByRole("option", { name: labelTitle }).click();
    const answer = await expectOk(saved);
    expect(((await answer.json()) as { data: { labels: { data: Array<{ title: string }> } } }).data.labels.data.map((label) => label.title)).toEqual([labelTitle]);
    await modal.getByRole("heading", { name: "Comments" }).click();
    await managerPage.getByRole("option", { name: labelTitle }).waitFor({ state: "hidden" });
    await screenshot(managerPage, "settings-task-modal-label");
    await managerPage.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    const row = listCard(managerPage).getByTestId(`task-${publicTaskId}`);
    await row.getByRole("list", { name: `Labels: ${labelTitle}` }).getByText(labelTitle).waitFor();
    await screenshot(managerPage, "settings-task-row-label");
  });

  it("shows the label read-only to a client in the single task", async () => {
    await signIn(clientPage, client);
    await clientPage.goto(`${server.url}/#/projects/${projectId}/task-lists/tasks/${publicTaskId}`);
    const modal = clientPage.getByRole("dialog", { name: publicTask });
    await modal.getByRole("list", { name: `Labels: ${labelTitle}` }).getByText(labelTitle).waitFor();
    expect(await modal.getByRole("combobox", { name: "Labels" }).count()).toBe(0);
    await screenshot(clientPage, "settings-task-modal-label-read-only");
    await clientPage.keyboard.press("Escape");
  });

  it("keeps the client out of settings and away from the private task", async () => {
    // The Settings entry is not in the client's menu, and its address leads to the task lists.
    await clientPage.goto(`${server.url}/#/projects/${projectId}/overview`);
    await projectMenu(clientPage).getByRole("link", { name: "Task Lists" }).waitFor();
    expect(await projectMenu(clientPage).getByRole("link", { name: "Settings" }).count()).toBe(0);
    await clientPage.goto(`${server.url}/#/projects/${projectId}/settings`);
    await poll(() => clientPage.url()).toMatch(/#\/projects\/\d+\/task-lists$/);
    await openTaskLists(clientPage);
    expect(await listCard(clientPage).getByRole("link", { name: privateTask }).count()).toBe(0);
    await screenshot(clientPage, "settings-client-before");
  });

  it("gives clients view_private_task on the Capabilities tab; the client then sees the private task", async () => {
    await managerPage.goto(`${server.url}/#/projects/${projectId}/settings`);
    await settingsTabs(managerPage).getByRole("tab", { name: "Capabilities" }).click();
    const box = managerPage.getByRole("checkbox", { name: "View private tasks: Client" });
    await box.check();
    await managerPage.getByText("You have unsaved changes.").waitFor();
    const saved = posted(managerPage, /\/projects\/\d+\/settings$/);
    await managerPage.getByRole("button", { name: "Save changes" }).click();
    await expectOk(saved);
    await managerPage.getByRole("alert").filter({ hasText: "Settings saved successfully" }).waitFor();
    await screenshot(managerPage, "settings-capabilities-saved");

    await openTaskLists(clientPage);
    const privateLink = listCard(clientPage).getByRole("link", { name: privateTask });
    await privateLink.waitFor();
    const row = listCard(clientPage).getByTestId(/^task-/).filter({ has: clientPage.getByRole("link", { name: privateTask }) });
    await row.getByRole("img", { name: "Private task" }).waitFor();
    await screenshot(clientPage, "settings-client-after");
  });

  it("takes view_private_task away again; the private task leaves the client's list", async () => {
    await closeToasts(managerPage);
    await managerPage.getByRole("checkbox", { name: "View private tasks: Client" }).uncheck();
    const saved = posted(managerPage, /\/projects\/\d+\/settings$/);
    await managerPage.getByRole("button", { name: "Save changes" }).click();
    await expectOk(saved);
    await openTaskLists(clientPage);
    expect(await listCard(clientPage).getByRole("link", { name: privateTask }).count()).toBe(0);
  });

  it("picks the front-end page on the Pages tab", async () => {
    await closeToasts(managerPage);
    await settingsTabs(managerPage).getByRole("tab", { name: "Pages" }).click();
    await poll(() => managerPage.url()).toMatch(/#\/projects\/\d+\/settings\/pages$/);
    const select = managerPage.getByRole("combobox", { name: "Front-end page" });
    await select.click();
    await managerPage.getByRole("option", { name: /Team workspace \(ID \d+\)/ }).click();
    const saved = posted(managerPage, /^\/api\/pm\/v2\/settings$/);
    await managerPage.getByRole("button", { name: "Save", exact: true }).click();
    await expectOk(saved);
    await managerPage.getByText("Now served at /workspace").waitFor();
    await screenshot(managerPage, "settings-pages");
    // Pages is remembered as the last tab too, and its own address opens it.
    await managerPage.goto(`${server.url}/#/projects/${projectId}/overview`);
    await projectMenu(managerPage).getByRole("link", { name: "Settings" }).click();
    await poll(() => managerPage.url()).toMatch(/\/settings\/pages$/);
    await settingsTabs(managerPage).getByRole("tab", { name: "Capabilities" }).click();
    await poll(() => managerPage.url()).toMatch(/\/settings$/);
  });

  it("edits a label's colour and deletes a label after 'Are you sure!'", async () => {
    await closeToasts(managerPage);
    await settingsTabs(managerPage).getByRole("tab", { name: "Label" }).click();
    const list = managerPage.getByRole("region", { name: "Labels" });
    await list.getByRole("button", { name: `Edit label ${labelTitle}` }).click();
    const form = managerPage.getByRole("region", { name: "Edit label" });
    expect(await form.getByRole("textbox", { name: /^Label name/ }).inputValue()).toBe(labelTitle);
    const color = form.getByRole("textbox", { name: /^Color/ });
    await color.fill("#2f9e44");
    await color.press("Escape");
    await screenshot(managerPage, "settings-label-edit");
    const updated = posted(managerPage, /\/settings\/labels\/\d+$/);
    await form.getByRole("button", { name: "Update" }).click();
    await expectOk(updated);
    await managerPage.getByRole("region", { name: "New label" }).waitFor();

    const newForm = managerPage.getByRole("region", { name: "New label" });
    await newForm.getByRole("textbox", { name: /^Label name/ }).fill("Obsolete");
    const created = posted(managerPage, /\/settings\/labels$/);
    await newForm.getByRole("button", { name: "Create label" }).click();
    await expectOk(created);
    await list.getByRole("button", { name: "Delete label Obsolete" }).click();
    const dialog = managerPage.getByRole("dialog", { name: "Are you sure!" });
    await dialog.getByText("Obsolete will be taken off every task that carries it.").waitFor();
    const deleted = posted(managerPage, /\/settings\/labels\/\d+\/delete$/);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectOk(deleted);
    await dialog.waitFor({ state: "hidden" });
    await poll(() => list.getByText("Obsolete", { exact: true }).count()).toBe(0);
    expect(await countLabels()).toBe(1);
  });

  it("met no page errors", () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
