import { REPORT_PDF_MAX_ROWS } from "@plotline/contracts";
import { buildPdfInWorker, workerEntry } from "../../../lib/pdf/pdf-worker.js";
import type { ReportPdfJob, ReportTable } from "./report-table.js";

const WORKER_ENTRY = workerEntry(import.meta.url, "report-pdf.worker");

/**
 * Reads at most REPORT_PDF_MAX_ROWS rows (one more tells whether any were left out), then builds the PDF in
 * a worker thread (lib/pdf/pdf-worker.ts): pdfmake lays out synchronously and slowly past a few thousand
 * rows, and the server must keep answering meanwhile.
 */
export async function renderReportPdf(table: ReportTable): Promise<Buffer> {
  const rows: string[][] = [];
  let cut = false;
  for await (const batch of table.batches) {
    for (const row of batch) {
      if (rows.length === REPORT_PDF_MAX_ROWS) {
        cut = true;
        break;
      }
      rows.push(row);
    }
    // Leaving the loop closes the batches, so no further rows are read.
    if (cut) break;
  }
  const limit = REPORT_PDF_MAX_ROWS.toLocaleString("en-US");
  const job: ReportPdfJob = {
    title: table.title,
    subtitle: table.subtitle,
    columns: table.columns,
    rows,
    note: cut ? `Showing the first ${limit} rows; the CSV export has every row.` : null,
  };
  return buildPdfInWorker(WORKER_ENTRY, job);
}
