import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * A morning at the board: the manager opens a new project's board (its three columns are there), adds a
 * "Review" column with a WIP limit of 1, adds cards by quick add and an existing task by search, moves cards
 * within and between columns with the keyboard and back, is asked before going past the limit, drops a card
 * into Done and finds its task complete, opens a card, and a search result leads back to the board.
 */

useJourney({ name: "kanban", viewport: { width: 1440, height: 900 } });

const ids = { project: 0, list: 0, existing: 0 };
let api: ApiSession;
const existingTitle = "Existing checkout bug";

interface Column {
  id: number;
  title: string;
}
interface Card {
  id: number;
  title: string;
  status: number;
}

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  ids.project = (await api.post("pm/v2/projects", { title: "Shop relaunch" })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "Sprint" })).data.id;
  ids.existing = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: existingTitle, board_id: ids.list })).data.id;
});

const boardUrl = () => `${server.url}/#/projects/${ids.project}/kanboard`;
const columns = async () => (await api.get(`pm-pro/v2/projects/${ids.project}/kanboard`)).data as Column[];
const columnId = async (title: string) => {
  const column = (await columns()).find((entry) => entry.title === title);
  if (!column) throw new Error(`no column ${title}`);
  return column.id;
};
const cardsOf = async (title: string) =>
  ((await api.get(`pm-pro/v2/projects/${ids.project}/kanboard/${await columnId(title)}/?page=1`)).data as { task: { data: Card[] } }).task.data;
const titlesIn = async (title: string) => (await cardsOf(title)).map((card) => card.title);
/** A card on the board, by its task's title. */
const card = (title: string) => page.locator(`article.kb-card[aria-label="${title}"]`);
/** A card's drag handle, which holds the keyboard focus for moves. */
const handle = (title: string) => card(title).locator(".kb-card-handle");

