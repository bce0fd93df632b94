import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { ReportTable } from "./report-table.js";

/**
 * A report as CSV, streamed row by row as the batches are read: UTF-8 with a byte order mark (spreadsheet
 * apps then read accents right), Windows line ends, and a leading apostrophe on any cell a spreadsheet would
 * run as a formula (`escape_formulas`).
 */
export function streamReportCsv(table: ReportTable): NodeJS.ReadableStream {
  const output = stringify({ bom: true, escape_formulas: true, record_delimiter: "windows" });
  async function* records(): AsyncGenerator<string[]> {
    yield table.columns;
    for await (const batch of table.batches) yield* batch;
  }
  // pipeline destroys `output` with the error if reading fails, so the download ends broken, not short.
  pipeline(Readable.from(records()), output, () => undefined);
  return output;
}
