import { findCurrency, formatCurrency, mailInvoiceBody, type Invoice } from "@plotline/contracts";
import type { z } from "zod";
import type { JobRunner } from "../../jobs/job-runner.js";
import type { Actor } from "../../lib/actor.js";
import { invalidField } from "../../lib/app-error.js";
import type { MailService } from "../mail/mail.service.js";
import { renderInvoicePdf } from "./invoice-pdf.js";
import type { InvoiceService } from "./invoice.service.js";

/** The job that mails an invoice with its PDF. */
export interface InvoiceMailJob {
  invoiceId: number;
  to: string[];
  subject: string;
  message: string;
}

/** A PDF file to send. */
export interface InvoiceFile {
  filename: string;
  body: Buffer;
}

/** The file name of an invoice's PDF: its number. */
function pdfName(invoice: Invoice): string {
  return `${invoice.number}.pdf`;
}

/** The invoice's PDF and the mail that carries it (sent by a job, never inside the request). */
export function invoiceDocuments(invoices: InvoiceService, mail: MailService, jobs: JobRunner) {
  async function pdfOf(invoice: Invoice): Promise<Buffer> {
    const [settings, addresses] = await Promise.all([invoices.readSettings(), invoices.addressesOf([invoice.client_id])]);
    const client = addresses[String(invoice.client_id)] ?? { organization: "", address_line_1: "", address_line_2: "", city: "", state: "", zip_code: "", country_code: "" };
    return renderInvoicePdf(invoice, settings, client);
  }

  return {
    /** `GET .../invoice/{id}/pdf`: managers and the invoice's client. */
    async invoicePdf(actor: Actor, projectId: number, invoiceId: number): Promise<InvoiceFile> {
      await invoices.loadInvoice(actor, projectId, invoiceId);
      const invoice = await invoices.presentOne(actor, invoiceId);
      return { filename: pdfName(invoice), body: await pdfOf(invoice) };
    },

    /**
     * `POST .../invoice/{id}/mail/`: managers; to the client (and the addresses given), with the PDF
     * attached, through the job queue: the answer does not wait for the mail server.
     */
    async mailInvoice(actor: Actor, projectId: number, invoiceId: number, input: z.output<typeof mailInvoiceBody>): Promise<void> {
      await invoices.requireManager(actor, projectId);
      const { row } = await invoices.loadInvoice(actor, projectId, invoiceId);
      const invoice = await invoices.presentOne(actor, row.id);
      const to = [...new Set([...(invoice.client.data.email ? [invoice.client.data.email] : []), ...(input.to ?? [])].map((address) => address.toLowerCase()))];
      if (to.length === 0) throw invalidField("to", "The client has no e-mail address: give one");
      await jobs.enqueue("invoice.mail", { invoiceId, to, subject: input.subject ?? `Invoice ${invoice.number}: ${invoice.title}`, message: input.message ?? "" }, { retries: 5 });
    },

    /** The job: builds the PDF and sends the mail; an invoice deleted meanwhile is not mailed. */
    async sendInvoiceMail(job: InvoiceMailJob): Promise<void> {
      const invoice = await invoices.findPresented(job.invoiceId);
      if (!invoice) return;
      const currency = findCurrency(invoice.currency);
      const money = (minor: number) => formatCurrency(minor, currency?.symbol ?? invoice.currency, invoice.decimal_digits);
      const pdf = await pdfOf(invoice);
      await mail.send({
        to: job.to.map((email) => ({ email })),
        subject: job.subject,
        heading: `Invoice ${invoice.number}`,
        blocks: [
          ...(job.message ? [{ type: "paragraph" as const, text: job.message }] : []),
          {
            type: "list",
            items: [
              { text: invoice.title },
              { text: `Total: ${money(invoice.totals.total_minor)}` },
              { text: `Due: ${money(invoice.totals.due_minor)}`, ...(invoice.due_date && { note: `by ${invoice.due_date}` }) },
            ],
          },
          { type: "paragraph", text: "The invoice is attached as a PDF." },
        ],
        link: { url: mail.recordUrl({ route: "portal_invoice", params: { project_id: invoice.project_id, invoice_id: invoice.id } }), label: "View the invoice" },
        attachments: [{ filename: pdfName(invoice), content: pdf, contentType: "application/pdf" }],
      });
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof invoiceDocuments>;
