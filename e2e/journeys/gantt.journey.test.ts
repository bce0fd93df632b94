import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { ARTIFACTS, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * A planning morning on the Gantt chart: the manager opens a project's chart, drags a bar two days later
 * and finds the new dates in the task's window, stretches it by a day, draws a link from it to a task that
 * now starts too early and accepts moving that task, turns the critical path on, and exports a PDF.
 */

useJourney({ name: "gantt", viewport: { width: 1440, height: 900 } });

const ids = { project: 0, list: 0, movers: 0, archive: 0, network: 0, boxes: 0 };
let api: ApiSession;

/** The local day `offset` days from today, as the API writes days. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
/** The same day as the web shows it (the default format, MM/DD/YYYY). */
const shown = (value: string) => `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}`;

interface TaskDates {
  start_at: { date: string | null };
  due_date: { date: string | null };
}
const datesOf = async (taskId: number) => {
  const task = (await api.get(`pm/v2/projects/${ids.project}/tasks/${taskId}`)).data as TaskDates;
  return { start: task.start_at.date?.slice(0, 10), due: task.due_date.date?.slice(0, 10) };
};

/** One day on the chart at the day zoom, in pixels. */
const DAY = 34;
const bar = (taskId: number) => page.locator(`.wx-bar[data-id="${taskId}"]`);

/** Drags with the mouse from a point of `from` (a fraction of its width) by `dx` pixels. */
async function dragBar(taskId: number, at: number, dx: number): Promise<void> {
  const box = await bar(taskId).boundingBox();
  if (!box) throw new Error(`bar ${taskId} is not on screen`);
  const x = box.x + box.width * at;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step += 1) await page.mouse.move(x + (dx * step) / 6, y);
  await page.mouse.up();
}

beforeAll(async () => {
  api = await createFirstUser(server.url, manager);
  ids.project = (await api.post("pm/v2/projects", { title: "Office move" })).data.id;
  ids.list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "Moving week" })).data.id;
  const task = async (title: string, start: number, due: number) =>
    (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title, board_id: ids.list, start_at: day(start), due_date: day(due) })).data.id as number;
  ids.movers = await task("Book the movers", 1, 3);
  ids.archive = await task("Pack the archive", 5, 7);
  ids.network = await task("Set up the network", 8, 9);
  ids.boxes = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: "Order the boxes", board_id: ids.list })).data.id;
  await api.post(`pm-pro/v2/projects/${ids.project}/gantt`, { link: { source: ids.archive, target: ids.network, type: 0 } });
});

describe("gantt: drag, resize, link, reschedule, critical path and export", () => {
  it("signs in and finds the lists and bars on the chart", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    await page.goto(`${server.url}/#/projects/${ids.project}/gantt`);
    await page.getByRole("heading", { name: "Gantt", exact: true }).waitFor();
    for (const id of [ids.movers, ids.archive, ids.network]) await bar(id).waitFor();
    await expect(page.getByRole("link", { name: "Gantt" }).first().getAttribute("href")).resolves.toContain("/gantt");
    await screenshot(page, "gantt-chart");
  });

  it("drags a bar two days later and finds its new dates in the task's window", async () => {
    const saved = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${ids.movers}/update`);
    await dragBar(ids.movers, 0.5, DAY * 2);
    await expectOk(saved);
    await poll(() => datesOf(ids.movers)).toEqual({ start: day(3), due: day(5) });
    await bar(ids.movers).dblclick();
    const dialog = page.getByRole("dialog", { name: "Book the movers" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Start date").textContent()).resolves.toContain(shown(day(3)));
    await expect(dialog.getByLabel("Due date").textContent()).resolves.toContain(shown(day(5)));
    await page.keyboard.press("Escape");
    await bar(ids.movers).waitFor();
  });

  it("stretches the bar by a day from its end", async () => {
    const saved = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${ids.movers}/update`);
    await dragBar(ids.movers, 0.97, DAY);
    await expectOk(saved);
    await poll(() => datesOf(ids.movers)).toEqual({ start: day(3), due: day(6) });
  });

  it("links the bar to a task that starts too early, and moves that task and its successor when asked", async () => {
    // From the right end of "Book the movers" to the left end of "Pack the archive": finish to start.
    const linked = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/gantt`);
    await bar(ids.movers).hover();
    await bar(ids.movers).locator(".wx-link.wx-right").click();
    await bar(ids.archive).hover();
    await bar(ids.archive).locator(".wx-link.wx-left").click();
    await expectOk(linked);
    // The archive (day 5 to 7) must now start after the movers' due day 6; the network follows the archive.
    const question = page.getByRole("dialog", { name: "Also move 2 dependent tasks?" });
    await question.waitFor();
    await screenshot(page, "gantt-reschedule-question");
    const moved = waitForAnswer(page, "POST", `/api/pm-pro/v2/projects/${ids.project}/gantt/reschedule`);
    await question.getByRole("button", { name: "Move them" }).click();
    await expectOk(moved);
    await poll(() => datesOf(ids.archive)).toEqual({ start: day(7), due: day(9) });
    await poll(() => datesOf(ids.network)).toEqual({ start: day(10), due: day(11) });
    const links = (await api.get(`pm-pro/v2/projects/${ids.project}/gantt`)).data as Array<{ id: number; gantt_links: { data: Array<{ target: number; type: number }> } }>;
    expect(links.find((task) => task.id === ids.movers)?.gantt_links.data).toEqual([expect.objectContaining({ target: ids.archive, type: 0 })]);
  });

  it("shows the critical path", async () => {
    await page.getByRole("switch", { name: "Critical path" }).check();
    await page.getByTestId("gantt-critical-summary").getByText("3 tasks on the critical path", { exact: false }).waitFor();
    await poll(() => page.locator(".wx-bar.critical").count()).toBe(3);
    await screenshot(page, "gantt-critical-path");
  });

  it("schedules a task that had no dates from its row, and its bar appears", async () => {
    await expect(bar(ids.boxes).isVisible()).resolves.toBe(false);
    const saved = waitForAnswer(page, "POST", `/api/pm/v2/projects/${ids.project}/tasks/${ids.boxes}/update`);
    await page.getByRole("button", { name: "Schedule Order the boxes" }).click();
    await expectOk(saved);
    await bar(ids.boxes).waitFor();
    const dates = await datesOf(ids.boxes);
    expect(dates.start).toBe(dates.due);
  });

  it("exports the chart as a PDF", async () => {
    await page.getByRole("button", { name: "Export" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Export to PDF" }).click();
    const file = path.join(ARTIFACTS, "gantt-export.pdf");
    await (await download).saveAs(file);
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    // A document with a page in it, not an error page saved as .pdf.
    expect(pdf.toString("latin1")).toMatch(/\/Type\s*\/Page\b/);
    // Drawn to a picture to be looked at, where poppler is installed.
    try {
      execFileSync("pdftoppm", ["-r", "60", "-png", "-singlefile", file, path.join(ARTIFACTS, "gantt-export-page")]);
    } catch {
      // pdftoppm is a look for people, not a check: the PDF itself was checked above.
    }
    expect(pageErrors).toEqual([]);
  });
});
