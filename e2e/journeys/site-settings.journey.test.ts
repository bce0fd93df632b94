import sharp from "sharp";
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { ARTIFACTS, closeToasts as closeAllToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, setUpPlotline, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * The site manager's general settings as people meet them: the task start date turned off gives a
 * single-date picker on a task; an uploaded logo shows in the header; a page chosen as the front-end page
 * serves Plotline without admin chrome to a co-worker; with the workforce flag on, a department chosen on
 * the project form brings its people in as co-workers.
 */

useJourney({ name: "site-settings", viewport: { width: 1280, height: 860 } });

const engineer = { name: "Dana Dev", email: "dana@example.test", password: "dana's long password" };

const setupProject = "Website redesign";
const taskTitle = "Homepage copy";
const departmentProject = "Platform rebuild";
let taskPath = "";

function posted(path: RegExp): Promise<Response> {
  return waitForAnswer(page, "POST", path);
}

async function closeToasts(): Promise<void> {
  await closeAllToasts(page);
}

/** A call made from the signed-in page, with the session's nonce, for set-up that other journeys cover by clicks. */
async function api<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const me = await (await fetch("/api/auth/me")).json();
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { "content-type": "application/json", "x-pm-nonce": me.data.nonce },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

async function openSettings(): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  await page.getByRole("heading", { name: "General settings" }).waitFor();
}

/** Opens the task's modal and waits for its side panel. */
async function openTask(base = server.url): Promise<ReturnType<Page["getByRole"]>> {
  await page.goto(`${base}/#${taskPath}`);
  const modal = page.getByRole("dialog", { name: taskTitle });
  await modal.getByRole("button", { name: "Due date" }).waitFor();
  return modal;
}

/** What is on screen now (the whole page would repeat the fixed header where it was scrolled to). */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Flips a switch by its label, brought to the middle of the screen first (the fixed header could cover it). */
async function flip(name: string): Promise<void> {
  const toggle = page.getByRole("switch", { name });
  const before = await toggle.isChecked();
  await toggle.evaluate((input) => input.scrollIntoView({ block: "center" }));
  const saved = posted(/^\/api\/pm\/v2\/settings$/);
  // The input itself is see-through over the track, so Playwright is told to click it where it is.
  await toggle.click({ force: true });
  await expectOk(saved);
  await poll(() => toggle.isChecked()).toBe(!before);
}

async function signOut(): Promise<void> {
  await closeToasts();
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
}

