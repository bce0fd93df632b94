import { beforeAll, describe, expect, it } from "vitest";
import { apiSession, createFirstUser } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * A day driven from the keyboard alone, as someone used to Linear works: sign in, jump to a list with the
 * command palette (typing before it has even opened), add three tasks with `c`, walk the rows with j/k,
 * select two with `x`, complete both with Space, take it back with Ctrl+Z, set a priority with `p`, open
 * the Inbox after a co-worker's mention with `g i`, and switch to dark mode from the palette. Axe passes on
 * the screens in both themes. After signing in, no mouse event is sent.
 */

useJourney({ name: "keyboard", viewport: { width: 1280, height: 800 } });

const projectTitle = "Harbour festival";
const listTitle = "Stage and sound";
let projectId = 0;
let listId = 0;
let firstTaskId = 0;
beforeAll(async () => {
  const ana = await createFirstUser(server.url, manager);
  const bruno = await ana.post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password });
  projectId = (await ana.post("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: bruno.data.id, role_id: 2 }] })).data.id;
  listId = (await ana.post(`pm/v2/projects/${projectId}/task-lists`, { title: listTitle })).data.id;
  firstTaskId = (await ana.post(`pm/v2/projects/${projectId}/tasks`, { title: "Book the sound engineer", board_id: listId, assignees: [bruno.data.id] })).data.id;
});

/** The keyboard of the journey's page: the only way the steps act once signed in. */
const keys = {
  press: (key: string) => page.keyboard.press(key),
  type: (text: string) => page.keyboard.type(text),
};

/** The accessible name of the element holding the focus. */
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");

/** The task row shown for the task `title` (a folded "done" group's rows are hidden, so not found). */
const row = (title: string) => page.getByRole("group", { name: title, exact: true });

describe("keyboard: a working day without the mouse", () => {
  it("signs in by typing and Enter", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").waitFor();
    // The e-mail field takes the focus when the page opens.
    await poll(focusedName).toBe("");
    await keys.type(manager.email);
    await keys.press("Tab");
    await keys.type(manager.password);
    await keys.press("Enter");
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
  });

  it("jumps to the list through the palette, keeping what was typed while it opened", async () => {
    // Ctrl+K and the words at once: the keys typed while the dialog opens start the search.
    await keys.press("Control+k");
    await keys.type("Stage and");
    const input = page.getByRole("combobox", { name: /pages and actions/ });
    await poll(() => input.inputValue()).toBe("Stage and");
    const option = page.getByRole("option", { name: new RegExp(listTitle) });
    await option.first().waitFor();
    await keys.press("Enter");
    await page.getByRole("heading", { name: listTitle }).waitFor();
    await expectNoSeriousAxeViolations(page, "single list, light");
  });

  it("adds three tasks with c, then walks the rows with j and k", async () => {
    await keys.press("c");
    await poll(focusedName).toBe(`New task in ${listTitle}`);
    for (const n of [1, 2, 3]) {
      const created = waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/tasks`);
      await keys.type(`Sound check ${n}`);
      await keys.press("Enter");
      await created;
    }
    for (const n of [1, 2, 3]) await row(`Sound check ${n}`).waitFor();
    // Escape leaves the field for the last task; k climbs, j comes back down.
    await keys.press("Escape");
    await poll(focusedName).toBe("Sound check 3");
    await keys.press("k");
    await poll(focusedName).toBe("Sound check 2");
    await keys.press("k");
    await keys.press("j");
    await poll(focusedName).toBe("Sound check 2");
  });

  it("selects two tasks with x, completes both with Space, and takes it back with Ctrl+Z", async () => {
    await keys.press("x");
    await keys.press("j");
    await keys.press("x");
    await poll(focusedName).toBe("Sound check 3, selected");
    const bar = page.getByRole("toolbar", { name: "Actions on the selected tasks" });
    await bar.getByText("2 tasks selected").waitFor();
    await screenshot(page, "keyboard-selected");

    const completed = waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/tasks/bulk`);
    await keys.press(" ");
    await completed;
    await page.getByRole("alert").filter({ hasText: "2 tasks completed" }).waitFor();
    await poll(() => row("Sound check 2").count()).toBe(0);
    await poll(() => row("Sound check 3").count()).toBe(0);
    await bar.waitFor({ state: "hidden" });
    // The focus went to the nearest task still open.
    await poll(focusedName).toBe("Sound check 1");
    await screenshot(page, "keyboard-completed");

    const reopened = waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/tasks/bulk`);
    await keys.press("Control+z");
    await reopened;
    await page.getByRole("alert").filter({ hasText: "Undone" }).waitFor();
    await row("Sound check 2").waitFor();
    await row("Sound check 3").waitFor();
  });

  it("sets a priority with p, from the list to the task and back", async () => {
    await keys.press("j");
    const name = "Sound check 2";
    await poll(focusedName).toBe(name);
    const taskId = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.taskId);
    await keys.press("p");
    const priority = page.getByRole("dialog").getByLabel("Priority", { exact: true }).first();
    await poll(() => priority.evaluate((element) => element === document.activeElement)).toBe(true);
    const saved = waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/tasks/${taskId}/update`);
    // The arrows move the highlight down the open list until it is on High; Enter chooses it.
    const high = page.getByRole("option", { name: "High" });
    await high.waitFor();
    for (let step = 0; step < 5 && (await high.getAttribute("data-combobox-selected")) === null; step++) await keys.press("ArrowDown");
    await keys.press("Enter");
    await saved;
    await expectNoSeriousAxeViolations(page, "task modal, light");
    await keys.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // Back on the list, the row carries the priority and has the focus again.
    await row(name).getByRole("img", { name: "Priority: High" }).waitFor();
    await poll(focusedName).toBe(name);
  });

  it("opens the Inbox with g i after a co-worker mentions the user", async () => {
    const bruno = await apiSession(server.url, coWorker.email, coWorker.password);
    await bruno.post(`pm/v2/projects/${projectId}/comments`, {
      content: `<p>Can <span data-type="mention" data-id="1">@${manager.name}</span> confirm the stage size?</p>`,
      commentable_type: "task",
      commentable_id: firstTaskId,
    });
    await keys.press("g");
    await keys.press("i");
    await page.getByRole("heading", { name: "Inbox" }).waitFor();
    await page.getByText(`${coWorker.name} mentioned you`).first().waitFor();
    await expectNoSeriousAxeViolations(page, "inbox, light");
    await screenshot(page, "keyboard-inbox-light");
  });

  it("switches to dark mode from the palette, and every screen still passes axe", async () => {
    await keys.press("Control+k");
    await keys.type("dark");
    await page.getByRole("option", { name: /Switch/ }).first().waitFor();
    await keys.press("Enter");
    await poll(() => page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"))).toBe("dark");
    await expectNoSeriousAxeViolations(page, "inbox, dark");
    await screenshot(page, "keyboard-inbox-dark");
    await keys.press("Control+k");
    await keys.type(listTitle);
    await page.getByRole("option", { name: new RegExp(listTitle) }).first().waitFor();
    await keys.press("Enter");
    await page.getByRole("heading", { name: listTitle }).waitFor();
    await row("Sound check 1").waitFor();
    await page.getByTestId("command-palette").waitFor({ state: "detached" });
    await keys.press("j");
    await keys.press("x");
    await page.getByRole("toolbar", { name: "Actions on the selected tasks" }).waitFor();
    await expectNoSeriousAxeViolations(page, "single list with a selection, dark");
    await screenshot(page, "keyboard-list-dark");
  });

  it("met no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
