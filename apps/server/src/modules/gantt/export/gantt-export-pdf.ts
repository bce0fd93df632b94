import { buildPdfInWorker, workerEntry } from "../../../lib/pdf/pdf-worker.js";
import { usDate } from "./gantt-export-dates.js";
import { SIZES, layoutGantt, type GanttLayout } from "./gantt-export-layout.js";
import type { PdfJob } from "./gantt-export-pdf-document.js";
import { drawGantt, drawingToSvg } from "./gantt-export-svg.js";
import { cleanText } from "./gantt-export-text.js";
import type { GanttExportView } from "./gantt-export-view.js";

/**
 * The PDF: landscape A3, the chart split by rows across pages (each page repeats the time scale), built by
 * pdfmake in a worker thread (lib/pdf/pdf-worker.ts) so the server keeps answering while a long chart is laid out.
 */

/** At most this many rows go into a PDF (about 40 pages); the note under the last page says so. */
export const PDF_MAX_ROWS = 1_500;

/** Landscape A3 in pt and its margins (left, top, right, bottom); header and footer live in the margins. */
export const PDF_PAGE = { width: 1190.55, height: 841.89, margins: [24, 46, 24, 36] as [number, number, number, number] };

/** The chart is squeezed at most to this scale on the page; a wider timeline is compressed instead. */
const MIN_SCALE = 0.75;

/** How the rows fall on pages. */
export interface PdfPagePlan {
  /** pt per px of the drawing. */
  scale: number;
  rowsPerPage: number;
  /** [rowStart, rowEnd) of each page. */
  pages: Array<[number, number]>;
}

const contentWidth = PDF_PAGE.width - PDF_PAGE.margins[0] - PDF_PAGE.margins[2];
const contentHeight = PDF_PAGE.height - PDF_PAGE.margins[1] - PDF_PAGE.margins[3];

/** Splits `rowCount` rows of a laid-out chart into pages; a page holds the scale, its rows and the note band. */
export function planPdfPages(layout: GanttLayout, rowCount: number, withNote: boolean): PdfPagePlan {
  const scale = Math.min(1, contentWidth / layout.width);
  // One px spare, so rounding in pdfmake never pushes a slice onto a page of its own.
  const room = contentHeight / scale - SIZES.scaleTier * 2 - (withNote ? SIZES.footerBand : 0) - 1;
  const rowsPerPage = Math.max(1, Math.floor(room / SIZES.rowHeight));
  const pages: Array<[number, number]> = [];
  for (let start = 0; start < rowCount; start += rowsPerPage) pages.push([start, Math.min(rowCount, start + rowsPerPage)]);
  if (pages.length === 0) pages.push([0, 0]);
  return { scale, rowsPerPage, pages };
}

/** The job for the worker: one SVG per page, the rows cut to PDF_MAX_ROWS. */
export function preparePdfJob(view: GanttExportView): PdfJob {
  const kept = view.rows.length > PDF_MAX_ROWS ? { ...view, rows: view.rows.slice(0, PDF_MAX_ROWS) } : view;
  const note = kept.rows.length < view.rows.length ? `Showing the first ${kept.rows.length.toLocaleString("en-US")} of ${view.rows.length.toLocaleString("en-US")} rows; the CSV export has every row.` : null;
  const layout = layoutGantt(kept, { maxWidth: contentWidth / MIN_SCALE });
  const plan = planPdfPages(layout, kept.rows.length, note !== null);
  const pages = plan.pages.map(([rowStart, rowEnd], index) => {
    const drawing = drawGantt(layout, { rowStart, rowEnd, note: index === plan.pages.length - 1 ? note : null });
    return { svg: drawingToSvg(drawing), width: drawing.width * plan.scale };
  });
  const zoom = view.zoom.charAt(0).toUpperCase() + view.zoom.slice(1);
  return {
    title: cleanText(view.projectTitle) || "Untitled project",
    subtitle: `Gantt chart \u00b7 ${zoom} view \u00b7 ${usDate(layout.rangeStart)} to ${usDate(layout.rangeEnd - 1)}`,
    pageWidth: PDF_PAGE.width,
    pageHeight: PDF_PAGE.height,
    margins: PDF_PAGE.margins,
    pages,
  };
}

const WORKER_ENTRY = workerEntry(import.meta.url, "gantt-export-pdf.worker");

/** The PDF of the view, laid out, drawn and built in a worker thread, off the event loop. */
export function renderGanttPdf(view: GanttExportView): Promise<Buffer> {
  return buildPdfInWorker(WORKER_ENTRY, view);
}
