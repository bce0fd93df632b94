import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSession, createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { closeToasts, screenshot, waitForAnswer, watchForPageErrors } from "../lib/browser.js";
import { expectOk, openContext, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * A project manager connects a project to a chat channel and to GitHub from the Integrations tab: the
 * channel's address is saved and the integration switched on, a test message arrives (the channel here is
 * a loopback receiver speaking Slack's incoming-webhook protocol) and shows in the delivery log; the code
 * host is switched on, its address copied, a co-worker mapped to their GitHub name, and a signed issue
 * delivery to that address becomes a task. Then, as the co-worker, the assignment mail is in the outbox
 * folder (no SMTP server set), with a link back to the task.
 */

useJourney({
  name: "integrations",
  viewport: { width: 1280, height: 900 },
  // The receiver is on this machine and speaks plain HTTP; the mail batch window is a second, not two minutes.
  env: { PLOTLINE_ALLOW_PRIVATE_WEBHOOKS: "1", PLOTLINE_ALLOW_HTTP_WEBHOOKS: "1", PLOTLINE_MAIL_WAIT_SECONDS: "1", PUBLIC_URL: "" },
});

const projectTitle = "Mobile app";
const secret = "a shared webhook secret";
const received: Array<{ text: string }> = [];
let channel: http.Server;
let channelUrl = "";
let api: ApiSession;
let projectId = 0;
let coWorkerId = 0;

beforeAll(async () => {
  channel = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push(JSON.parse(body) as { text: string });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => channel.listen(0, "127.0.0.1", resolve));
  channelUrl = `http://127.0.0.1:${(channel.address() as AddressInfo).port}/services/T000/B000/XXXX`;

  api = await createFirstUser(server.url, manager);
  coWorkerId = (await api.post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false })).data.id;
  projectId = (await api.post("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: coWorkerId, role_id: 2 }] })).data.id;
});

afterAll(async () => {
  await new Promise((resolve) => channel.close(resolve));
});

