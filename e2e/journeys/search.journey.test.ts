import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiSession, createFirstUser } from "../lib/api.js";
import { screenshot } from "../lib/browser.js";
import { page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { manager } from "../lib/people.js";

/**
 * Search as a project manager meets it: projects, lists, tasks and a discussion are made through the API;
 * in the web app the manager finds a task from the projects-list box (mouse) and opens it, then finds
 * another from the project header's box with the keyboard (arrow keys, Enter), and sees both boxes'
 * empty texts and the header box's minimum length.
 */

useJourney({ name: "search", viewport: { width: 1280, height: 800 } });

const projectTitle = "Website relaunch";

/** Sets Plotline up through the API and makes what the boxes search, as the manager. */
async function seed(): Promise<void> {
  const { post } = await createFirstUser(server.url, manager);
  const call = async (path: string, body: unknown): Promise<number> => (await post(path, body)).data.id;
  const project = await call("pm/v2/projects", { title: projectTitle, description: "<p>New site for the spring campaign.</p>", color: "#1c7ed6" });
  const other = await call("pm/v2/projects", { title: "Mobile app", color: "#e8590c" });
  const design = await call(`pm/v2/projects/${project}/task-lists`, { title: "Design" });
  await call(`pm/v2/projects/${project}/tasks`, { title: "Homepage mock-up", board_id: design, description: "<p>Hero, <strong>navigation</strong> and footer.</p>" });
  await call(`pm/v2/projects/${project}/tasks`, { title: "Pick the colour palette", board_id: design, description: "<p>Warm tones to match the homepage photos.</p>" });
  await call(`pm/v2/projects/${project}/tasks`, { title: "Icon set", board_id: design });
  await call(`pm/v2/projects/${project}/discussion-boards`, { title: "Homepage copy", description: "<p>Who writes the headline?</p>" });
  await call(`pm/v2/projects/${project}/milestones`, { title: "Homepage live", achieve_date: "2030-05-01" });
  await call(`pm/v2/projects/${other}/tasks`, { title: "Home screen widgets" });
  for (let i = 1; i <= 12; i += 1) await call(`pm/v2/projects/${project}/tasks`, { title: `Homepage section ${i}`, board_id: design });
}

beforeAll(seed);

/** The result panel of the open box. */
function panel(): Locator {
  return page.getByRole("listbox", { name: "Search results" });
}

/** Waits until a popup has finished fading in, so that a screenshot shows it as people see it. */
async function settled(locator: Locator): Promise<void> {
  await poll(() => locator.evaluate((element) => getComputedStyle(element.closest("[data-combobox-dropdown], .mantine-Popover-dropdown") ?? element).opacity)).toBe("1");
}

describe("search: both boxes find a task and open it", () => {
  it("signs in", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
  });

  it("finds a task from the projects-list box, ranked by title, and opens it", async () => {
    const box = page.getByRole("combobox", { name: "Search projects and everything in them" });
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/pm/v2/search") searches.push(new URL(request.url()).searchParams.get("query") ?? "");
    });
    // Typed quickly: the 500 ms pause sends one search for the whole word.
    await box.pressSequentially("homep", { delay: 40 });
    const option = panel().getByRole("option", { name: "Task: Homepage mock-up" });
    await option.waitFor();
    expect(searches).toEqual(["homep"]);
    // Title matches come before the task that only mentions it in its description.
    const names = await panel().getByRole("option").evaluateAll((options) => options.map((o) => o.getAttribute("aria-label") ?? ""));
    expect(names.indexOf("Task: Homepage mock-up")).toBeLessThan(names.indexOf("Task: Pick the colour palette"));
    expect(names).toContain("Message: Homepage copy");
    expect(names).toContain("Milestone: Homepage live");
    // The panel around the results is capped at 300 px and scrolls; Tab can reach it to scroll it.
    const scroller = page.getByRole("region", { name: "Search results" });
    const height = await scroller.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(302);
    expect(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await settled(panel());
    await screenshot(page, "search-global-results");

    await option.click();
    const modal = page.getByRole("dialog", { name: "Homepage mock-up" });
    await modal.waitFor();
    await poll(() => page.url()).toMatch(/#\/projects\/\d+\/task-lists\/tasks\/\d+$/);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("shows the empty text of the projects-list box", async () => {
    await page.goto(`${server.url}/#/`);
    const box = page.getByRole("combobox", { name: "Search projects and everything in them" });
    await box.fill("zzqx");
    await panel().getByText("No result found", { exact: true }).waitFor();
    // The box searches; it leaves the project cards alone.
    expect(await page.getByTestId("project-card").count()).toBe(2);
    await settled(panel());
    await screenshot(page, "search-global-empty");
    await page.keyboard.press("Escape");
    await poll(() => panel().count()).toBe(0);
    await box.fill("");
  });

  it("finds a task from the project header's box with the keyboard and opens it", async () => {
    await page.getByTestId("project-card").getByRole("link", { name: projectTitle }).click();
    await page.getByRole("heading", { name: projectTitle, level: 1 }).waitFor();
    const box = page.getByRole("combobox", { name: "Search this project" });
    await box.fill("pa");
    // Under three characters the box asks for more and sends nothing.
    await panel().getByText("Type at least 3 characters to search.").waitFor();
    await box.fill("palet");
    const option = panel().getByRole("option", { name: "Task: Pick the colour palette" });
    await option.waitFor();
    await settled(panel());
    await screenshot(page, "search-project-results");
    // Arrow down to the result, Enter to open it.
    await page.keyboard.press("ArrowDown");
    await poll(() => option.getAttribute("data-combobox-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Pick the colour palette" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Pick the colour palette" }).waitFor({ state: "detached" });
  });

  it("scrolls a long result list inside the 300 px panel, and shows the header box's empty text", async () => {
    const box = page.getByRole("combobox", { name: "Search this project" });
    await box.fill("homepage");
    await panel().getByRole("option", { name: "Task: Homepage section 12" }).waitFor();
    const sizes = await page.getByRole("region", { name: "Search results" }).evaluate((element) => ({ height: element.getBoundingClientRect().height, scrollHeight: element.scrollHeight }));
    expect(sizes.height).toBeLessThanOrEqual(302);
    expect(sizes.scrollHeight).toBeGreaterThan(300);
    // Results of another project never show in this project's box.
    expect(await panel().getByRole("option", { name: "Task: Home screen widgets" }).count()).toBe(0);
    await settled(panel());
    await screenshot(page, "search-project-scroll");

    await box.fill("nothing like this");
    await panel().getByText("No result found!", { exact: true }).waitFor();
    await settled(panel());
    await screenshot(page, "search-project-empty");
    await page.keyboard.press("Escape");
    await poll(() => panel().count()).toBe(0);
  });

  it("aborts a pending search when a new one starts", async () => {
    const box = page.getByRole("combobox", { name: "Search this project" });
    // Holds the first search back, so that it is still pending when the next one is sent.
    let held = 0;
    await page.route((url) => url.pathname === "/api/pm-pro/v2/search_by_client" && url.searchParams.get("query") === "icon", async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    const aborted: string[] = [];
    const onFailed = (request: { url: () => string; failure: () => { errorText: string } | null }) => {
      if (request.url().includes("search_by_client")) aborted.push(`${new URL(request.url()).searchParams.get("query")}: ${request.failure()?.errorText}`);
    };
    page.on("requestfailed", onFailed);
    await box.fill("icon");
    await poll(() => held).toBe(1);
    // The spinner shows while the search runs.
    await box.locator("xpath=..").getByLabel("Searching…").first().waitFor();
    await panel().getByText("Searching…").waitFor();
    await settled(panel());
    await screenshot(page, "search-project-loading");
    await box.fill("icon set");
    await panel().getByRole("option", { name: "Task: Icon set" }).waitFor();
    await poll(() => aborted).toEqual(["icon: net::ERR_ABORTED"]);
    page.off("requestfailed", onFailed);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.keyboard.press("Escape");
  });

  it("loads more than a page of results on demand", async () => {
    // Ten more matches make 26 in the project: more than the 20 of one page.
    const session = await apiSession(server.url, manager.email, manager.password);
    const projectId = Number(/#\/projects\/(\d+)/.exec(page.url())?.[1]);
    for (let i = 1; i <= 10; i += 1) await session.post(`pm/v2/projects/${projectId}/tasks`, { title: `Homepage extra ${i}` });
    const box = page.getByRole("combobox", { name: "Search this project" });
    await box.fill("homepag");
    const more = panel().getByRole("option", { name: "Show more results" });
    await more.waitFor();
    expect(await more.innerText()).toContain("20 of 26");
    expect(await panel().getByRole("option", { name: /^(Task|Message|Milestone):/ }).count()).toBe(20);
    await more.scrollIntoViewIfNeeded();
    await settled(panel());
    await screenshot(page, "search-project-more");
    await more.click();
    await poll(() => panel().getByRole("option", { name: /^(Task|Message|Milestone):/ }).count()).toBe(26);
    // Every result is there once, and the panel stays open with nothing more to load.
    const names = await panel().getByRole("option").evaluateAll((options) => options.map((o) => o.getAttribute("aria-label") ?? ""));
    expect(new Set(names).size).toBe(26);
    expect(names).toContain("Task: Homepage extra 1");
    expect(await more.count()).toBe(0);
    await page.keyboard.press("Escape");
    await poll(() => panel().count()).toBe(0);
  });

  it("shows the matching words of a description, marked, and fits a phone screen", async () => {
    const box = page.getByRole("combobox", { name: "Search this project" });
    await box.fill("navigation");
    const option = panel().getByRole("option", { name: "Task: Homepage mock-up" });
    // The last search's results stay on screen until these arrive. The excerpt is the description's
    // text with the match marked, not its HTML.
    await poll(() => option.locator("mark").allTextContents()).toEqual(["navigation"]);
    expect(await option.innerText()).toContain("Hero, navigation and footer.");
    await settled(panel());
    await screenshot(page, "search-project-snippet");

    await page.setViewportSize({ width: 390, height: 760 });
    await box.fill("homepage");
    await panel().getByRole("option", { name: "Task: Homepage section 12" }).waitFor();
    const fits = await panel().evaluate((element) => {
      const rect = element.closest(".mantine-Popover-dropdown, [data-combobox-dropdown]")?.getBoundingClientRect() ?? element.getBoundingClientRect();
      return rect.left >= 0 && rect.right <= window.innerWidth;
    });
    expect(fits).toBe(true);
    await settled(panel());
    await screenshot(page, "search-project-phone");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("met no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
