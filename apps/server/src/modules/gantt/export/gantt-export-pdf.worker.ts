import { parentPort, workerData } from "node:worker_threads";
import { preparePdfJob } from "./gantt-export-pdf.js";
import { buildPdfDocument } from "./gantt-export-pdf-document.js";
import type { GanttExportView } from "./gantt-export-view.js";

// Worker thread entry (started by gantt-export-pdf.ts): lays out one view, builds its PDF, sends the bytes.
Promise.resolve(workerData as GanttExportView)
  .then((view) => buildPdfDocument(preparePdfJob(view)))
  .then(
    (pdf) => parentPort?.postMessage({ pdf }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
