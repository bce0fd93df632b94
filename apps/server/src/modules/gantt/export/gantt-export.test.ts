import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../lib/app-error.js";
import { exportFilename, renderGanttExport, type GanttExportFile } from "./gantt-export.js";
import { exportRow, longView, smallView } from "./gantt-export-fixtures.js";
import { GRID_WIDTH, SIZES } from "./gantt-export-layout.js";
import { PDF_MAX_ROWS, PDF_PAGE, preparePdfJob } from "./gantt-export-pdf.js";
import { PNG_LIMITS, preparePngDrawing } from "./gantt-export-png.js";
import type { GanttExportView } from "./gantt-export-view.js";

async function bytesOf(file: GanttExportFile): Promise<Buffer> {
  if (Buffer.isBuffer(file.body)) return file.body;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Splits CSV text into records, honouring quoted cells (which may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      record.push(cell);
      cell = "";
    } else if (!quoted && char === "\r" && text[i + 1] === "\n") {
      records.push([...record, cell]);
      record = [];
      cell = "";
      i++;
    } else {
      cell += char;
    }
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

/** The 400 thrown by `run`, with the field it names. */
async function refusal(run: () => Promise<unknown>): Promise<{ status: number; fields: string[] }> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, fields: Object.keys(error.params ?? {}) };
}

