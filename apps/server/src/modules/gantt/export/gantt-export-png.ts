import { renderAsync, type ResvgRenderOptions } from "@resvg/resvg-js";
import { SIZES, layoutGantt } from "./gantt-export-layout.js";
import { PngStripWriter } from "./gantt-export-png-encoder.js";
import { drawGantt, drawingToSvg, type GanttDrawing } from "./gantt-export-svg.js";
import { FONT_FAMILY, ROBOTO_FILES } from "./gantt-export-text.js";
import type { GanttExportView } from "./gantt-export-view.js";

/**
 * The PNG: the SVG drawing rendered by resvg (Rust, no browser, no network) with the Roboto files shipped
 * in pdfmake, in strips of STRIP_HEIGHT px joined by PngStripWriter, so memory stays near one strip.
 */

/** Limits of the image: wider timelines are squeezed, taller charts lose their last rows (and say so). */
export const PNG_LIMITS = { maxWidth: 6_000, maxPixels: 40_000_000, maxRows: 1_500 } as const;

const STRIP_HEIGHT = 512;

const RESVG_OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: Object.values(ROBOTO_FILES),
    defaultFontFamily: FONT_FAMILY,
    sansSerifFamily: FONT_FAMILY,
  },
  fitTo: { mode: "original" },
  background: "#ffffff",
  logLevel: "off",
};

/** How many rows fit in the image of a chart `width` px wide. */
export function pngRowCapacity(width: number): number {
  const chrome = SIZES.titleBand + SIZES.scaleTier * 2 + SIZES.footerBand;
  return Math.max(1, Math.min(PNG_LIMITS.maxRows, Math.floor((PNG_LIMITS.maxPixels / width - chrome) / SIZES.rowHeight)));
}

/** The drawing that goes into the image: the rows that fit, and a note under them when some did not. */
export function preparePngDrawing(view: GanttExportView): { drawing: GanttDrawing; rowCount: number; note: string | null } {
  // The width does not depend on the rows, so a layout of no rows tells how many rows the image can take.
  const capacity = pngRowCapacity(layoutGantt({ ...view, rows: [], links: [] }, { maxWidth: PNG_LIMITS.maxWidth }).width);
  const kept = view.rows.length > capacity ? { ...view, rows: view.rows.slice(0, capacity) } : view;
  const note =
    kept.rows.length < view.rows.length
      ? `Showing the first ${kept.rows.length.toLocaleString("en-US")} of ${view.rows.length.toLocaleString("en-US")} rows (image size limit); the CSV export has every row.`
      : null;
  const drawing = drawGantt(layoutGantt(kept, { maxWidth: PNG_LIMITS.maxWidth }), { withTitle: true, note });
  return { drawing, rowCount: kept.rows.length, note };
}

/** The chart as a PNG image, with its title band and legend. */
export async function renderGanttPng(view: GanttExportView): Promise<Buffer> {
  const { drawing } = preparePngDrawing(view);
  const writer = new PngStripWriter(drawing.width, drawing.height);
  for (let top = 0; top < drawing.height; top += STRIP_HEIGHT) {
    const height = Math.min(STRIP_HEIGHT, drawing.height - top);
    // renderAsync draws on libuv's thread pool: the event loop stays free while a strip renders.
    const strip = await renderAsync(drawingToSvg(drawing, { top, height }), RESVG_OPTIONS);
    if (strip.width !== drawing.width || strip.height !== height) throw new Error(`resvg drew ${strip.width}x${strip.height}, expected ${drawing.width}x${height}`);
    await writer.write(strip.pixels);
  }
  return writer.finish();
}
