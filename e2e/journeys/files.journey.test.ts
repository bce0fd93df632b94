import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { closeToasts as closeAllToasts, screenshot as fullPageShot, waitForAnswer, watchForPageErrors } from "../lib/browser.js";
import { browser, expectOk, openContext, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { client, manager } from "../lib/people.js";

/**
 * Project files as a manager and a client meet them: the manager creates a folder and a private folder,
 * uploads a picture and a video (which plays), writes a doc, edits it and looks at its revision, adds a
 * link, moves the doc into the folder with the move popup, renames a folder inline and deletes one after
 * confirming, has an SVG carrying script refused, downloads a file, and attaches a file to a
 * discussion; the client does not see the private folder and is told 'Permission denied.' when a
 * download is refused. Set-up (people, project) goes through the API; every step after it is a click.
 */

useJourney({ name: "files", viewport: { width: 1280, height: 800 } });
let managerContext: BrowserContext;
let fixtures: string;
let projectId = 0;
let managerApi: ApiSession;


/** Calls the API as someone signed in through it, with their cookie and nonce. */
async function call(who: { cookie: string; nonce: string } | null, method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; setCookie: string | null }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (who) Object.assign(headers, { cookie: who.cookie, "x-pm-nonce": who.nonce });
  const response = await fetch(`${server.url}${url}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json, setCookie: response.headers.get("set-cookie") };
}

/** Makes a small PNG and a short MP4 (H.264, recorded from a canvas) in the browser, as files on disk. */
async function makeFixtures(): Promise<void> {
  const scratch = await browser.newPage();
  await scratch.setContent("<html><body></body></html>");
  const made = await scratch.evaluate(async () => {
    const toBase64 = (bytes: Uint8Array) => {
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    };
    const picture = document.createElement("canvas");
    picture.width = 480;
    picture.height = 300;
    const draw = picture.getContext("2d") as CanvasRenderingContext2D;
    const gradient = draw.createLinearGradient(0, 0, 480, 300);
    gradient.addColorStop(0, "#4263eb");
    gradient.addColorStop(1, "#e64980");
    draw.fillStyle = gradient;
    draw.fillRect(0, 0, 480, 300);
    draw.fillStyle = "white";
    draw.font = "bold 48px sans-serif";
    draw.fillText("Mock-up", 140, 165);
    const png = picture.toDataURL("image/png").split(",")[1] ?? "";

    const frame = document.createElement("canvas");
    frame.width = 320;
    frame.height = 180;
    document.body.append(frame);
    const paint = frame.getContext("2d") as CanvasRenderingContext2D;
    const recorder = new MediaRecorder(frame.captureStream(15), { mimeType: "video/mp4;codecs=avc1" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let step = 0; step < 20; step++) {
      paint.fillStyle = `hsl(${step * 18}, 70%, 45%)`;
      paint.fillRect(0, 0, 320, 180);
      paint.fillStyle = "white";
      paint.fillRect(step * 14, 70, 40, 40);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    recorder.stop();
    await stopped;
    const mp4 = toBase64(new Uint8Array(await new Blob(chunks).arrayBuffer()));
    return { png, mp4 };
  });
  await scratch.close();
  fs.writeFileSync(path.join(fixtures, "mockup.png"), Buffer.from(made.png, "base64"));
  fs.writeFileSync(path.join(fixtures, "hero.png"), Buffer.from(made.png, "base64"));
  fs.writeFileSync(path.join(fixtures, "teaser.mp4"), Buffer.from(made.mp4, "base64"));
  fs.writeFileSync(path.join(fixtures, "agenda.txt"), "1. Welcome\n2. Scope\n3. Next steps\n");
  fs.writeFileSync(path.join(fixtures, "appendix.txt"), "Colours, fonts and the logo grid.\n");
}

beforeAll(async () => {
  managerContext = page.context();
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-files-journey-"));
  await makeFixtures();

  // The people and the project, through the API: this journey is about the files screens.
  managerApi = await createFirstUser(server.url, manager);
  const clientId = (await managerApi.post("pm/v2/users", { display_name: client.name, email: client.email, password: client.password, manage_pm: false })).data.id;
  projectId = (await managerApi.post("pm/v2/projects", { title: "Brand refresh", assignees: [{ user_id: clientId, role_id: 3 }] })).data.id;
});

afterAll(() => {
  if (fixtures) fs.rmSync(fixtures, { recursive: true, force: true });
});

/**
 * A full-page screenshot taken from the top of the page, so that the fixed header stays in its place.
 */
async function screenshot(on: Page, name: string): Promise<void> {
  await on.evaluate(() => {
    window.scrollTo(0, 0);
    // A file chooser hands focus back to the page's first stop, the skip link, which would show over the header.
    if (document.activeElement instanceof HTMLElement && document.activeElement.matches(".skip-link")) document.activeElement.blur();
  });
  await fullPageShot(on, name);
}

/** Starts waiting for the answer to an API call whose method and path match. */
function answered(method: string, pathPattern: RegExp, on: Page = page): Promise<Response> {
  return waitForAnswer(on, method, pathPattern);
}

/** Closes the toasts that are up, as a person would before reaching what they cover. */
async function closeToasts(on: Page = page): Promise<void> {
  await closeAllToasts(on);
}

async function signIn(on: Page, person: { name: string; email: string; password: string }): Promise<void> {
  await on.goto(`${server.url}/#/login`);
  await on.getByLabel("E-mail address").fill(person.email);
  await on.getByLabel(/^Password/).fill(person.password);
  await on.getByRole("button", { name: "Sign in" }).click();
  await on.getByTestId("user-menu").filter({ hasText: person.name }).waitFor();
}

const filesHome = () => `${server.url}/#/projects/${projectId}/files`;
const FILES_CALL = /^\/api\/pm-pro\/v2\/projects\/\d+\/files$/;

function row(title: string, on: Page = page): Locator {
  return on.getByTestId("file-item").filter({ hasText: title });
}

/** Opens an item's menu (download, move, delete) from its row. */
async function openMenu(title: string, on: Page = page): Promise<void> {
  await on.getByRole("button", { name: `Actions for ${title}` }).click();
}

describe("files: folders, uploads, docs, links, moving, privacy and downloads", () => {
  it("shows an empty files home with 'No results found!'", async () => {
    await signIn(page, manager);
    await page.goto(filesHome());
    await page.getByRole("heading", { name: "Files", level: 2 }).waitFor();
    await page.getByText("No results found!").waitFor();
    // The breadcrumb starts with the home icon; the four create buttons are offered to a manager.
    await page.getByRole("link", { name: "Files home" }).waitFor();
    for (const name of ["Create a folder", "Upload a file", "Create a doc", "Link to Docs"]) await page.getByRole("button", { name }).waitFor();
    await screenshot(page, "files-empty");
  });

  it("creates a folder and a private folder in the 400 px modal", async () => {
    for (const folder of [{ name: "Designs", private: false }, { name: "Board only", private: true }]) {
      await page.getByRole("button", { name: "Create a folder" }).click();
      const dialog = page.getByRole("dialog", { name: "Create a folder" });
      const submit = dialog.getByRole("button", { name: "Create folder" });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel(/^Folder name/).fill(folder.name);
      await dialog.getByTestId("folder-preview").filter({ hasText: folder.name }).waitFor();
      if (folder.private) await dialog.getByLabel("Make this private").check();
      if (!folder.private) {
        const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
        expect(width).toBe(400);
        await screenshot(page, "files-folder-modal");
      }
      const created = answered("POST", FILES_CALL);
      await submit.click();
      await expectOk(created);
      await dialog.waitFor({ state: "hidden" });
      await row(folder.name).waitFor();
    }
    await row("Board only").getByRole("button", { name: "Make public" }).waitFor();
    await closeToasts();
  });

  it("uploads a picture and a video from the upload form", async () => {
    await page.getByRole("button", { name: "Upload a file" }).click();
    const form = page.getByRole("form", { name: "File uploads" });
    await form.getByText("Drop files here").waitFor();
    expect(await form.getByRole("button", { name: "Upload", exact: true }).isDisabled()).toBe(true);
    const chooser = page.waitForEvent("filechooser");
    await form.getByRole("button", { name: "Attach a File" }).click();
    await (await chooser).setFiles([path.join(fixtures, "mockup.png"), path.join(fixtures, "teaser.mp4")]);
    await poll(() => form.getByRole("button", { name: "Delete File" }).count()).toBe(2);
    await screenshot(page, "files-upload-form");
    const uploaded = answered("POST", FILES_CALL);
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    const response = await expectOk(uploaded);
    const stored = ((await response.json()) as { data: Array<{ name: string; mime_type: string }> }).data;
    expect(stored.map((file) => [file.name, file.mime_type])).toEqual([["mockup.png", "image/png"], ["teaser.mp4", "video/mp4"]]);
    await form.waitFor({ state: "detached" });
    await row("mockup.png").waitFor();
    await row("teaser.mp4").waitFor();
    // The picture's thumbnail, made on upload, shows in its row.
    const thumb = row("mockup.png").locator("img");
    await poll(() => thumb.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await closeToasts();
  });

  it("creates a doc with an attachment and a link", async () => {
    await page.getByRole("button", { name: "Create a doc" }).click();
    const docForm = page.getByRole("form", { name: "Create a doc" });
    await docForm.getByLabel(/^Title/).fill("Launch plan");
    await docForm.getByRole("textbox", { name: "Content" }).fill("First draft of the launch plan.");
    const chooser = page.waitForEvent("filechooser");
    await docForm.getByRole("button", { name: "Attach files" }).click();
    await (await chooser).setFiles(path.join(fixtures, "appendix.txt"));
    await docForm.getByText("appendix.txt").waitFor();
    await screenshot(page, "files-doc-form");
    const docCreated = answered("POST", FILES_CALL);
    await docForm.getByRole("button", { name: "Create doc" }).click();
    await expectOk(docCreated);
    await row("Launch plan").waitFor();

    await page.getByRole("button", { name: "Link to Docs" }).click();
    const linkForm = page.getByRole("form", { name: "Link to Docs" });
    await linkForm.getByLabel(/^Title/).fill("Brand guide");
    await linkForm.getByLabel(/^Address/).fill("https://docs.google.com/document/d/brand-guide");
    await linkForm.getByLabel("Note").fill("The guide the agency keeps up to date.");
    await screenshot(page, "files-link-form");
    const linkCreated = answered("POST", FILES_CALL);
    await linkForm.getByRole("button", { name: "Add link" }).click();
    await expectOk(linkCreated);
    await row("Brand guide").waitFor();
    await closeToasts();
    await screenshot(page, "files-list");
  });

  it("edits the doc, sees the revision and returns with 'View current doc.'", async () => {
    await row("Launch plan").getByRole("button", { name: "Launch plan", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Launch plan" });
    await modal.getByText("First draft of the launch plan.").waitFor();
    await modal.getByText("No Revision").waitFor();
    await modal.getByTestId("attachment").filter({ hasText: "appendix.txt" }).waitFor();
    await screenshot(page, "files-single-doc");

    await modal.getByRole("button", { name: "Edit" }).click();
    const editor = modal.getByRole("textbox", { name: "Content" });
    await editor.fill("Final launch plan: go live on Monday.");
    const saved = answered("POST", /^\/api\/pm-pro\/v2\/projects\/\d+\/files\/\d+$/);
    await modal.getByRole("button", { name: "Save doc" }).click();
    await expectOk(saved);
    await modal.getByText("Final launch plan: go live on Monday.").waitFor();
    const revisions = modal.getByRole("complementary", { name: "Revisions" });
    await poll(() => revisions.getByRole("button").count()).toBe(1);

    await revisions.getByRole("button").first().click();
    await modal.getByText("First draft of the launch plan.").waitFor();
    await modal.getByText(/You are viewing the revision of/).waitFor();
    await screenshot(page, "files-single-doc-revision");
    await modal.getByRole("button", { name: "View current doc." }).click();
    await modal.getByText("Final launch plan: go live on Monday.").waitFor();
    expect(await modal.getByText(/You are viewing the revision of/).count()).toBe(0);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await closeToasts();
  });

  it("plays the video in the single file view (HTTP ranges answered with 206)", async () => {
    const ranged = page.waitForResponse((response) => /\/files\/\d+\/download$/.test(new URL(response.url()).pathname) && response.status() === 206);
    await row("teaser.mp4").getByRole("button", { name: "teaser.mp4", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "teaser.mp4" });
    const video = modal.getByTestId("file-video");
    await video.waitFor();
    expect((await ranged).headers()["content-type"]).toBe("video/mp4");
    await poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element) => (element as HTMLVideoElement).error)).toBeNull();
    await screenshot(page, "files-single-file");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });

    await row("Brand guide").getByRole("button", { name: "Brand guide", exact: true }).click();
    const linkModal = page.getByRole("dialog", { name: "Brand guide" });
    await linkModal.getByRole("link", { name: /docs\.google\.com/ }).waitFor();
    await screenshot(page, "files-single-link");
    await page.keyboard.press("Escape");
    await linkModal.waitFor({ state: "detached" });
  });

  it("moves the doc into the folder with the move popup", async () => {
    await openMenu("Launch plan");
    await page.getByRole("menuitem", { name: "Move" }).click();
    const dialog = page.getByRole("dialog", { name: "Move Launch plan" });
    const select = dialog.getByPlaceholder("Search Folders");
    await select.click();
    // Before typing, every folder is offered, but not the files home, where the doc already is.
    await page.getByRole("option", { name: "Board only" }).waitFor();
    expect(await page.getByRole("option", { name: "Files home" }).count()).toBe(0);
    await select.fill("Desi");
    expect(await page.getByRole("option", { name: "Board only" }).count()).toBe(0);
    // The folder search waits 2000 ms after typing, then offers the matching folders.
    const option = page.getByRole("option", { name: "Designs" });
    await option.waitFor({ timeout: 10_000 });
    await screenshot(page, "files-move-popup");
    await option.click();
    const moved = answered("POST", /^\/api\/pm-pro\/v2\/projects\/\d+\/files\/sorting$/);
    await dialog.getByRole("button", { name: "Move File" }).click();
    await expectOk(moved);
    await dialog.waitFor({ state: "detached" });
    await poll(() => row("Launch plan").count()).toBe(0);

    // A double click on the name opens the folder (it does not start a rename); the breadcrumb names it.
    await row("Designs").getByTestId("folder-name").dblclick();
    await page.locator('[aria-current="page"]', { hasText: "Designs" }).waitFor();
    await row("Launch plan").waitFor();
    await screenshot(page, "files-folder");
    await page.getByRole("link", { name: "Files home" }).click();
    await row("mockup.png").waitFor();
    await closeToasts();
  });

  it("renames a folder inline and deletes one after confirming", async () => {
    await page.getByRole("button", { name: "Create a folder" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a folder" });
    await dialog.getByLabel(/^Folder name/).fill("Scratch");
    const created = answered("POST", FILES_CALL);
    await dialog.getByRole("button", { name: "Create folder" }).click();
    await expectOk(created);
    await closeToasts();

    // A click on the name turns it into a field; Enter saves.
    await row("Scratch").getByTestId("folder-name").click();
    // The row's text no longer holds the name once it is a field, so the field is found on the page.
    const field = page.getByTestId("file-item").getByRole("textbox", { name: "Folder name" });
    await field.fill("Scratch pad");
    const renamed = answered("POST", /^\/api\/pm-pro\/v2\/projects\/\d+\/files\/\d+$/);
    await field.press("Enter");
    await expectOk(renamed);
    await row("Scratch pad").getByTestId("folder-name").waitFor();
    // The menu's Rename (the keyboard's way) opens the same field, and leaving the field saves too.
    await openMenu("Scratch pad");
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill("Old drafts");
    const blurred = answered("POST", /^\/api\/pm-pro\/v2\/projects\/\d+\/files\/\d+$/);
    await page.getByRole("heading", { name: "Files", level: 2 }).click();
    await expectOk(blurred);
    await row("Old drafts").getByTestId("folder-name").waitFor();
    await closeToasts();

    await openMenu("Old drafts");
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this folder?" });
    await confirm.getByText(/^Are you sure\?/).waitFor();
    // The dialog fades in; the picture is taken once it is fully there.
    await poll(() => confirm.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    await screenshot(page, "files-delete-folder");
    const deleted = answered("POST", /^\/api\/pm\/v2\/projects\/\d+\/files\/\d+\/delete$/);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectOk(deleted);
    await poll(() => row("Old drafts").count()).toBe(0);
    await closeToasts();
  });

  it("refuses an SVG carrying script with the server's message, keeping the form open", async () => {
    fs.writeFileSync(path.join(fixtures, "badge.svg"), `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>`);
    await page.getByRole("button", { name: "Upload a file" }).click();
    const form = page.getByRole("form", { name: "File uploads" });
    const chooser = page.waitForEvent("filechooser");
    await form.getByRole("button", { name: "Attach a File" }).click();
    await (await chooser).setFiles(path.join(fixtures, "badge.svg"));
    const refused = answered("POST", FILES_CALL);
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    const response = await refused;
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error_type: string }).error_type).toBe("svg_xss");
    await page.getByRole("alert").filter({ hasText: "The SVG file badge.svg was refused" }).waitFor();
    // The form stays, with the file, ready to be changed and sent again.
    await form.getByText("badge.svg").waitFor();
    expect(await form.getByRole("button", { name: "Upload", exact: true }).isEnabled()).toBe(true);
    await screenshot(page, "files-upload-refused");
    // The refused file is still chosen, so Cancel asks before dropping it.
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
    await form.waitFor({ state: "detached" });
    expect(await row("badge.svg").count()).toBe(0);
    await closeToasts();
  });

  it("downloads a file after the permission check, in a new tab", async () => {
    await openMenu("mockup.png");
    const tab = managerContext.waitForEvent("page");
    const checked = answered("GET", /\/files\/\d+\/download-check$/);
    await page.getByRole("menuitem", { name: "Download" }).click();
    await expectOk(checked);
    const opened = await tab;
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toMatch(/\/files\/\d+\/download$/);
    // The tab shows the image itself; a fetch from inside it would be refused, since an API answer's
    // Content-Security-Policy lets it connect to nothing.
    expect(await opened.evaluate(() => document.contentType)).toBe("image/png");
    await opened.close();
  });

  it("attaches a file to a discussion, and the files home lists it with its link", async () => {
    await page.goto(`${server.url}/#/projects/${projectId}/discussions`);
    await page.getByRole("button", { name: "New Discussion" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Discussion" });
    await dialog.getByLabel(/^Title/).fill("Kick-off meeting");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Attach files" }).click();
    await (await chooser).setFiles(path.join(fixtures, "agenda.txt"));
    await dialog.getByText("agenda.txt").waitFor();
    const created = answered("POST", /^\/api\/pm\/v2\/projects\/\d+\/discussion-boards$/);
    await dialog.getByRole("button", { name: "Start discussion" }).click();
    await expectOk(created);
    await page.getByRole("heading", { name: "Kick-off meeting" }).waitFor();
    await page.getByTestId("attachment").filter({ hasText: "agenda.txt" }).waitFor();
    await closeToasts();
    await screenshot(page, "files-discussion-attachment");

    await page.goto(filesHome());
    const attached = row("agenda.txt");
    await attached.getByText("Attached to the discussion").waitFor();
    await attached.getByRole("link", { name: "Kick-off meeting" }).click();
    await page.getByRole("heading", { name: "Kick-off meeting" }).waitFor();
  });

  it("attaches a picture to a task from its modal", async () => {
    const task = await call(managerApi, "POST", `/api/pm/v2/projects/${projectId}/tasks`, { title: "Homepage hero" });
    expect(task.status).toBe(200);
    const taskId = (task.json.data as { id: number }).id;
    await page.goto(`${server.url}/#/projects/${projectId}/task-lists/tasks/${taskId}`);
    const modal = page.getByRole("dialog", { name: "Homepage hero" });
    await modal.getByText("No files attached.").waitFor();
    const chooser = page.waitForEvent("filechooser");
    const attached = answered("POST", /^\/api\/pm\/v2\/projects\/\d+\/tasks\/\d+\/update$/);
    // The task's own attachments, above its comments (whose form has an 'Attach files' of its own).
    await modal.getByRole("region", { name: "Attachments" }).getByRole("button", { name: "Attach files" }).click();
    await (await chooser).setFiles(path.join(fixtures, "hero.png"));
    await expectOk(attached);
    const file = modal.getByTestId("attachment").filter({ hasText: "hero.png" });
    await poll(() => file.locator("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await closeToasts();
    await screenshot(page, "files-task-attachment");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("hides the private folder from a client, and a refused download says 'Permission denied.'", async () => {
    const clientContext = await openContext({ viewport: { width: 1280, height: 800 } });
    const clientPage = await clientContext.newPage();
    clientPage.setDefaultTimeout(15_000);
    const clientErrors = watchForPageErrors(clientPage);
    await signIn(clientPage, client);
    await clientPage.goto(filesHome());
    await row("Designs", clientPage).waitFor();
    await row("mockup.png", clientPage).waitFor();
    expect(await row("Board only", clientPage).count()).toBe(0);
    // A client holds create_file by default, as in the original: the create buttons are offered.
    expect(await clientPage.getByRole("button", { name: "Create a folder" }).count()).toBe(1);
    await screenshot(clientPage, "files-client-list");

    // The manager makes the picture private meanwhile: the client's download is refused.
    const listed = await call(managerApi, "GET", `/api/pm-pro/v2/projects/${projectId}/files?folder_id=0`);
    const picture = (listed.json.data as Array<{ id: number; name: string }>).find((item) => item.name === "mockup.png");
    expect((await call(managerApi, "POST", `/api/pm-pro/v2/projects/${projectId}/files/${picture?.id}`, { private: 1 })).status).toBe(200);
    // The refusal shows in the app's own alert dialog (not the browser's, which would block the tab).
    await openMenu("mockup.png", clientPage);
    await clientPage.getByRole("menuitem", { name: "Download" }).click();
    const alert = clientPage.getByRole("dialog", { name: "Permission denied." });
    await alert.waitFor();
    await alert.getByRole("button", { name: "OK" }).click();
    await alert.waitFor({ state: "hidden" });
    await poll(() => row("mockup.png", clientPage).count()).toBe(0);

    // The same list on a phone.
    const phone = await clientContext.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto(filesHome());
    await row("teaser.mp4", phone).waitFor();
    await screenshot(phone, "files-list-375");
    expect(clientErrors).toEqual([]);
    await clientContext.close();
  });

  it("met no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
