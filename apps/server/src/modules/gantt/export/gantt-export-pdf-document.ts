import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { FONT_FAMILY } from "../../../lib/pdf/pdf-fonts.js";
import { lockedPdfMake } from "../../../lib/pdf/pdf-make.js";

/**
 * Builds the PDF with pdfmake. Runs inside the export's worker thread (gantt-export-pdf.worker.ts, run by lib/pdf/pdf-worker.ts), since
 * pdfmake lays out synchronously and a long chart would otherwise hold the server's event loop.
 */

/** What the worker receives: plain data only, since functions do not cross to a worker. */
export interface PdfJob {
  title: string;
  subtitle: string;
  /** Page size in pt, landscape. */
  pageWidth: number;
  pageHeight: number;
  /** left, top, right, bottom in pt; the header and footer sit in the top and bottom margins. */
  margins: [number, number, number, number];
  /** One chart slice per page: the SVG and the width in pt it is drawn at. */
  pages: Array<{ svg: string; width: number }>;
}

/** The PDF of `job`: a header with the project on every page, the chart slices, "page x of y" below. */
export async function buildPdfDocument(job: PdfJob): Promise<Buffer> {
  const pdfmake = lockedPdfMake();
  const [left, , right] = job.margins;
  const content: Content[] = job.pages.map((page, index) => ({
    svg: page.svg,
    width: page.width,
    ...(index > 0 ? { pageBreak: "before" as const } : {}),
  }));
  const definition: TDocumentDefinitions = {
    pageSize: { width: job.pageWidth, height: job.pageHeight },
    pageMargins: job.margins,
    info: { title: `${job.title} - Gantt chart`, creator: "Plotline" },
    defaultStyle: { font: FONT_FAMILY, fontSize: 9 },
    header: () => ({
      margin: [left, 16, right, 0],
      columns: [
        { text: job.title, bold: true, fontSize: 13, color: "#1d2939" },
        { text: job.subtitle, alignment: "right", color: "#667085", margin: [0, 3, 0, 0] },
      ],
    }),
    footer: (currentPage, pageCount) => ({ text: `page ${currentPage} of ${pageCount}`, alignment: "center", color: "#667085", margin: [0, 12, 0, 0] }),
    content,
  };
  return pdfmake.createPdf(definition).getBuffer();
}
