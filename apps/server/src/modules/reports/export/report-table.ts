/** A report as a table, whatever its format: what the CSV streams and what the PDF lays out. */
export interface ReportTable {
  /** "Overdue Tasks". */
  title: string;
  /** "Date between 11/01/2026 to 11/25/2026". */
  subtitle: string;
  columns: string[];
  /** The rows, a batch at a time, read while the file is written. */
  batches: AsyncIterable<string[][]>;
}

/** What the PDF worker receives: plain data only, since functions do not cross to a worker. */
export interface ReportPdfJob {
  title: string;
  subtitle: string;
  columns: string[];
  rows: string[][];
  /** Said under the table when rows were left out; null otherwise. */
  note: string | null;
}