describe("site settings: task dates, logo, front-end page and departments", () => {
  it("sets Plotline up and prepares people, a project and a task", async () => {
    await setUpPlotline(manager);

    const bruno = await api<{ id: number }>("POST", "pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password });
    await api("POST", "pm/v2/users", { display_name: engineer.name, email: engineer.email, password: engineer.password });
    const project = await api<{ id: number }>("POST", "pm/v2/projects", { title: setupProject, assignees: [{ user_id: bruno.id, role_id: 2 }] });
    const list = await api<{ id: number }>("POST", `pm/v2/projects/${project.id}/task-lists`, { title: "Launch checklist" });
    const task = await api<{ id: number }>("POST", `pm/v2/projects/${project.id}/tasks`, { title: taskTitle, board_id: list.id });
    taskPath = `/projects/${project.id}/task-lists/tasks/${task.id}`;
  });

  it("shows a start date and a due date on a task while the task start date is on", async () => {
    const modal = await openTask();
    await modal.getByRole("button", { name: "Start date" }).waitFor();
  });

  it("turns the task start date off in the general settings", async () => {
    await openSettings();
    await screenshot(page, "site-settings-general");
    expect(await page.getByRole("switch", { name: "Tasks have a start date" }).isChecked()).toBe(true);
    await flip("Tasks have a start date");
  });

  it("shows a single-date picker, the due date alone, on the task", async () => {
    const modal = await openTask();
    expect(await modal.getByRole("button", { name: "Start date" }).count()).toBe(0);
    await modal.getByRole("button", { name: "Due date" }).click();
    // One click on a day picks the due date: the picker is single-date.
    const saved = posted(/^\/api\/pm\/v2\/projects\/\d+\/tasks\/\d+\/update$/);
    await page.getByRole("button", { name: /^15 / }).first().click();
    await expectOk(saved);
    await poll(() => modal.getByRole("button", { name: "Due date" }).textContent()).toMatch(/\/15\//);
    await screenshot(page, "site-settings-task-single-date");
    await page.keyboard.press("Escape");
  });

  it("uploads a logo and shows it in the header", async () => {
    await openSettings();
    const logo = await sharp({ create: { width: 360, height: 96, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="360" height="96"><rect x="4" y="12" width="72" height="72" rx="16" fill="#7048e8"/><text x="96" y="64" font-family="sans-serif" font-size="44" font-weight="700" fill="#212529">Acme</text></svg>') }])
      .png()
      .toBuffer();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload logo" }).click();
    const saved = posted(/^\/api\/pm\/v2\/settings\/logo$/);
    await (await chooser).setFiles({ name: "acme-logo.png", mimeType: "image/png", buffer: logo });
    await expectOk(saved);
    await page.getByTestId("logo-name").filter({ hasText: "acme-logo.png" }).waitFor();
    const headerLogo = page.getByTestId("site-brand").getByRole("img", { name: "Site logo" });
    await headerLogo.waitFor();
    await poll(() => headerLogo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(360);
    await closeToasts();
    await screenshot(page, "site-settings-logo");
  });

  it("adds a page and chooses it as the front-end page", async () => {
    const form = page.getByRole("form", { name: "Add page" });
    // A bad path is refused next to its field.
    await form.getByRole("textbox", { name: "Page title" }).fill("Workspace");
    await form.getByRole("textbox", { name: "Path" }).fill("workspace");
    await form.getByRole("button", { name: "Add page" }).click();
    await form.getByText(/^Path must start with \//).waitFor();
    await form.getByRole("textbox", { name: "Path" }).fill("/workspace");
    const created = posted(/^\/api\/pm\/v2\/pages$/);
    await form.getByRole("button", { name: "Add page" }).click();
    await expectOk(created);
    await page.getByRole("row").filter({ hasText: "/workspace" }).waitFor();

    const saved = posted(/^\/api\/pm\/v2\/settings$/);
    await page.getByRole("combobox", { name: "Front-end page" }).click();
    await page.getByRole("option", { name: "Workspace (/workspace)" }).click();
    await expectOk(saved);
    await page.getByRole("link", { name: "Open /workspace" }).waitFor();
    await page.getByRole("row").filter({ hasText: "/workspace" }).getByText("Front-end page").waitFor();
    await closeToasts();
    await page.getByRole("heading", { name: "Pages" }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
    await shot("site-settings-pages");
  });

  it("turns the workforce flag on and makes a department with a person", async () => {
    await flip("Departments on the project form");
    await poll(() => page.getByText("The workforce-management integration is off").count()).toBe(0);

    await page.getByRole("button", { name: "Add department" }).click();
    const dialog = page.getByRole("dialog", { name: "New department" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Engineering");
    const people = dialog.getByRole("combobox", { name: "People" });
    await people.click();
    await people.fill("Nobody by that name");
    await page.getByText("No user found").waitFor();
    await people.fill("Dana");
    await page.getByRole("option", { name: engineer.name }).click();
    // A click on the dialog's title closes the people list, as a person would before saving.
    await dialog.getByRole("heading", { name: "New department" }).click();
    await page.getByRole("option", { name: engineer.name }).waitFor({ state: "hidden" });
    await shot("site-settings-department-form");
    const created = posted(/^\/api\/erp\/v1\/hrm\/departments$/);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectOk(created);
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("row").filter({ hasText: "Engineering" }).getByText("1 person").waitFor();
    await closeToasts();
    await page.getByRole("heading", { name: "Departments" }).evaluate((heading) => heading.scrollIntoView({ block: "center" }));
    await shot("site-settings-departments");
  });

  it("creates a project with the department and finds its person among the co-workers", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Projects" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByRole("button", { name: "New Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.getByLabel(/^Project name/).fill(departmentProject);
    await dialog.getByRole("combobox", { name: "Department" }).click();
    await page.getByRole("option", { name: "Engineering" }).click();
    await dialog.getByText(`Adds ${engineer.name} as a co-worker when saved.`).waitFor();
    await screenshot(page, "site-settings-project-department");
    const created = posted(/^\/api\/pm\/v2\/projects$/);
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expectOk(created);
    await page.getByRole("heading", { name: departmentProject, level: 1 }).waitFor();
    const member = page.getByRole("listitem").filter({ hasText: engineer.name });
    await member.getByText("Co-Worker").waitFor();
    await screenshot(page, "site-settings-project-members");
  });

  it("serves the app at the front-end page to a co-worker, without admin chrome", async () => {
    await signOut();
    await page.goto(`${server.url}/workspace`);
    await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
    await page.getByLabel("E-mail address").fill(coWorker.email);
    await page.getByLabel(/^Password/).fill(coWorker.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("user-menu").filter({ hasText: coWorker.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/workspace");
    await page.getByTestId("front-end-layout").waitFor();

    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Projects" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    for (const adminEntry of ["Users", "Modules", "License", "Settings"]) expect(await page.getByRole("link", { name: adminEntry, exact: true }).count()).toBe(0);
    const headerLogo = page.getByTestId("site-brand").getByRole("img", { name: "Site logo" });
    await poll(() => headerLogo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(360);
    await page.getByTestId("project-card").getByRole("link", { name: setupProject }).waitFor();
    await screenshot(page, "site-settings-front-end");
  });

  it("keeps the single-date picker for the co-worker on the front-end page", async () => {
    const modal = await openTask(`${server.url}/workspace`);
    expect(await modal.getByRole("button", { name: "Start date" }).count()).toBe(0);
    await screenshot(page, "site-settings-front-end-task");
  });

  it("fits the front-end page's header on a phone, with the everyday pages in the user menu", async () => {
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`${server.url}/workspace#/`);
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "My Tasks" }).waitFor();
    // The menu fades in; the picture is taken once it is fully shown.
    await poll(() => page.getByRole("menu").evaluate((menu) => getComputedStyle(menu).opacity)).toBe("1");
    await shot("site-settings-front-end-phone");
    await page.getByRole("menuitem", { name: "My Tasks" }).click();
    await page.getByRole("heading", { name: "My Tasks" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
