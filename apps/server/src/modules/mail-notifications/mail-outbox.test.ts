import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { parseMail, type ParsedMail } from "../../../test/mime.js";
import { startJobRunner } from "../../jobs/job-runner.js";
import { multipart } from "../files/files.multipart.fixture.js";

let t: TestApp;
let cast: Cast;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-mail-"));
  // No SMTP_URL: mail goes to the outbox folder; no wait, so each change is mailed at once.
  t = await createTestApp({ config: { dataDir, smtpUrl: null, mailWaitSeconds: 0, publicUrl: null, port: 8123 } });
  await startJobRunner(t.app.jobs, t.app.modules);
  cast = await createCast(t.app);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The mails in the outbox once `count` are there, oldest first (file names sort by time). */
async function outbox(count: number): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, "outbox");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith(".eml")).sort() : [];
    if (files.length >= count) return files.map((name) => parseMail(fs.readFileSync(path.join(folder, name))));
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) in the outbox, found ${files.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("mail without SMTP_URL", () => {
  it("writes the notice as an .eml file to $PLOTLINE_DATA/outbox, with the site's logo inline and a link to this server", async () => {
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 20, g: 120, b: 220 } } }).png().toBuffer();
    const uploaded = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings/logo", ...multipart({}, [{ name: "acme.png", bytes: logo }]) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id: projectId } = await createProjectWithCast(cast, { title: "Outbox" });
    const task = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Read me", assignees: [cast.client.userId] } });
    expect(task.statusCode, task.body).toBe(200);
    const taskId = (task.json() as { data: { id: number } }).data.id;

    const [mail] = await outbox(1);
    expect(mail?.to).toEqual([cast.client.email.toLowerCase()]);
    expect(mail?.from).toBe("Plotline <no-reply@localhost>");
    expect(mail?.subject).toBe('[Outbox] Mia Manager assigned you to the task "Read me"');
    const link = `http://localhost:8123/#/projects/${projectId}/task-lists/tasks/${taskId}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('<img src="cid:site-logo@plotline" alt="Plotline"');
    const inline = mail?.attachments.find((part) => part.cid === "site-logo@plotline");
    expect(inline?.contentType).toBe("image/png");
    expect(inline?.content.equals(logo)).toBe(true);
  });
});
