import type { Content, TDocumentDefinitions, TableCell } from "pdfmake/interfaces";
import { FONT_FAMILY } from "../../../lib/pdf/pdf-fonts.js";
import { lockedPdfMake } from "../../../lib/pdf/pdf-make.js";
import type { ReportPdfJob } from "./report-table.js";

/** Characters a PDF text run cannot hold (controls); everything else is drawn as given, never interpreted. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function cell(text: string): TableCell {
  return { text: text.replace(CONTROL, "") };
}

/** The report as a landscape A4 table, its header row repeated on every page, "page x of y" below. */
export async function buildReportPdf(job: ReportPdfJob): Promise<Buffer> {
  const pdfmake = lockedPdfMake();
  const header: TableCell[] = job.columns.map((column) => ({ text: column, bold: true, fillColor: "#eef2f6" }));
  const body: TableCell[][] = [header, ...job.rows.map((row) => row.map(cell))];
  const content: Content[] = [
    { text: job.title, bold: true, fontSize: 14, color: "#1d2939" },
    { text: job.subtitle, color: "#667085", margin: [0, 2, 0, 10] },
    job.rows.length === 0
      ? { text: "No Data Found", italics: true }
      : { table: { headerRows: 1, widths: job.columns.map((column) => (column === "Task" ? "*" : "auto")), body }, layout: "lightHorizontalLines" },
  ];
  if (job.note) content.push({ text: job.note, italics: true, color: "#b42318", margin: [0, 10, 0, 0] });
  const definition: TDocumentDefinitions = {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [28, 28, 28, 36],
    info: { title: job.title, creator: "Plotline" },
    defaultStyle: { font: FONT_FAMILY, fontSize: 8 },
    footer: (currentPage, pageCount) => ({ text: `page ${currentPage} of ${pageCount}`, alignment: "center", color: "#667085", margin: [0, 12, 0, 0] }),
    content,
  };
  return pdfmake.createPdf(definition).getBuffer();
}
