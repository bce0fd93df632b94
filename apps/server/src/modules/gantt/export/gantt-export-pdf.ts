import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { usDate } from "./gantt-export-dates.js";
import { SIZES, layoutGantt, type GanttLayout } from "./gantt-export-layout.js";
import type { PdfJob } from "./gantt-export-pdf-document.js";
import { drawGantt, drawingToSvg } from "./gantt-export-svg.js";
import { cleanText } from "./gantt-export-text.js";
import type { GanttExportView } from "./gantt-export-view.js";

/**
 * The PDF: landscape A3, the chart split by rows across pages (each page repeats the time scale), built by
 * pdfmake in a worker thread so the server keeps answering while a long chart is laid out.
 */

/** At most this many rows go into a PDF (about 40 pages); the note under the last page says so. */
export const PDF_MAX_ROWS = 1_500;

/** Landscape A3 in pt and its margins (left, top, right, bottom); header and footer live in the margins. */
export const PDF_PAGE = { width: 1190.55, height: 841.89, margins: [24, 46, 24, 36] as [number, number, number, number] };

/** A PDF worker that has not answered after this long is stopped and the export fails. */
const WORKER_TIMEOUT_MS = 120_000;
/** PDFs built at once; more wait their turn, so a burst of exports cannot take every core. */
const MAX_PARALLEL = 2;
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

// The worker is this folder's .ts file when the server runs from source (tsx), the .js one once compiled.
const WORKER_URL = new URL(`./gantt-export-pdf.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function startWorker(view: GanttExportView): Worker {
  const limits = { resourceLimits: { maxOldGenerationSizeMb: 768 }, workerData: view };
  if (!WORKER_URL.pathname.endsWith(".ts")) return new Worker(WORKER_URL, limits);
  // A worker does not inherit the main thread's TypeScript loader: it loads tsx itself, then the entry file.
  // tsx's ESM API (the CommonJS build of it cannot register hooks from a worker's import()).
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(tsx)}));`;
  return new Worker(code, { ...limits, eval: true });
}

function runWorker(view: GanttExportView): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(view);
    let settled = false;
    const finish = (error: Error | null, pdf?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error || !pdf) reject(error ?? new Error("The PDF worker sent nothing"));
      else resolve(pdf);
    };
    const timer = setTimeout(() => finish(new Error(`The PDF took longer than ${WORKER_TIMEOUT_MS / 1000} s`)), WORKER_TIMEOUT_MS);
    worker.on("message", (message: { pdf?: Uint8Array; error?: string }) => {
      if (message.pdf) finish(null, Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else finish(new Error(`The PDF could not be built: ${message.error ?? "unknown error"}`));
    });
    worker.on("error", (error) => finish(error));
    worker.on("exit", (code) => finish(new Error(`The PDF worker stopped (exit code ${code})`)));
  });
}

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  // A finishing export hands its slot straight to the next in line, so `running` never exceeds the cap.
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The PDF of the view, laid out, drawn and built in a worker thread, off the event loop. */
export function renderGanttPdf(view: GanttExportView): Promise<Buffer> {
  return withSlot(() => runWorker(view));
}
