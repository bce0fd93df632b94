import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSession } from "../lib/api.js";
import { screenshot, settled, waitForAnswer } from "../lib/browser.js";
import { openContext, page, pageErrors, server, setUpPlotline, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * The site manager's switchboard: the modules list switches Calendar (site menu) and Files (project menu)
 * off and on again, and the license screen refuses a wrong key, activates one issued with
 * `npm run license:issue` for a key pair of this test, and deactivates it. A co-worker is kept out of both.
 */

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

// The server verifies keys against this pair's public half; the private half signs through the real script.
const pair = generateKeyPairSync("ed25519");
const stranger = generateKeyPairSync("ed25519");
const base64 = (key: typeof pair.publicKey | typeof pair.privateKey, type: "spki" | "pkcs8") => key.export({ type, format: "der" } as never).toString("base64");

const buyer = "licences@agency.test";
const projectTitle = "Website redesign";

useJourney({ name: "admin", env: { PLOTLINE_LICENSE_PUBLIC_KEY: base64(pair.publicKey, "spki") }, viewport: { width: 1280, height: 900 } });

/** Signs a license key with `npm run license:issue`'s script and the given private key. */
async function issueKey(email: string, signer: typeof pair, days = 365): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "apps/server/src/scripts/license-issue.ts", "--email", email, "--plan", "pro", "--days", String(days)], {
    cwd: root,
    env: { ...process.env, PLOTLINE_LICENSE_PRIVATE_KEY: base64(signer.privateKey, "pkcs8") },
  });
  return stdout.trim();
}

const siteMenu = () => page.getByRole("navigation", { name: "Main navigation" });
const projectMenu = () => page.getByRole("navigation", { name: "Project menu" });

function answered(pathname: string): Promise<Response> {
  return waitForAnswer(page, "POST", pathname);
}

