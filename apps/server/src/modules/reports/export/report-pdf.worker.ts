import { parentPort, workerData } from "node:worker_threads";
import { buildReportPdf } from "./report-pdf-document.js";
import type { ReportPdfJob } from "./report-table.js";

// Worker thread entry (started by report-pdf.ts through lib/pdf/pdf-worker.ts): builds one report's PDF, sends the bytes.
Promise.resolve(workerData as ReportPdfJob)
  .then((job) => buildReportPdf(job))
  .then(
    (pdf) => parentPort?.postMessage({ pdf }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
