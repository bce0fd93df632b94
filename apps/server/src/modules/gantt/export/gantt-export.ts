import { invalidField } from "../../../lib/app-error.js";
import { parseDay } from "./gantt-export-dates.js";
import { streamGanttCsv } from "./gantt-export-csv.js";
import { renderGanttPdf } from "./gantt-export-pdf.js";
import { renderGanttPng } from "./gantt-export-png.js";
import type { GanttExportView } from "./gantt-export-view.js";

/**
 * The Gantt export (issue 17, "Export on the server"): the chart the caller sees as a PDF or a PNG drawn
 * here (no third-party service), or its rows as CSV. The gantt module builds the view and sends the file.
 */

/** The formats the export call accepts. */
export const GANTT_EXPORT_FORMATS = ["pdf", "png", "csv"] as const;
export type GanttExportFormat = (typeof GANTT_EXPORT_FORMATS)[number];

/** The longest range drawn, in days (ten years): beyond it even the quarter scale is unreadable. */
export const MAX_RANGE_DAYS = 3_660;

const ZOOMS = ["day", "week", "month", "quarter"];

const CONTENT_TYPES: Record<GanttExportFormat, string> = {
  pdf: "application/pdf",
  png: "image/png",
  csv: "text/csv; charset=utf-8",
};

/** The file to send. */
export interface GanttExportFile {
  contentType: string;
  filename: string;
  body: Buffer | NodeJS.ReadableStream;
}

/** `gantt-<project-title-slug>-<today>.<format>`: ASCII only, so any browser keeps the name. */
export function exportFilename(projectTitle: string, today: string, format: GanttExportFormat): string {
  const slug = projectTitle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `gantt-${slug || "project"}-${today}.${format}`;
}

/** Throws a 400 naming the field when the view cannot be drawn. */
export function assertExportable(view: GanttExportView, format: string): asserts format is GanttExportFormat {
  if (!(GANTT_EXPORT_FORMATS as readonly string[]).includes(format)) throw invalidField("format", "The export format must be pdf, png or csv.");
  if (!ZOOMS.includes(view.zoom)) throw invalidField("zoom", "The zoom must be day, week, month or quarter.");
  const from = parseDay(view.from);
  const to = parseDay(view.to);
  if (from === null) throw invalidField("from", "The start of the range must be a date (YYYY-MM-DD).");
  if (to === null) throw invalidField("to", "The end of the range must be a date (YYYY-MM-DD).");
  if (parseDay(view.today) === null) throw invalidField("today", "Today must be a date (YYYY-MM-DD).");
  if (to < from) throw invalidField("to", "The end of the range must not be before its start.");
  if (to - from + 1 > MAX_RANGE_DAYS) throw invalidField("to", "The range can span at most ten years.");
}

/** Draws (PDF, PNG) or lists (CSV) the view. */
export async function renderGanttExport(view: GanttExportView, format: "pdf" | "png" | "csv"): Promise<GanttExportFile> {
  assertExportable(view, format);
  const filename = exportFilename(view.projectTitle, view.today, format);
  const contentType = CONTENT_TYPES[format];
  switch (format) {
    case "pdf":
      return { contentType, filename, body: await renderGanttPdf(view) };
    case "png":
      return { contentType, filename, body: await renderGanttPng(view) };
    case "csv":
      return { contentType, filename, body: streamGanttCsv(view) };
  }
}
