import { parentPort, workerData } from "node:worker_threads";
import { buildInvoicePdf, type InvoicePdfJob } from "./invoice-pdf-document.js";

// Worker thread entry (started by invoice-pdf.ts through lib/pdf/pdf-worker.ts, kept warm): builds each
// invoice PDF posted to it, one at a time, and sends the bytes back.
function build(job: InvoicePdfJob): void {
  buildInvoicePdf(job).then(
    (pdf) => parentPort?.postMessage({ pdf }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}

if (workerData) build(workerData as InvoicePdfJob);
parentPort?.on("message", (job: InvoicePdfJob) => build(job));
