import { withPeakRss } from "./peak-rss.js";
import { ensureReportLoad } from "./report-load.js";
import type { BenchContext } from "./scenario.js";

const MIB = 1024 * 1024;
const DAY_MS = 24 * 3600 * 1000;

/** One export downloaded: how long it took, what came, and the process's memory around it. */
export interface ExportFigures {
  what: string;
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

/** The PDF export measured while another client keeps asking a light call. */
export interface PdfUnderLoadFigures {
  pdfSeconds: number[];
  bytes: number;
  /** `GET /api/auth/me`, one at a time, while the PDFs were being built. */
  otherRequests: number;
  otherP50Ms: number;
  otherP95Ms: number;
  otherMaxMs: number;
}

export interface ReportExportFigures {
  csv: ExportFigures[];
  pdf: PdfUnderLoadFigures;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * A GET that is sent again once when its connection was reset: after a long seed, the first request may go
 * out on a kept-alive connection the server has meanwhile closed.
 */
async function get(url: URL, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "ECONNRESET") throw error;
    return fetch(url, { headers });
  }
}

/** Downloads an export reading the stream chunk by chunk (never holding it), counting bytes and lines. */
async function download(ctx: BenchContext, path: string): Promise<{ bytes: number; lines: number }> {
  const response = await get(new URL(path, ctx.plotline.origin), ctx.plotline.authHeaders);
  if (!response.ok || response.body === null) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    for (const byte of next.value) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

async function measureCsv(ctx: BenchContext, what: string, projectIds: readonly number[]): Promise<ExportFigures> {
  const filters = JSON.stringify([{ skey: "project", svalue: projectIds.join(",") }]);
  const path = `/api/pm-pro/v2/advance-report?csv=1&filters=${encodeURIComponent(filters)}`;
  global.gc?.();
  const rssBeforeMiB = process.memoryUsage.rss() / MIB;
  const started = performance.now();
  const { result, rssPeakMiB } = await withPeakRss(() => download(ctx, path));
  return { what, rows: result.lines - 1, bytes: result.bytes, seconds: (performance.now() - started) / 1000, rssBeforeMiB, rssPeakMiB };
}

/**
 * The exports of issue 20 on the report load: the advanced report's CSV of one project (10,000 rows) and of
 * every project (100,000 rows), streamed, with the bench process's resident memory before and at its peak
 * (the server runs in it: a streamed export holds a page of rows, not the file); then the completed-tasks PDF
 * (capped at 5,000 rows) three times in a row while a second client sends `GET /api/auth/me` one at a time,
 * whose latencies show whether the server kept answering while the PDF was built in its worker thread.
 */
export async function measureReportExports(ctx: BenchContext): Promise<ReportExportFigures> {
  const load = await ensureReportLoad(ctx);
  // A first, unmeasured download warms the statements and the worker.
  await download(ctx, `/api/pm-pro/v2/advance-report?csv=1&filters=${encodeURIComponent(JSON.stringify([{ skey: "project", svalue: String(load.bigProjectId) }]))}`);
  const csv = [await measureCsv(ctx, "advanced report CSV, one project", [load.bigProjectId]), await measureCsv(ctx, "advanced report CSV, every project", load.projectIds)];

  const now = Date.now();
  const query = new URLSearchParams({ start_date: day(new Date(now - 120 * DAY_MS)), end_date: day(new Date(now + 120 * DAY_MS)) });
  const pdfPath = `/api/pm-pro/v2/users/${load.managerId}/advance-report/completed-tasks/pdf/?${query.toString()}`;
  await download(ctx, pdfPath);

  const latencies: number[] = [];
  let building = true;
  const other = (async () => {
    while (building) {
      const started = performance.now();
      const response = await fetch(new URL("/api/auth/me", ctx.plotline.origin), { headers: ctx.plotline.authHeaders });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status} during the PDF`);
      latencies.push(performance.now() - started);
    }
  })();
  const pdfSeconds: number[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      bytes = (await download(ctx, pdfPath)).bytes;
      pdfSeconds.push((performance.now() - started) / 1000);
    }
  } finally {
    building = false;
    await other;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    csv,
    pdf: { pdfSeconds, bytes, otherRequests: sorted.length, otherP50Ms: percentile(sorted, 0.5), otherP95Ms: percentile(sorted, 0.95), otherMaxMs: sorted.at(-1) ?? 0 },
  };
}

export function formatReportExports(figures: ReportExportFigures): string {
  const lines = figures.csv.map(
    (row) =>
      `  ${row.what}: ${row.rows.toLocaleString("en")} rows, ${(row.bytes / MIB).toFixed(1)} MiB in ${row.seconds.toFixed(2)} s; RSS ${row.rssBeforeMiB.toFixed(0)} MiB before, peak ${row.rssPeakMiB.toFixed(0)} MiB`,
  );
  const { pdf } = figures;
  lines.push(
    `  completed-tasks PDF, 5,000 rows (${(pdf.bytes / 1024).toFixed(0)} KB): ${pdf.pdfSeconds.map((s) => `${s.toFixed(2)} s`).join(", ")}`,
    `  meanwhile GET /api/auth/me one at a time: ${pdf.otherRequests} answered, p50 ${pdf.otherP50Ms.toFixed(1)} ms, p95 ${pdf.otherP95Ms.toFixed(1)} ms, max ${pdf.otherMaxMs.toFixed(1)} ms`,
  );
  return lines.join("\n");
}
