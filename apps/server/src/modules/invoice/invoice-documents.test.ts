import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Invoice } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { startJobRunner } from "../../jobs/job-runner.js";
import { createInvoice, invoiceBody, invoicePath } from "./invoice.fixtures.js";

let sink: SmtpSink;
let t: TestApp;
let cast: Cast;
let projectId: number;
let invoice: Invoice;
let workDir: string;

/** The text of a PDF, as pdftotext lays it out. */
function pdfText(pdf: Buffer): string {
  const file = path.join(workDir, `invoice-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-invoice-"));
  sink = await startSmtpSink();
  t = await createTestApp({ config: { smtpUrl: sink.url, publicUrl: "https://pm.example.test" } });
  await startJobRunner(t.app.jobs, t.app.modules);
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Documents" })).id;
  await cast.siteManager.inject({
    method: "POST",
    url: "/api/pm-pro/v2/invoice/address",
    payload: { organization: "Plot Co", address_line_1: "12 Main Street", city: "Berlin", zip_code: "10115", country_code: "DE" },
  });
  await cast.client.inject({ method: "POST", url: `/api/pm-pro/v2/invoice/user-address/user/${cast.client.userId}`, payload: { organization: "Cleo Ltd", city: "Lyon", country_code: "FR" } });
  invoice = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { notes: "Thank you for your business." }));
  const paid = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment"), payload: { amount: 100, date: "2026-11-05", method: "bank transfer" } });
  expect(paid.statusCode, paid.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await sink.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("GET /api/pm-pro/v2/projects/:project_id/invoice/:id/pdf", () => {
  it("answers a PDF with both addresses, the lines, the totals in the invoice's currency and the payments", async () => {
    const response = await cast.client.inject({ method: "GET", url: `${invoicePath(projectId, invoice.id, "/pdf")}?nonce=${cast.client.nonce}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain(`${invoice.number}.pdf`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [invoice.number, "Plot Co", "12 Main Street", "Germany", "Cleo Ltd", "Lyon", "France", "Design", "Hosting", "$125.00", "$59.97", "$184.97", "$12.50", "-$9.25", "$188.22", "$100.00", "$88.22", "bank transfer", "Thank you for your business."]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("writes amounts with the currency's own digits", async () => {
    const yen = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { currency: "JPY", discount: 0, entryTasks: [], entryNames: [{ name: "Fee", amount: 123_456, quantity: 1 }] }));
    const text = pdfText((await cast.manager.inject({ method: "GET", url: invoicePath(projectId, yen.id, "/pdf") })).rawPayload);
    expect(text).toContain("¥123,456");
    expect(text).not.toContain("¥123,456.00");
  });
});

describe("POST /api/pm-pro/v2/projects/:project_id/invoice/:id/mail/", () => {
  it("mails the client the invoice with its PDF attached, through the job queue", async () => {
    sink.clear();
    const response = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/mail/"), payload: { to: ["accounts@cleo.test"], message: "Please find our invoice." } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: "E-mail send successfully" });
    const [mail] = await sink.waitFor(1, 20_000);
    expect(mail?.envelopeTo.sort()).toEqual([cast.client.email.toLowerCase(), "accounts@cleo.test"].sort());
    expect(mail?.subject).toBe(`Invoice ${invoice.number}: Website work`);
    expect(mail?.text).toContain("Please find our invoice.");
    expect(mail?.text).toContain("Due: $88.22");
    expect(mail?.text).toContain(`https://pm.example.test/#/invoices/projects/${projectId}/${invoice.id}`);
    const attachment = mail?.attachments.find((part) => part.contentType.startsWith("application/pdf"));
    expect(attachment?.filename).toBe(`${invoice.number}.pdf`);
    expect(attachment?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfText(attachment?.content ?? Buffer.alloc(0))).toContain("$188.22");
  });

  it("refuses a bad address with 400", async () => {
    const response = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/mail/"), payload: { to: ["not an address"] } });
    expect(response.statusCode).toBe(400);
  });
});