/** The Subject header of a raw mail, its folded encoded words (RFC 2047, Q encoding) read back. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    )
    .replace(/\r?\n[ \t]/g, "");
}

const panel = (name: string) => page.locator(`[data-integration="${name}"]`);
const dialog = () => page.getByRole("dialog");

describe("integrations: a chat channel, GitHub, and the mail a co-worker gets", () => {
  it("opens the Integrations tab of project settings, both integrations off", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("user-menu").waitFor();
    await page.goto(`${server.url}/#/projects/${projectId}/settings`);
    await page.getByRole("tab", { name: "Integrations" }).click();
    await panel("Slack").waitFor();
    await panel("Slack").getByText("Off", { exact: true }).waitFor();
    await panel("GitHub and Bitbucket").getByText("Off", { exact: true }).waitFor();
    await screenshot(page, "integrations-tab");
    await expectNoSeriousAxeViolations(page, "integrations tab");
  });

  it("saves the channel's address, switches the chat integration on, and the notice goes after 3 s", async () => {
    await panel("Slack").getByRole("button", { name: "Configure" }).click();
    await dialog().getByLabel("Incoming webhook address").fill(channelUrl);
    await dialog().getByLabel("A comment is edited").check();
    await expectOk(Promise.all([waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/settings`), dialog().getByRole("button", { name: "Save" }).click()]).then(([answer]) => answer));
    await dialog().getByText("Saved.").waitFor();
    await expectOk(Promise.all([waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/settings`), dialog().getByRole("switch", { name: "Slack: on or off" }).click({ force: true })]).then(([answer]) => answer));
    await dialog().getByText("Slack is on.").waitFor();
    await dialog().getByText("Slack is on.").waitFor({ state: "detached", timeout: 5000 });
  });

  it("sends a test message, which the channel receives and the log shows delivered", async () => {
    await dialog().getByRole("button", { name: "Send a test message" }).click();
    await poll(() => received.length).toBeGreaterThan(0);
    expect(received[0]?.text).toContain(projectTitle);
    const log = dialog().getByRole("table", { name: "Delivery log" });
    await log.locator('[data-delivery-status="delivered"]').filter({ hasText: "Test message" }).waitFor();
    await screenshot(page, "integrations-chat-settings");
    await page.keyboard.press("Escape");
    await panel("Slack").getByText("On", { exact: true }).waitFor();
  });

  it("switches GitHub on, copies the incoming address, sets a secret and maps the co-worker", async () => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await closeToasts(page);
    await expectOk(Promise.all([waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/settings`), panel("GitHub and Bitbucket").getByRole("switch").click({ force: true })]).then(([answer]) => answer));
    await panel("GitHub and Bitbucket").getByText("GitHub and Bitbucket is on.").waitFor();
    await panel("GitHub and Bitbucket").getByRole("button", { name: "Configure" }).click();
    const address = dialog().getByLabel("Webhook address");
    await poll(() => address.inputValue()).toContain(`/api/pm-pro/v2/integrations/${projectId}?token=`);
    await dialog().getByRole("button", { name: "Copy" }).click();
    await page.getByText("Webhook Copied").first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await address.inputValue());

    await dialog().getByLabel("Webhook secret").fill(secret);
    await expectOk(Promise.all([waitForAnswer(page, "POST", `/api/pm/v2/projects/${projectId}/settings`), dialog().getByRole("button", { name: "Save secret" }).click()]).then(([answer]) => answer));
    await dialog().getByText("A secret is set.", { exact: false }).waitFor();

    await dialog().getByLabel(`GitHub username of ${coWorker.name}`).fill("bruno-gh");
    await expectOk(Promise.all([waitForAnswer(page, "POST", "/api/pm/v2/save_users_map_name"), dialog().getByRole("button", { name: "Save mapping" }).click()]).then(([answer]) => answer));
    await page.getByText("User mapping completed").first().waitFor();
    await screenshot(page, "integrations-code-hosting");
  });

  it("turns a signed GitHub issue delivery into a task made in the mapped co-worker's name", async () => {
    const address = await dialog().getByLabel("Webhook address").inputValue();
    const body = JSON.stringify({
      action: "opened",
      issue: { id: 9001, number: 12, title: "Crash on the login screen", body: "Steps: open the app, tap **Sign in**.", html_url: "https://github.com/acme/app/issues/12", user: { login: "bruno-gh" } },
      repository: { id: 77, full_name: "acme/app", html_url: "https://github.com/acme/app" },
      sender: { login: "bruno-gh" },
    });
    const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    const answer = await fetch(address, { method: "POST", headers: { "content-type": "application/json", "x-github-event": "issues", "x-github-delivery": "d-1", "x-hub-signature-256": signature }, body });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const unsigned = await fetch(address, { method: "POST", headers: { "content-type": "application/json", "x-github-event": "issues", "x-github-delivery": "d-2" }, body });
    expect(unsigned.status).toBe(401);

    await page.keyboard.press("Escape");
    await page.goto(`${server.url}/#/projects/${projectId}/task-lists`);
    await page.getByRole("link", { name: "Crash on the login screen" }).waitFor();
    const made = (await api.get(`pm/v2/projects/${projectId}/tasks?title=${encodeURIComponent("Crash on the login screen")}`)).data as Array<{ creator: { data: { id: number } } }>;
    expect(made[0]?.creator.data.id).toBe(coWorkerId);
    await screenshot(page, "integrations-issue-task");
  });

  it("as the co-worker, finds the assignment mail in the outbox folder, with a link back to the task", async () => {
    const tasks = (await api.get(`pm/v2/projects/${projectId}/tasks?title=${encodeURIComponent("Crash on the login screen")}`)).data as Array<{ id: number }>;
    const taskId = tasks[0]?.id;
    expect(taskId).toBeTypeOf("number");
    // The manager gives the task to the co-worker; the mail leaves through the job queue, to the outbox folder.
    await api.post(`pm/v2/projects/${projectId}/tasks/${taskId}/update`, { assignees: [coWorkerId] });
    const outbox = path.join(server.dataDir, "outbox");
    const mailTo = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), "utf8")).filter((raw) => raw.includes(coWorker.email)) : []);
    await poll(() => mailTo().length).toBeGreaterThan(0);
    const raw = mailTo()[0] ?? "";
    expect(subjectOf(raw)).toBe(`[${projectTitle}] ${manager.name} assigned you to the task "Crash on the login screen"`);
    expect(raw).toContain("text/plain");
    expect(raw).toContain("text/html");
    expect(raw.replace(/=\r?\n/g, "")).toContain(`/projects/${projectId}/task-lists`);
    // The co-worker signs in and opens the task the mail links to.
    const session = await apiSession(server.url, coWorker.email, coWorker.password);
    expect(((await session.get(`pm/v2/projects/${projectId}/tasks/${taskId}`)).data as { title: string }).title).toBe("Crash on the login screen");
  });

  it("as the co-worker, turns assignment mails off in Your account: the next assignment sends none", async () => {
    const own = await (await openContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchForPageErrors(own, pageErrors);
    await own.goto(server.url);
    await own.getByLabel("E-mail address").fill(coWorker.email);
    await own.getByLabel(/^Password/).fill(coWorker.password);
    await own.getByRole("button", { name: "Sign in" }).click();
    await own.getByTestId("user-menu").waitFor();
    await own.goto(`${server.url}/#/account`);
    const assigned = own.getByRole("checkbox", { name: "A task is assigned to me" });
    await assigned.waitFor();
    expect(await assigned.isChecked()).toBe(true);
    await expectOk(Promise.all([waitForAnswer(own, "POST", "/api/pm/v2/users/me/preferences"), assigned.click()]).then(([answer]) => answer));
    expect(await assigned.isChecked()).toBe(false);
    // The other choices stay as they were.
    expect(await own.getByRole("checkbox", { name: "Someone @mentions me" }).isChecked()).toBe(true);
    await screenshot(own, "integrations-account-mail");

    const outbox = path.join(server.dataDir, "outbox");
    const mailsTo = () => fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), "utf8")).filter((raw) => raw.includes(`To: ${coWorker.name}`));
    const before = mailsTo().length;
    const quiet = (await api.post(`pm/v2/projects/${projectId}/tasks`, { title: "Quiet task", assignees: [coWorkerId] })).data.id;
    // A comment naming the co-worker still mails them (that choice is on): once it is here, the assignment,
    // made before it, has been decided too.
    await api.post(`pm/v2/projects/${projectId}/comments`, { content: "<p>Please check this one.</p>", commentable_type: "task", commentable_id: quiet, notify_users: [coWorkerId] });
    await poll(() => mailsTo().length).toBe(before + 1);
    const [latest] = mailsTo().slice(before);
    expect(subjectOf(latest ?? "")).not.toContain("assigned you");
    await own.context().close();
    expect(pageErrors).toEqual([]);
  });
});
