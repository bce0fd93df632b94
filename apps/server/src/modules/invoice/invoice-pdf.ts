import { COUNTRIES, INVOICE_STATUS_LABELS, findCurrency, formatCurrency, type Address, type Invoice } from "@plotline/contracts";
import { SITE_NAME } from "../../config.js";
import { buildPdfInWarmWorker, workerEntry } from "../../lib/pdf/pdf-worker.js";
import type { InvoicePdfJob } from "./invoice-pdf-document.js";

const WORKER_ENTRY = workerEntry(import.meta.url, "invoice-pdf.worker");
const COUNTRY_NAMES = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** An address as printed lines, its name first when it has one. */
export function addressLines(name: string, address: Address): string[] {
  const cityLine = [address.city, address.state, address.zip_code].filter((part) => part !== "").join(", ");
  const country = address.country_code ? (COUNTRY_NAMES.get(address.country_code) ?? address.country_code) : "";
  return [name, address.address_line_1, address.address_line_2, cityLine, country].filter((line) => line !== "");
}

/** A number of thousandths as short text: 1.5, 2, 0.125. */
function plain(value: number): string {
  return String(value);
}

/** The printable job of an invoice: every amount written in its currency. */
export function invoicePdfJob(invoice: Invoice, organisation: Address, clientAddress: Address): InvoicePdfJob {
  const currency = findCurrency(invoice.currency);
  const digits = invoice.decimal_digits;
  const money = (minor: number) => formatCurrency(minor, currency?.symbol ?? invoice.currency, digits);
  const totals = invoice.totals;
  const discountLabel = invoice.discount > 0 ? `Discount (${plain(invoice.discount)}%)` : "Discount";
  return {
    siteName: SITE_NAME,
    number: invoice.number,
    title: invoice.title,
    status: INVOICE_STATUS_LABELS[invoice.status] ?? "",
    dates: [
      ["Issued", invoice.start_at],
      ...(invoice.due_date ? [["Due", invoice.due_date] as [string, string]] : []),
      ["Currency", invoice.currency],
    ],
    from: addressLines(organisation.organization || SITE_NAME, organisation),
    billTo: [...addressLines(clientAddress.organization || invoice.client.data.display_name, clientAddress), ...(invoice.client.data.email ? [invoice.client.data.email] : [])],
    taskLines: invoice.entryTasks.map((line) => [line.task, money(line.amount_minor), plain(line.hour), plain(line.tax), money(line.line_total_minor)]),
    nameLines: invoice.entryNames.map((line) => [line.name, money(line.amount_minor), plain(line.quantity), plain(line.tax), money(line.line_total_minor)]),
    totals: [
      ["Subtotal", money(totals.subtotal_minor)],
      ["Tax", money(totals.tax_minor)],
      [discountLabel, `-${money(totals.discount_minor)}`],
      ["Total", money(totals.total_minor)],
      ["Paid", money(totals.paid_minor)],
      ["Due", money(totals.due_minor)],
    ],
    payments: invoice.payments.data.map((payment) => [payment.date, payment.method, payment.gateway === "manual" ? "recorded by hand" : `${payment.gateway} ${payment.transaction_id}`, money(payment.amount_minor)]),
    notes: invoice.notes,
    terms: invoice.terms,
  };
}

/** Builds the invoice's PDF in a warm worker thread (lib/pdf/pdf-worker.ts), so the server keeps answering. */
export function renderInvoicePdf(invoice: Invoice, organisation: Address, clientAddress: Address): Promise<Buffer> {
  return buildPdfInWarmWorker(WORKER_ENTRY, invoicePdfJob(invoice, organisation, clientAddress));
}