/** Flips a module's switch and waits for the save and the reload that follows it. */
async function flipModule(name: string, expected: "On" | "Off"): Promise<void> {
  const saved = answered("/api/pm-pro/v2/module-update");
  const reloaded = page.waitForEvent("load");
  await page.getByRole("switch", { name: `${name} module` }).click({ force: true });
  expect((await saved).status()).toBe(200);
  await reloaded;
  await page.getByRole("heading", { name: "Modules", level: 1 }).waitFor();
  await expect.poll(() => page.getByTestId(`module-${name.toLowerCase()}`).getByText(expected, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

describe("site manager: modules and license", () => {
  it("sets Plotline up and makes a project with a co-worker", async () => {
    await setUpPlotline(manager);

    const { post } = await apiSession(server.url, manager.email, manager.password);
    const user = await post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false });
    await post("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: user.data.id, role_id: 2 }] });
  });

  it("lists every built module with its thumbnail, description and switch", async () => {
    await siteMenu().getByRole("link", { name: "Modules" }).click();
    await page.getByRole("heading", { name: "Modules", level: 1 }).waitFor();
    // Every Pro module, each with its switch, all on at first.
    await expect.poll(() => page.getByRole("switch").count()).toBe(13);
    for (const name of ["Reports", "Progress", "Invoice", "Gantt Chart", "Kanban Board", "Sub Tasks", "Time Tracker", "Custom Fields", "Store Product Link"]) {
      expect(await page.getByRole("switch", { name: `${name} module` }).isChecked()).toBe(true);
    }
    const calendar = page.getByTestId("module-calendar");
    await calendar.getByText("Calendar", { exact: true }).waitFor();
    await expect.poll(() => calendar.getByRole("img", { name: "Calendar module" }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole("switch", { name: "Calendar module" }).isChecked()).toBe(true);
    await screenshot(page, "admin-modules");
  });

  it("switches Calendar off: its entry leaves the site menu, and comes back when switched on", async () => {
    await siteMenu().getByRole("link", { name: "Calendar" }).waitFor();
    await flipModule("Calendar", "Off");
    expect(await page.getByRole("switch", { name: "Calendar module" }).isChecked()).toBe(false);
    await siteMenu().getByRole("link", { name: "Modules" }).waitFor();
    expect(await siteMenu().getByRole("link", { name: "Calendar" }).count()).toBe(0);
    await screenshot(page, "admin-modules-calendar-off");

    await flipModule("Calendar", "On");
    await siteMenu().getByRole("link", { name: "Calendar" }).waitFor();
  });

  it("switches Files off: the project menu loses Files, and gets it back", async () => {
    await flipModule("Files", "Off");
    await siteMenu().getByRole("link", { name: "Projects" }).click();
    await page.getByTestId("project-card").getByRole("link", { name: projectTitle }).click();
    await projectMenu().getByRole("link", { name: "Task Lists" }).waitFor();
    expect(await projectMenu().getByRole("link", { name: "Files" }).count()).toBe(0);

    await siteMenu().getByRole("link", { name: "Modules" }).click();
    await page.getByRole("heading", { name: "Modules", level: 1 }).waitFor();
    await flipModule("Files", "On");
    await page.goBack();
    await projectMenu().getByRole("link", { name: "Files" }).waitFor();
  });

  it("shows a quiet notice and the activation form while no license is active", async () => {
    await page.getByTestId("license-notice").waitFor();
    await siteMenu().getByRole("link", { name: "License" }).click();
    await page.getByRole("heading", { name: "License", level: 1 }).waitFor();
    await page.getByText("No license is active").waitFor();
    await page.getByRole("button", { name: "Save & Activate" }).waitFor();
    await screenshot(page, "admin-license-inactive");
  });

  it("asks for both fields, then shows the server's refusals in the error box", async () => {
    const errorBox = page.getByTestId("license-error");
    await page.getByRole("button", { name: "Save & Activate" }).click();
    await errorBox.getByText("Please provide your email and license key").waitFor();

    await page.getByLabel("Purchase e-mail").fill("someone.else@agency.test");
    await page.getByLabel("License key").fill(await issueKey(buyer, pair));
    await page.getByRole("button", { name: "Save & Activate" }).click();
    await errorBox.getByText("This license key was issued to another e-mail address.").waitFor();

    await page.getByLabel("Purchase e-mail").fill(buyer);
    await page.getByLabel("License key").fill(await issueKey(buyer, stranger));
    await page.getByRole("button", { name: "Save & Activate" }).click();
    await errorBox.getByText(/signature does not match/).waitFor();
    await screenshot(page, "admin-license-error");
  });

  it("activates a key issued for this copy: the page reloads and shows who it is licensed to", async () => {
    await page.getByLabel("License key").fill(await issueKey(buyer, pair, 365));
    const reloaded = page.waitForEvent("load");
    const saved = answered("/api/pm-pro/v2/license/activation");
    await page.getByRole("button", { name: "Save & Activate" }).click();
    expect((await saved).status()).toBe(200);
    await reloaded;
    await page.getByText("License active").waitFor();
    await page.getByText(`This copy of Plotline is licensed to ${buyer}.`).waitFor();
    const expiry = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10).split("-");
    await page.getByText(`${expiry[1]}/${expiry[2]}/${expiry[0]}`).waitFor();
    await page.getByText("Pro", { exact: true }).waitFor();
    expect(await page.getByTestId("license-notice").count()).toBe(0);
    await screenshot(page, "admin-license-active");
  });

  it("deactivates the license after the confirmation", async () => {
    await page.getByRole("button", { name: "Deactivate" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate the license?" });
    await dialog.getByText("License will delete permanently").waitFor();
    // The dialog fades in; the picture is for people, so let it finish.
    await settled(page);
    await screenshot(page, "admin-license-confirm");
    const deleted = answered("/api/pm-pro/v2/license/delete");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByRole("button", { name: "Save & Activate" }).waitFor();
    await page.getByTestId("license-notice").waitFor();
  });

  it("keeps a co-worker out: /modules and /license send them to the projects page", async () => {
    const context = await openContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    try {
      await other.goto(`${server.url}/#/login`);
      await other.getByLabel("E-mail address").fill(coWorker.email);
      await other.getByLabel(/^Password/).fill(coWorker.password);
      await other.getByRole("button", { name: "Sign in" }).click();
      await other.getByRole("heading", { name: "Projects", exact: true }).waitFor();
      const menu = other.getByRole("navigation", { name: "Main navigation" });
      expect(await menu.getByRole("link", { name: "Modules" }).count()).toBe(0);
      expect(await menu.getByRole("link", { name: "License" }).count()).toBe(0);
      for (const route of ["modules", "license"]) {
        await other.goto(`${server.url}/#/${route}`);
        await other.getByRole("heading", { name: "Projects", exact: true }).waitFor();
        expect(new URL(other.url()).hash).toBe("#/");
      }
      expect(await other.getByTestId("license-notice").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("raised no page errors or CSP violations", () => {
    expect(pageErrors.join("\n")).toBe("");
  });
});
