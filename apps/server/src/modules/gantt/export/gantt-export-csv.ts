import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { isoDay, parseDay } from "./gantt-export-dates.js";
import { cleanText } from "./gantt-export-text.js";
import type { GanttExportRow, GanttExportView } from "./gantt-export-view.js";

/**
 * The CSV: every row of the chart (no cap: it is streamed), one line each. Cells that a spreadsheet would
 * run as a formula get a leading apostrophe (csv-stringify's `escape_formulas`).
 */

export const CSV_HEADER = ["Kind", "Title", "Start", "Due", "Assignees", "Progress", "Done", "Critical"];

// csv-stringify only looks at a cell's first character, and an indented title starts with spaces: the
// title itself is checked against the same characters before it is indented.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

function indentedTitle(row: GanttExportRow): string {
  const title = cleanText(row.title);
  const safe = FORMULA_START.test(title) ? `'${title}` : title;
  return "    ".repeat(Math.max(0, Math.min(row.depth, 8))) + safe;
}

function csvDate(value: string | null): string {
  const day = parseDay(value);
  return day === null ? "" : isoDay(day);
}

function recordOf(row: GanttExportRow): string[] {
  const progress = Math.round(Math.min(100, Math.max(0, Number.isFinite(row.progress) ? row.progress : 0)));
  return [row.kind, indentedTitle(row), csvDate(row.start), csvDate(row.due), cleanText(row.assignees), String(progress), row.done ? "yes" : "no", row.critical ? "yes" : "no"];
}

/** The rows as a CSV stream (UTF-8 with a byte order mark, so spreadsheet apps read accents right). */
export function streamGanttCsv(view: GanttExportView): NodeJS.ReadableStream {
  const output = stringify({ bom: true, escape_formulas: true, record_delimiter: "windows" });
  function* records(): Generator<string[]> {
    yield CSV_HEADER;
    for (const row of view.rows) yield recordOf(row);
  }
  // pipeline destroys `output` with the error if the source fails, so the reader sees it.
  pipeline(Readable.from(records()), output, () => undefined);
  return output;
}
