import { Worker } from "node:worker_threads";

/**
 * Runs a PDF build in a worker thread, so the server keeps answering while pdfmake lays out a long document.
 * Every module's PDFs share one queue: at most MAX_PARALLEL builds at once, the others wait their turn, so a
 * burst of exports cannot take every core.
 *
 * A worker entry file reads `workerData`, builds the PDF and posts `{ pdf }` (bytes) or `{ error }` (text).
 */

/** A worker that has not answered after this long is stopped and the build fails. */
const WORKER_TIMEOUT_MS = 120_000;
/** PDFs built at once across the process. */
const MAX_PARALLEL = 2;
/** Heap of one worker: a long document's layout holds every row at once. */
const WORKER_HEAP_MB = 768;

/**
 * The entry file next to `importMetaUrl` named `<baseName>.ts` when the server runs from source (tsx), and
 * `<baseName>.js` once compiled.
 */
export function workerEntry(importMetaUrl: string, baseName: string): URL {
  const extension = importMetaUrl.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${baseName}${extension}`, importMetaUrl);
}

function startWorker(entry: URL, data: unknown): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, workerData: data };
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, options);
  // A worker does not inherit the main thread's TypeScript loader: it loads tsx itself, then the entry file,
  // through tsx's ESM API (the CommonJS build of it cannot register hooks from a worker's import()).
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(tsx)}));`;
  return new Worker(code, { ...options, eval: true });
}

function runWorker(entry: URL, data: unknown): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(entry, data);
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
  // A finishing build hands its slot straight to the next in line, so `running` never exceeds the cap.
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

/** The PDF the worker `entry` builds from `data` (plain data: functions do not cross to a worker). */
export function buildPdfInWorker(entry: URL, data: unknown): Promise<Buffer> {
  return withSlot(() => runWorker(entry, data));
}