/** Presses Alt+`key` on a card and waits for the move's answer. */
async function moveCard(title: string, key: string): Promise<void> {
  await handle(title).focus();
  const moved = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/kanboard/task-order`);
  await page.keyboard.press(`Alt+${key}`);
  await expectOk(moved);
  // The board gives the focus back to the moved card once it is drawn in its new place: wait for that, so
  // the next key goes to the card the next step means.
  await poll(() => handle(title).evaluate((element) => element === document.activeElement)).toBe(true);
}

describe("kanban: columns, cards, moves, a WIP limit and a done column", () => {
  it("signs in and finds the new project's three columns", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.goto(boardUrl());
    for (const title of ["Open", "In progress", "Done"]) await page.getByRole("heading", { name: title, exact: true }).waitFor();
    expect((await columns()).map((entry) => entry.title)).toEqual(["Open", "In progress", "Done"]);
  });

  it("adds a Review column with a WIP limit of 1", async () => {
    await page.getByRole("button", { name: "New column" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New column" });
    await dialog.getByLabel("Title").fill("Review");
    await dialog.getByLabel("WIP limit").fill("1");
    const created = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/kanboard`);
    await dialog.getByRole("button", { name: "Add column" }).click();
    await expectOk(created);
    await page.getByRole("heading", { name: "Review", exact: true }).waitFor();
    expect((await columns()).map((entry) => entry.title)).toEqual(["Open", "In progress", "Done", "Review"]);
  });

  it("adds two cards to Open by quick add, and an existing task by search", async () => {
    const field = page.getByRole("textbox", { name: "New card in Open" });
    await field.click();
    for (const title of ["Pick the payment provider", "Write the refund policy"]) {
      const created = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks`);
      await field.fill(title);
      await field.press("Enter");
      await expectOk(created);
    }
    await card("Write the refund policy").waitFor();
    await page.getByRole("button", { name: "Add an existing task to Open" }).click();
    await page.getByLabel("Find a task of this project").fill("checkout");
    await page.getByLabel("Find a task of this project").press("Enter");
    const added = waitForAnswer(page, "POST", new RegExp(`/kanboard/\\d+/task/${ids.existing}$`));
    await page.getByRole("button", { name: `Add ${existingTitle} to Open` }).click();
    await expectOk(added);
    await card(existingTitle).waitFor();
    await poll(() => titlesIn("Open")).toEqual([existingTitle, "Write the refund policy", "Pick the payment provider"]);
  });

  it("moves a card down within its column and to the next column and back, by keyboard", async () => {
    await moveCard(existingTitle, "ArrowDown");
    await poll(() => titlesIn("Open")).toEqual(["Write the refund policy", existingTitle, "Pick the payment provider"]);
    await moveCard(existingTitle, "ArrowRight");
    await poll(() => titlesIn("In progress")).toEqual([existingTitle]);
    await moveCard(existingTitle, "ArrowLeft");
    await poll(() => titlesIn("In progress")).toEqual([]);
    expect(await titlesIn("Open")).toContain(existingTitle);
  });

  it("asks before a second card goes into Review past its limit of 1", async () => {
    // Open → In progress → Done → Review: three steps right for each card.
    for (const _ of [1, 2, 3]) await moveCard("Pick the payment provider", "ArrowRight");
    await poll(() => titlesIn("Review")).toEqual(["Pick the payment provider"]);
    for (const _ of [1, 2]) await moveCard("Write the refund policy", "ArrowRight");
    await handle("Write the refund policy").focus();
    await page.keyboard.press("Alt+ArrowRight");
    const question = page.getByRole("dialog", { name: "Column limit" });
    await question.getByText("This column's limit is 1. Add anyway?").waitFor();
    await screenshot(page, "kanban-wip-question");
    const moved = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/kanboard/task-order`);
    await question.getByRole("button", { name: "Add anyway" }).click();
    await expectOk(moved);
    await poll(async () => (await titlesIn("Review")).length).toBe(2);
  });

  it("drops a card into Done and finds its task complete in the task lists", async () => {
    await moveCard(existingTitle, "ArrowRight");
    await moveCard(existingTitle, "ArrowRight");
    await poll(async () => (await cardsOf("Done")).find((entry) => entry.title === existingTitle)?.status).toBe(1);
    await screenshot(page, "kanban-board");
    await page.goto(`${server.url}/#/projects/${ids.project}/task-lists`);
    await page.getByRole("heading", { name: "Sprint" }).waitFor();
    await page.getByText("0 open · 1 done").waitFor();
    const task = (await api.get(`pm/v2/projects/${ids.project}/tasks/${ids.existing}`)).data as { status: number; kan_board_id: number };
    expect(task.status).toBe(1);
    expect(task.kan_board_id).toBe(await columnId("Done"));
  });

  it("opens a card in the task window over the board", async () => {
    await page.goto(boardUrl());
    await card("Write the refund policy").getByRole("link", { name: "Write the refund policy" }).click();
    await page.getByRole("dialog", { name: "Write the refund policy" }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/projects/${ids.project}/kanboard/tasks/\\d+$`));
    await page.keyboard.press("Escape");
  });

  it("drags a card with the mouse out of Done into In progress, which reopens its task", async () => {
    await page.goto(boardUrl());
    const from = card(existingTitle);
    await from.waitFor();
    const target = page.locator("section.kb-column").filter({ has: page.getByRole("heading", { name: "In progress", exact: true }) });
    const [start, end] = [await from.boundingBox(), await target.boundingBox()];
    if (!start || !end) throw new Error("the card or the column is not on screen");
    const moved = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/kanboard/task-order`);
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(end.x + end.width / 2, end.y + 120, { steps: 12 });
    await page.mouse.up();
    await expectOk(moved);
    await target.locator(`article.kb-card[aria-label="${existingTitle}"]`).waitFor();
    await poll(async () => (await cardsOf("In progress")).find((entry) => entry.title === existingTitle)?.status).toBe(0);
  });

  it("leads a search result to the board's single task, as the project is on its board", async () => {
    await page.getByRole("button", { name: /Search or jump to/ }).click();
    await page.keyboard.type("refund");
    const result = page.getByRole("option", { name: /Write the refund policy/ }).first();
    await result.waitFor();
    await result.click();
    await page.getByRole("dialog", { name: "Write the refund policy" }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/projects/${ids.project}/kanboard/tasks/\\d+$`));
    expect(pageErrors).toEqual([]);
  });
});
