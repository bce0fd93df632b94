import type { Content, TDocumentDefinitions, TableCell } from "pdfmake/interfaces";
import { FONT_FAMILY } from "../../lib/pdf/pdf-fonts.js";
import { lockedPdfMake } from "../../lib/pdf/pdf-make.js";

/** What the worker lays out: every text already written (amounts formatted in the invoice's currency). */
export interface InvoicePdfJob {
  siteName: string;
  number: string;
  title: string;
  status: string;
  /** Issue and due days, as shown. */
  dates: Array<[string, string]>;
  /** The organisation's address lines (its name first), and the client's. */
  from: string[];
  billTo: string[];
  /** Task lines: task, rate, hours, tax %, amount. */
  taskLines: string[][];
  /** Name lines: name, unit price, quantity, tax %, amount. */
  nameLines: string[][];
  /** Label and value: subtotal, tax, discount, total, paid, due. */
  totals: Array<[string, string]>;
  /** Payments: date, method, gateway and reference, amount. */
  payments: string[][];
  notes: string;
  terms: string;
}

/** Characters a PDF text run cannot hold (controls); everything else is drawn as given, never interpreted. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function clean(text: string): string {
  return text.replace(CONTROL, "");
}

function lineTable(header: string[], rows: string[][]): Content {
  const head: TableCell[] = header.map((text, index) => ({ text, bold: true, fillColor: "#eef2f6", alignment: index === 0 ? "left" : "right" }));
  const body: TableCell[][] = [head, ...rows.map((row) => row.map((text, index): TableCell => ({ text: clean(text), alignment: index === 0 ? "left" : "right" })))];
  return { table: { headerRows: 1, widths: ["*", "auto", "auto", "auto", "auto"], body }, layout: "lightHorizontalLines", margin: [0, 0, 0, 12] };
}

/** The invoice on A4: addresses, lines, totals and payments. */
export async function buildInvoicePdf(job: InvoicePdfJob): Promise<Buffer> {
  const pdfmake = lockedPdfMake();
  const content: Content[] = [
    {
      columns: [
        { stack: [{ text: clean(job.from[0] ?? job.siteName), bold: true, fontSize: 13 }, ...job.from.slice(1).map((line) => ({ text: clean(line), color: "#475467" }))] },
        {
          stack: [
            { text: "INVOICE", bold: true, fontSize: 18, alignment: "right", color: "#1c7ed6" },
            { text: clean(job.number), alignment: "right", bold: true },
            { text: job.status, alignment: "right", color: "#475467" },
          ],
        },
      ],
      margin: [0, 0, 0, 18],
    },
    {
      columns: [
        { stack: [{ text: "Bill to", bold: true, color: "#667085" }, ...job.billTo.map((line) => ({ text: clean(line) }))] },
        { stack: job.dates.map(([label, value]) => ({ text: [{ text: `${label}: `, color: "#667085" }, value], alignment: "right" as const })) },
      ],
      margin: [0, 0, 0, 14],
    },
    { text: clean(job.title), bold: true, fontSize: 12, margin: [0, 0, 0, 8] },
  ];
  if (job.taskLines.length > 0) content.push(lineTable(["Task", "Rate", "Hours", "Tax %", "Amount"], job.taskLines));
  if (job.nameLines.length > 0) content.push(lineTable(["Item", "Price", "Quantity", "Tax %", "Amount"], job.nameLines));
  content.push({
    columns: [
      { text: "", width: "*" },
      {
        width: "auto",
        table: { body: job.totals.map(([label, value], index) => [{ text: label, bold: index >= 3 }, { text: value, alignment: "right", bold: index >= 3 }]) },
        layout: "noBorders",
      },
    ],
    margin: [0, 0, 0, 14],
  });
  if (job.payments.length > 0) {
    content.push({ text: "Payments", bold: true, margin: [0, 4, 0, 4] });
    content.push({
      table: {
        headerRows: 1,
        widths: ["auto", "*", "*", "auto"],
        body: [
          ["Date", "Method", "Reference", "Amount"].map((text) => ({ text, bold: true, fillColor: "#eef2f6" })),
          ...job.payments.map((row) => row.map((text, index): TableCell => ({ text: clean(text), alignment: index === 3 ? "right" : "left" }))),
        ],
      },
      layout: "lightHorizontalLines",
      margin: [0, 0, 0, 12],
    });
  }
  if (job.notes) content.push({ text: "Notes", bold: true, margin: [0, 6, 0, 2] }, { text: clean(job.notes) });
  if (job.terms) content.push({ text: "Terms", bold: true, margin: [0, 6, 0, 2] }, { text: clean(job.terms) });
  const definition: TDocumentDefinitions = {
    pageSize: "A4",
    pageMargins: [36, 36, 36, 44],
    info: { title: `${job.number} ${job.title}`, creator: job.siteName },
    defaultStyle: { font: FONT_FAMILY, fontSize: 9 },
    footer: (currentPage, pageCount) => ({ text: `${job.number} - page ${currentPage} of ${pageCount}`, alignment: "center", color: "#667085", margin: [0, 14, 0, 0] }),
    content,
  };
  return pdfmake.createPdf(definition).getBuffer();
}