describe("renderGanttExport", () => {
  it("draws a PNG as wide as the grid plus the zoom's days, with the bars in their colours", async () => {
    const file = await renderGanttExport(smallView(), "png");
    expect(file.contentType).toBe("image/png");
    expect(file.filename).toBe("gantt-website-relaunch-2025-01-08.png");
    const png = await bytesOf(file);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Day zoom, Monday 2025-01-06 to Sunday 2025-01-19: 14 days of 30 px after the grid.
    expect(png.readUInt32BE(16)).toBe(GRID_WIDTH + 14 * 30);
    const rows = smallView().rows.length;
    expect(png.readUInt32BE(20)).toBe(SIZES.titleBand + 2 * SIZES.scaleTier + rows * SIZES.rowHeight);
    // Decoding with another library proves the file is a valid PNG; the pixel in the filled half of task
    // 10's bar (row 1, days 0 to 1.5) is the progress colour, one in the empty half the bar's light fill.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (px: number, py: number): string => {
      const at = (py * info.width + px) * info.channels;
      return [data[at], data[at + 1], data[at + 2]].map((value) => (value ?? 0).toString(16).padStart(2, "0")).join("");
    };
    const middle = SIZES.titleBand + 2 * SIZES.scaleTier + SIZES.rowHeight + SIZES.rowHeight / 2;
    expect(pixel(GRID_WIDTH + 20, middle)).toBe("3e63dd");
    expect(pixel(GRID_WIDTH + 70, middle)).toBe("d6e2ff");
  });

  it("joins strips into one PNG and caps its rows with a note", async () => {
    const view = longView(20);
    const png = await bytesOf(await renderGanttExport(view, "png"));
    const { drawing } = preparePngDrawing(view);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([drawing.width, drawing.height]);
    expect(drawing.height).toBeGreaterThan(1_024);
    // Row 100 (task 164, 60 % done) lies in the sixth 512 px strip; one day into its bar (week zoom: 12 px a
    // day from Monday 2025-01-06) is the progress colour, so the strips were joined in the right places.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const row = view.rows[100];
    expect(row?.id).toBe(164);
    const y = SIZES.titleBand + 2 * SIZES.scaleTier + 100 * SIZES.rowHeight + SIZES.rowHeight / 2;
    const startDay = (Date.parse(`${row?.start}T00:00:00Z`) - Date.parse("2025-01-06T00:00:00Z")) / 86_400_000;
    const at = (y * info.width + GRID_WIDTH + (startDay + 1) * 12) * info.channels;
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([0x3e, 0x63, 0xdd]);

    const wide = longView(200, { zoom: "day", from: "2020-01-01", to: "2029-12-31" });
    const capped = preparePngDrawing(wide);
    expect(capped.drawing.width).toBe(PNG_LIMITS.maxWidth);
    expect(capped.drawing.width * capped.drawing.height).toBeLessThanOrEqual(PNG_LIMITS.maxPixels);
    expect(capped.rowCount).toBeLessThan(wide.rows.length);
    expect(capped.note).toBe(`Showing the first ${capped.rowCount} of 1,200 rows (image size limit); the CSV export has every row.`);
  });

  it("builds a landscape A3 PDF with one page for a short chart", async () => {
    const file = await renderGanttExport(smallView(), "pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(file.filename).toBe("gantt-website-relaunch-2025-01-08.pdf");
    const pdf = await bytesOf(file);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString("latin1")).toContain(`/MediaBox [0 0 ${PDF_PAGE.width} ${PDF_PAGE.height}]`);
  });

  it("splits a long chart across pages, each under the time scale", async () => {
    const view = longView(40);
    const job = preparePdfJob(view);
    // Each page's drawing is scaled to the page's content width; a page holds the two scale tiers, then rows.
    const drawingWidth = Number(/^<svg[^>]* width="([\d.]+)"/.exec(job.pages[0]?.svg ?? "")?.[1]);
    const contentWidth = PDF_PAGE.width - PDF_PAGE.margins[0] - PDF_PAGE.margins[2];
    const scale = Math.min(1, contentWidth / drawingWidth);
    expect(job.pages[0]?.width).toBeCloseTo(drawingWidth * scale, 6);
    const rowsPerPage = Math.floor(((PDF_PAGE.height - PDF_PAGE.margins[1] - PDF_PAGE.margins[3]) / scale - 2 * SIZES.scaleTier - 1) / SIZES.rowHeight);
    const expectedPages = Math.ceil(view.rows.length / rowsPerPage);
    expect(expectedPages).toBeGreaterThan(4);
    expect(job.pages).toHaveLength(expectedPages);
    for (const page of job.pages) expect(page.svg).toContain(">Jan 6<");
    const pdf = await bytesOf(await renderGanttExport(view, "pdf"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(expectedPages);
  });

  it("caps the PDF's rows and says so under the last page", () => {
    const view = longView(300);
    const job = preparePdfJob(view);
    const pages = job.pages.map((page) => [...page.svg.matchAll(/>Task \d+</g)].length + [...page.svg.matchAll(/>List \d+</g)].length);
    expect(pages.reduce((sum, rows) => sum + rows, 0)).toBe(PDF_MAX_ROWS);
    expect(job.pages.at(-1)?.svg).toContain("Showing the first 1,500 of 1,800 rows; the CSV export has every row.");
    expect(job.pages[0]?.svg).not.toContain("Showing the first");
  });

  it("streams every row as CSV, escaping formulas and quotes", async () => {
    const view = smallView({
      rows: [
        exportRow({ id: 1, kind: "list", depth: 0, title: "=HYPERLINK(\"http://x\")", start: "2025-01-06", due: "2025-01-10", progress: 33.4 }),
        exportRow({ id: 2, depth: 2, title: "+cmd|' /C calc'!A0", assignees: "@Ada, Bob", done: true, critical: true }),
        exportRow({ id: 3, title: 'Say "hi", then\nleave', start: "2025-01-07", due: "2025-01-07", assignees: "-1+1" }),
      ],
    });
    const file = await renderGanttExport(view, "csv");
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.filename).toBe("gantt-website-relaunch-2025-01-08.csv");
    expect(Buffer.isBuffer(file.body)).toBe(false);
    const text = (await bytesOf(file)).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records).toEqual([
      ["Kind", "Title", "Start", "Due", "Assignees", "Progress", "Done", "Critical"],
      ["list", "'=HYPERLINK(\"http://x\")", "2025-01-06", "2025-01-10", "", "33", "no", "no"],
      ["task", "        '+cmd|' /C calc'!A0", "", "", "'@Ada, Bob", "0", "yes", "yes"],
      ["task", "    Say \"hi\", then leave", "2025-01-07", "2025-01-07", "'-1+1", "0", "no", "no"],
    ]);
    expect(text).toContain('"\'=HYPERLINK(""http://x"")"');
  });

  it("names files after the project and today, in ASCII", () => {
    expect(exportFilename("Website relaunch & <Q1> rollout", "2025-01-08", "pdf")).toBe("gantt-website-relaunch-q1-rollout-2025-01-08.pdf");
    expect(exportFilename("Café Über 2.0", "2025-01-08", "png")).toBe("gantt-cafe-uber-2-0-2025-01-08.png");
    expect(exportFilename("日本語 !!", "2025-01-08", "csv")).toBe("gantt-project-2025-01-08.csv");
  });

  it("refuses a view it cannot draw with a 400 naming the field", async () => {
    const cases: Array<[Partial<GanttExportView>, string, string]> = [
      [{}, "xls", "format"],
      [{ zoom: "year" as GanttExportView["zoom"] }, "pdf", "zoom"],
      [{ from: "2025-02-30" }, "png", "from"],
      [{ to: "tomorrow" }, "csv", "to"],
      [{ today: "" }, "pdf", "today"],
      [{ from: "2025-03-01", to: "2025-02-01" }, "png", "to"],
      [{ from: "2000-01-01", to: "2025-01-01" }, "pdf", "to"],
    ];
    for (const [overrides, format, field] of cases) {
      const answer = await refusal(() => renderGanttExport(smallView(overrides), format as "pdf"));
      expect(answer).toEqual({ status: 400, fields: [field] });
    }
  });
});
