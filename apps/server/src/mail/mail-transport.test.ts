import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMail } from "../../test/mime.js";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink.js";
import { loadConfig } from "../config.js";
import { renderMailHtml, renderMailText, type MailContent } from "./mail-layout.js";
import { createMailTransport, describeMailTransport, outboxFileName } from "./mail-transport.js";

const content: MailContent = {
  heading: "Ana assigned you to the task \"Café <launch>\"",
  blocks: [
    { type: "paragraph", text: "In the project Website:" },
    { type: "quote", text: "Ship it & tell us.\nThanks ✓" },
    { type: "list", items: [{ text: "Homepage", url: "https://pl.example/#/projects/1/task-lists/tasks/2", note: "due today" }, { text: "javascript:alert(1)", url: "javascript:alert(1)" }] },
  ],
  link: { url: "https://pl.example/#/projects/1/task-lists/tasks/2", label: "Open the task" },
  footer: "Because you asked.",
};
const brand = { siteName: "Plotline", logoCid: null, siteUrl: "https://pl.example/" };

function mailOf(to: string[]) {
  return {
    to,
    subject: "Ünïcode subject, long enough to be folded by the encoder somewhere past the seventy-eighth column",
    text: renderMailText(content, brand),
    html: renderMailHtml(content, brand),
    attachments: [{ filename: "invoice.pdf", content: Buffer.from("%PDF-1.4 fake"), contentType: "application/pdf" }],
  };
}

describe("SMTP_URL, MAIL_FROM and PLOTLINE_MAIL_WAIT_SECONDS", () => {
  it("reads smtp:// and smtps:// addresses and refuses anything else", () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example:465" }).smtpUrl).toBe("smtps://u:p@mail.example:465");
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
    // A password that breaks the URL is never echoed into the error (and so into the logs).
    expect(() => loadConfig({ SMTP_URL: "smtp://user:pa ss/w#rd@mail.example:587" })).toThrow(/^(?!.*pa ss).*SMTP_URL/s);
  });

  it("signs mail with the site's name at the public host unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({}).mailFrom).toBe("Plotline <no-reply@localhost>");
    expect(loadConfig({ PUBLIC_URL: "https://pm.acme.test/" }).mailFrom).toBe("Plotline <no-reply@pm.acme.test>");
    expect(loadConfig({ MAIL_FROM: "Acme PM <pm@acme.test>" }).mailFrom).toBe("Acme PM <pm@acme.test>");
    expect(() => loadConfig({ MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM/);
    expect(loadConfig({}).mailWaitSeconds).toBe(120);
    expect(loadConfig({ PLOTLINE_MAIL_WAIT_SECONDS: "0" }).mailWaitSeconds).toBe(0);
    expect(() => loadConfig({ PLOTLINE_MAIL_WAIT_SECONDS: "-1" })).toThrow(/PLOTLINE_MAIL_WAIT_SECONDS/);
  });
});

describe("the mail layout", () => {
  it("escapes every text in the HTML part and links only web addresses", () => {
    const html = renderMailHtml(content, brand);
    expect(html).toContain("Café &lt;launch&gt;");
    expect(html).not.toContain("<launch>");
    expect(html).toContain('href="https://pl.example/#/projects/1/task-lists/tasks/2"');
    expect(html).not.toContain('href="javascript:');
    const text = renderMailText(content, brand);
    expect(text).toContain("> Ship it & tell us.\n> Thanks ✓");
    expect(text).toContain("Open the task: https://pl.example/#/projects/1/task-lists/tasks/2");
  });
});

describe("sending through SMTP_URL", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("delivers to a real SMTP server with the URL's credentials: envelope, headers, both parts and the attachment", async () => {
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", mailFrom: "Plotline <no-reply@pl.example>" });
    expect(transport.kind).toBe("smtp");
    const sent = await transport.send(mailOf(["ana@example.test", "bo@example.test"]));
    const [mail] = await sink.waitFor(1);
    expect(sent.file).toBeNull();
    expect(mail?.envelopeFrom).toBe("no-reply@pl.example");
    expect(mail?.envelopeTo).toEqual(["ana@example.test", "bo@example.test"]);
    expect(mail?.to).toEqual(["ana@example.test", "bo@example.test"]);
    expect(mail?.from).toBe("Plotline <no-reply@pl.example>");
    expect(mail?.subject).toBe(mailOf([]).subject);
    expect(mail?.text).toContain("Thanks ✓");
    expect(mail?.html).toContain("Café &lt;launch&gt;");
    expect(mail?.attachments.map((part) => [part.filename, part.contentType, part.content.toString()])).toEqual([["invoice.pdf", "application/pdf", "%PDF-1.4 fake"]]);
  });

  it("fails when the server refuses the credentials, so the job sending it retries", async () => {
    const wrong = sink.url.replace("sink-secret", "wrong");
    const transport = createMailTransport({ smtpUrl: wrong, dataDir: "/nonexistent", mailFrom: "x@pl.example" });
    await expect(transport.send(mailOf(["ana@example.test"]))).rejects.toThrow();
  });
});

describe("the outbox folder, without SMTP_URL", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-outbox-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes each mail as an .eml file under $PLOTLINE_DATA/outbox, names sorting by time", async () => {
    const config = { smtpUrl: null, dataDir, mailFrom: "Plotline <no-reply@localhost>" };
    expect(describeMailTransport(config)).toContain(path.join(dataDir, "outbox"));
    const transport = createMailTransport(config);
    expect(transport.kind).toBe("outbox");
    const first = await transport.send(mailOf(["ana@example.test"]));
    const second = await transport.send(mailOf(["bo@example.test"]));
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files.sort()).toEqual([path.basename(first.file ?? ""), path.basename(second.file ?? "")]);
    const mail = parseMail(fs.readFileSync(first.file ?? ""));
    expect(mail.to).toEqual(["ana@example.test"]);
    expect(mail.subject).toBe(mailOf([]).subject);
    expect(mail.text).toContain("Open the task: https://pl.example/#/projects/1/task-lists/tasks/2");
    expect(mail.html).toContain("<h2");
  });

  it("names files uniquely even in the same millisecond, in time order", () => {
    const at = new Date("2026-12-15T08:00:00.123Z");
    const names = Array.from({ length: 50 }, () => outboxFileName(at));
    expect(new Set(names).size).toBe(50);
    expect(names[0]).toMatch(/^20261215T080000123Z-\d{6}-[0-9a-f]{8}\.eml$/);
    expect(outboxFileName(new Date("2026-12-15T08:00:00.124Z")) > (names.at(-1) ?? "")).toBe(true);
  });
});
