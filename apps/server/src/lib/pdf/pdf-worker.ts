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

/** A warm worker is stopped after this long without a job. */
const WARM_IDLE_MS = 60_000;

interface WarmWorker {
  worker: Worker;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

const warmPools = new Map<string, WarmWorker[]>();

function dropWarm(href: string, slot: WarmWorker): void {
  const pool = warmPools.get(href) ?? [];
  warmPools.set(href, pool.filter((other) => other !== slot));
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  void slot.worker.terminate();
}

function runWarmWorker(entry: URL, data: unknown): Promise<Buffer> {
  const pool = warmPools.get(entry.href) ?? [];
  warmPools.set(entry.href, pool);
  let slot = pool.find((candidate) => !candidate.busy);
  if (!slot) {
    slot = { worker: startWorker(entry, null), busy: false, idleTimer: null };
    pool.push(slot);
  }
  const current = slot;
  current.busy = true;
  if (current.idleTimer) clearTimeout(current.idleTimer);
  current.idleTimer = null;
  current.worker.ref();
  return new Promise((resolve, reject) => {
    const { worker } = current;
    const finish = (error: Error | null, pdf?: Buffer, keep = false): void => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (keep) {
        current.busy = false;
        worker.unref();
        current.idleTimer = setTimeout(() => dropWarm(entry.href, current), WARM_IDLE_MS);
        current.idleTimer.unref();
      } else {
        dropWarm(entry.href, current);
      }
      if (error || !pdf) reject(error ?? new Error("The PDF worker sent nothing"));
      else resolve(pdf);
    };
    const onMessage = (message: { pdf?: Uint8Array; error?: string }) => {
      if (message.pdf) finish(null, Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength), true);
      else finish(new Error(`The PDF could not be built: ${message.error ?? "unknown error"}`), undefined, true);
    };
    const onError = (error: Error) => finish(error);
    const onExit = (code: number) => finish(new Error(`The PDF worker stopped (exit code ${code})`));
    const timer = setTimeout(() => finish(new Error(`The PDF took longer than ${WORKER_TIMEOUT_MS / 1000} s`)), WORKER_TIMEOUT_MS);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(data);
  });
}

/**
 * Like `buildPdfInWorker`, in a worker kept warm between builds (stopped after a minute unused): for small
 * documents asked often (an invoice), where starting a thread and loading pdfmake would cost more than the
 * layout. The entry must also answer jobs posted to it (`parentPort.on("message")`), one at a time; the
 * same queue of MAX_PARALLEL builds applies.
 */
export function buildPdfInWarmWorker(entry: URL, data: unknown): Promise<Buffer> {
  return withSlot(() => runWarmWorker(entry, data));
}
