import { isWeekend, parseDay, usDate } from "./gantt-export-dates.js";
import { GRID_COLUMNS, GRID_WIDTH, SIZES, type GanttLayout, type LinkShape, type RowShape, type ScaleCell } from "./gantt-export-layout.js";
import { PALETTE, washOut } from "./gantt-export-palette.js";
import { FONT_FAMILY, cleanText, escapeXml, fitText, measureText } from "./gantt-export-text.js";
import type { GanttExportRow } from "./gantt-export-view.js";

/**
 * The chart as SVG: one drawing for both formats. A drawing is a list of parts, each knowing its vertical
 * extent, so the PNG can be rendered in horizontal strips (only the parts that cross a strip go into that
 * strip's SVG) and the PDF can draw a page from a slice of the rows with the time scale on top again.
 */

/** Paint order: backgrounds, then the grid's text, then the timeline (clipped to its area), then headers. */
type Layer = "back" | "grid" | "chart" | "front";
const LAYERS: Layer[] = ["back", "grid", "chart", "front"];

/** A piece of markup and the rows of pixels it may touch. */
export interface SvgPart {
  top: number;
  bottom: number;
  layer: Layer;
  markup: string;
}

/** A drawing ready to be written out whole or in strips. */
export interface GanttDrawing {
  width: number;
  height: number;
  /** The timeline's body: bars and links are clipped to it. */
  clip: { x: number; y: number; width: number; height: number };
  parts: SvgPart[];
}

/** Which rows to draw and what goes around them. */
export interface DrawOptions {
  /** First row index drawn (default 0) and the index after the last (default all rows). */
  rowStart?: number;
  rowEnd?: number;
  /** The project title, view and legend band on top (the PNG has it; PDF pages have it as page header). */
  withTitle?: boolean;
  /** A last line under the rows, e.g. to say rows were left out. */
  note?: string | null;
}

const ZOOM_NAMES = { day: "Day", week: "Week", month: "Month", quarter: "Quarter" } as const;

/** Rounds for the markup: two decimals are finer than any renderer draws. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function text(x: number, y: number, content: string, options: { size?: number; bold?: boolean; italic?: boolean; fill?: string; anchor?: "start" | "middle" | "end" } = {}): string {
  const size = options.size ?? SIZES.fontSize;
  const weight = options.bold ? ' font-weight="bold"' : "";
  const style = options.italic ? ' font-style="italic"' : "";
  const anchor = options.anchor && options.anchor !== "start" ? ` text-anchor="${options.anchor}"` : "";
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT_FAMILY}" font-size="${size}"${weight}${style}${anchor} fill="${options.fill ?? PALETTE.text}">${escapeXml(content)}</text>`;
}

/** The baseline that centres a line of `size` px text in a band starting at `top`. */
function baseline(top: number, height: number, size: number = SIZES.fontSize): number {
  return top + height / 2 + size * 0.36;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}"/>`;
}

function rect(x: number, y: number, width: number, height: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, width))}" height="${n(height)}" fill="${fill}"${extra}/>`;
}

function titleBand(layout: GanttLayout, width: number): SvgPart[] {
  const { view } = layout;
  const band = SIZES.titleBand;
  const legend: Array<[string, string]> = [
    ["Task", PALETTE.bar.progress],
    ["Critical", PALETTE.critical.progress],
    ["Done", washOut(PALETTE.bar.progress)],
    ["Milestone", PALETTE.milestone.fill],
    ["Today", PALETTE.today],
  ];
  const legendWidths = legend.map(([label]) => 14 + measureText(label, 11) + 14);
  const legendWidth = legendWidths.reduce((sum, item) => sum + item, 0);
  const showLegend = legendWidth + 360 < width;
  const titleRoom = width - 24 - (showLegend ? legendWidth + 16 : 0);
  const subtitle = `Gantt chart \u00b7 ${ZOOM_NAMES[view.zoom]} view \u00b7 ${usDate(layout.rangeStart)} to ${usDate(layout.rangeEnd - 1)}`;
  let markup = rect(0, 0, width, band, PALETTE.background);
  markup += text(12, 25, fitText(cleanText(view.projectTitle) || "Untitled project", titleRoom, 18, "bold"), { size: 18, bold: true });
  markup += text(12, 45, fitText(subtitle, titleRoom, 12), { fill: PALETTE.mutedText });
  if (showLegend) {
    let x = width - legendWidth - 8;
    legend.forEach(([label, colour], index) => {
      markup += rect(x, 30, 10, 10, colour, ' rx="2"');
      markup += text(x + 14, 39, label, { size: 11, fill: PALETTE.mutedText });
      x += legendWidths[index] ?? 0;
    });
  }
  markup += line(0, band - 0.5, width, band - 0.5, PALETTE.tierLine);
  return [{ top: 0, bottom: band, layer: "front", markup }];
}

function scaleTier(cells: ScaleCell[], top: number, height: number, bold: boolean): string {
  let markup = "";
  for (const cell of cells) {
    const room = cell.x1 - cell.x0 - 6;
    const label = cell.labels.find((candidate) => measureText(candidate, 11, bold ? "bold" : "normal") <= room);
    // Below 4 px a line per cell would merge into a dark band: the tier above still marks the units.
    if (cell.x0 > GRID_WIDTH && cell.x1 - cell.x0 >= 4) markup += line(cell.x0, top, cell.x0, top + height, PALETTE.tierLine);
    if (label) markup += text((cell.x0 + cell.x1) / 2, baseline(top, height, 11), label, { size: 11, bold, anchor: "middle", fill: PALETTE.headerText });
  }
  return markup;
}

function scaleHeader(layout: GanttLayout, top: number): SvgPart {
  const height = SIZES.scaleTier * 2;
  let markup = rect(0, top, layout.width, height, PALETTE.headerBackground);
  let x = 0;
  for (const column of GRID_COLUMNS) {
    markup += text(x + SIZES.cellPadding, baseline(top, height), column.label, { bold: true, fill: PALETTE.headerText });
    x += column.width;
  }
  markup += scaleTier(layout.topCells, top, SIZES.scaleTier, true);
  markup += line(GRID_WIDTH, top + SIZES.scaleTier, layout.width, top + SIZES.scaleTier, PALETTE.tierLine);
  markup += scaleTier(layout.bottomCells, top + SIZES.scaleTier, SIZES.scaleTier, false);
  markup += line(0, top + height - 0.5, layout.width, top + height - 0.5, PALETTE.divider);
  return { top, bottom: top + height, layer: "front", markup };
}

/** Weekend shading (day zoom only: wider zooms have no day columns) and the unit lines under the rows. */
function timelineBackground(layout: GanttLayout, top: number, bottom: number): SvgPart {
  let markup = "";
  if (layout.unit === "day" && layout.pxPerDay >= 3) {
    for (const cell of layout.bottomCells) {
      if (isWeekend(cell.day)) markup += rect(cell.x0, top, cell.x1 - cell.x0, bottom - top, PALETTE.weekend);
    }
  }
  for (const cell of layout.bottomCells) {
    if (cell.x1 - cell.x0 >= 4 && cell.x0 > GRID_WIDTH) markup += line(cell.x0, top, cell.x0, bottom, PALETTE.unitLine);
  }
  for (const cell of layout.topCells) {
    if (cell.x0 > GRID_WIDTH) markup += line(cell.x0, top, cell.x0, bottom, PALETTE.rowLine);
  }
  return { top, bottom, layer: "back", markup };
}

function gridCells(row: GanttExportRow, top: number): string {
  const fill = row.done ? PALETTE.mutedText : PALETTE.text;
  const y = baseline(top, SIZES.rowHeight);
  const isList = row.kind === "list";
  const [title, start, due, assignees, progress] = GRID_COLUMNS;
  const indent = SIZES.cellPadding + Math.max(0, Math.min(row.depth, 8)) * SIZES.indent;
  const date = (value: string | null): string => {
    const day = parseDay(value);
    return day === null ? "\u2013" : usDate(day);
  };
  const percent = `${Math.round(Math.min(100, Math.max(0, Number.isFinite(row.progress) ? row.progress : 0)))}%`;
  let x = 0;
  let markup = "";
  const cell = (width: number, content: string, bold = false): void => {
    const shown = fitText(content, width - 2 * SIZES.cellPadding, SIZES.fontSize, bold ? "bold" : "normal");
    if (shown) markup += text(x + SIZES.cellPadding, y, shown, { bold, fill });
    x += width;
  };
  const titleShown = fitText(cleanText(row.title) || "Untitled", (title?.width ?? 0) - indent - SIZES.cellPadding, SIZES.fontSize, isList ? "bold" : "normal");
  if (titleShown) markup += text(indent, y, titleShown, { bold: isList, fill });
  x += title?.width ?? 0;
  cell(start?.width ?? 0, date(row.start));
  cell(due?.width ?? 0, date(row.due));
  cell(assignees?.width ?? 0, cleanText(row.assignees));
  cell(progress?.width ?? 0, percent);
  return markup;
}

function shapeMarkup(row: GanttExportRow, shape: RowShape | null, top: number): string {
  const middle = top + SIZES.rowHeight / 2;
  const data = `data-id="${row.id}"`;
  if (!shape) {
    return row.kind === "list" ? "" : text(GRID_WIDTH + SIZES.cellPadding, baseline(top, SIZES.rowHeight, 11), "Not scheduled", { size: 11, italic: true, fill: PALETTE.mutedText });
  }
  const dim = (colour: string): string => (row.done ? washOut(colour) : colour);
  if (shape.kind === "milestone") {
    const colours = row.critical ? PALETTE.criticalMilestone : PALETTE.milestone;
    const h = SIZES.milestoneHalf;
    const points = [[shape.cx, middle - h], [shape.cx + h, middle], [shape.cx, middle + h], [shape.cx - h, middle]];
    return `<polygon data-kind="milestone" ${data} points="${points.map(([px, py]) => `${n(px ?? 0)},${n(py ?? 0)}`).join(" ")}" fill="${dim(colours.fill)}" stroke="${dim(colours.stroke)}" stroke-width="1"/>`;
  }
  if (shape.kind === "summary") {
    const y0 = middle - SIZES.summaryHeight / 2 - 2;
    const y1 = y0 + SIZES.summaryHeight;
    const width = shape.x1 - shape.x0;
    // A summary bar hangs a small point under each end, the usual sign of "spans its tasks".
    const tip = width >= 12 ? 5 : 0;
    const d = tip
      ? `M${n(shape.x0)} ${n(y0)}H${n(shape.x1)}V${n(y1 + 4)}L${n(shape.x1 - tip)} ${n(y1)}H${n(shape.x0 + tip)}L${n(shape.x0)} ${n(y1 + 4)}Z`
      : `M${n(shape.x0)} ${n(y0)}H${n(shape.x1)}V${n(y1)}H${n(shape.x0)}Z`;
    return `<path data-kind="summary" ${data} data-x0="${n(shape.x0)}" data-x1="${n(shape.x1)}" d="${d}" fill="${dim(PALETTE.summary)}"/>`;
  }
  const colours = row.critical ? PALETTE.critical : PALETTE.bar;
  const y = middle - SIZES.barHeight / 2;
  const width = Math.max(2, shape.x1 - shape.x0);
  const bar = `x="${n(shape.x0)}" y="${n(y)}" width="${n(width)}" height="${SIZES.barHeight}" rx="3"`;
  let markup = `<g data-kind="bar" ${data}${row.critical ? ' data-critical="1"' : ""}${row.done ? ' data-done="1"' : ""}>`;
  markup += `<rect ${bar} fill="${dim(colours.fill)}"/>`;
  const done = Math.min(width, shape.progressX - shape.x0);
  if (done > 0.5) markup += rect(shape.x0, y, done, SIZES.barHeight, dim(colours.progress), ' rx="3" data-kind="progress"');
  markup += `<rect ${bar} fill="none" stroke="${dim(colours.stroke)}" stroke-width="${row.critical ? 1.6 : 1}"/></g>`;
  return markup;
}

function linkMarkup(link: LinkShape, offsetY: number): { markup: string; top: number; bottom: number } {
  const colour = link.critical ? PALETTE.criticalLink : PALETTE.link;
  const points = link.points.map(([x, y]): [number, number] => [x, y + offsetY]);
  const last = points[points.length - 1] ?? [0, 0];
  const [tipX, tipY] = last;
  const baseX = tipX - link.direction * SIZES.arrowSize;
  // The line stops at the arrowhead's base so its end does not poke through the tip.
  const line = [...points.slice(0, -1), [baseX, tipY]].map(([x, y], index) => `${index === 0 ? "M" : "L"}${n(x ?? 0)} ${n(y ?? 0)}`).join("");
  const half = SIZES.arrowSize * 0.6;
  const arrow = `${n(tipX)},${n(tipY)} ${n(baseX)},${n(tipY - half)} ${n(baseX)},${n(tipY + half)}`;
  const ys = points.map(([, y]) => y);
  return {
    markup:
      `<path data-kind="link" data-source="${link.source}" data-target="${link.target}" data-type="${link.type}" d="${line}" fill="none" stroke="${colour}" stroke-width="${link.critical ? 1.6 : 1.2}"/>` +
      `<polygon data-kind="arrow" data-source="${link.source}" data-target="${link.target}" points="${arrow}" fill="${colour}"/>`,
    top: Math.min(...ys) - half,
    bottom: Math.max(...ys) + half,
  };
}

/** Draws rows `rowStart` .. `rowEnd` of a laid-out chart under its time scale. */
export function drawGantt(layout: GanttLayout, options: DrawOptions = {}): GanttDrawing {
  const rows = layout.view.rows;
  const rowStart = Math.max(0, Math.min(options.rowStart ?? 0, rows.length));
  const rowEnd = Math.max(rowStart, Math.min(options.rowEnd ?? rows.length, rows.length));
  const width = layout.width;
  const parts: SvgPart[] = options.withTitle ? titleBand(layout, width) : [];
  const scaleTop = options.withTitle ? SIZES.titleBand : 0;
  const bodyTop = scaleTop + SIZES.scaleTier * 2;
  // An empty chart keeps one row's height for the sentence saying so.
  const bodyBottom = bodyTop + Math.max(1, rowEnd - rowStart) * SIZES.rowHeight;
  const note = options.note ? cleanText(options.note) : "";
  const height = bodyBottom + (note ? SIZES.footerBand : 0);
  parts.push(timelineBackground(layout, bodyTop, bodyBottom));
  if (rows.length === 0) parts.push({ top: bodyTop, bottom: bodyBottom, layer: "grid", markup: text(SIZES.cellPadding, baseline(bodyTop, SIZES.rowHeight), "No tasks to show", { italic: true, fill: PALETTE.mutedText }) });
  for (let index = rowStart; index < rowEnd; index++) {
    const row = rows[index];
    if (!row) continue;
    const top = bodyTop + (index - rowStart) * SIZES.rowHeight;
    const bottom = top + SIZES.rowHeight;
    const background = row.kind === "list" ? rect(0, top, GRID_WIDTH, SIZES.rowHeight, PALETTE.listRow) : "";
    parts.push({ top, bottom, layer: "back", markup: background + line(0, bottom - 0.5, width, bottom - 0.5, PALETTE.rowLine) });
    parts.push({ top, bottom, layer: "grid", markup: gridCells(row, top) });
    parts.push({ top, bottom, layer: "chart", markup: shapeMarkup(row, layout.shapes[index] ?? null, top) });
  }
  const offsetY = bodyTop - rowStart * SIZES.rowHeight;
  for (const link of layout.links) {
    // A link reaching a row on another page still shows its stub, running off the edge of this one.
    if (Math.max(link.sourceIndex, link.targetIndex) < rowStart || Math.min(link.sourceIndex, link.targetIndex) >= rowEnd) continue;
    const drawn = linkMarkup(link, offsetY);
    parts.push({ top: Math.max(bodyTop, drawn.top), bottom: Math.min(bodyBottom, drawn.bottom), layer: "chart", markup: drawn.markup });
  }
  if (layout.todayX !== null) {
    parts.push({ top: bodyTop, bottom: bodyBottom, layer: "chart", markup: `<line data-kind="today" x1="${n(layout.todayX)}" y1="${bodyTop}" x2="${n(layout.todayX)}" y2="${bodyBottom}" stroke="${PALETTE.today}" stroke-width="1.5"/>` });
  }
  let separators = "";
  let x = 0;
  for (const column of GRID_COLUMNS.slice(0, -1)) {
    x += column.width;
    separators += line(x, scaleTop, x, bodyBottom, PALETTE.rowLine);
  }
  separators += line(GRID_WIDTH, scaleTop, GRID_WIDTH, bodyBottom, PALETTE.divider);
  // After the scale header, whose background would hide the column lines across it.
  parts.push(scaleHeader(layout, scaleTop));
  parts.push({ top: scaleTop, bottom: bodyBottom, layer: "front", markup: separators });
  if (note) {
    parts.push({ top: bodyBottom, bottom: height, layer: "front", markup: text(12, baseline(bodyBottom, SIZES.footerBand), fitText(note, width - 24, SIZES.fontSize), { fill: PALETTE.mutedText }) });
  }
  return { width, height, clip: { x: GRID_WIDTH, y: bodyTop, width: width - GRID_WIDTH, height: bodyBottom - bodyTop }, parts };
}

/**
 * The drawing as an SVG document; with `window`, only the horizontal band `top` .. `top + height` (the
 * parts outside it are left out, the rest keep their coordinates and the viewBox picks the band).
 */
export function drawingToSvg(drawing: GanttDrawing, window?: { top: number; height: number }): string {
  const top = window?.top ?? 0;
  const height = window?.height ?? drawing.height;
  const visible = drawing.parts.filter((part) => part.bottom > top && part.top < top + height);
  const { clip } = drawing;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${drawing.width}" height="${height}" viewBox="0 ${top} ${drawing.width} ${height}">`;
  svg += `<defs><clipPath id="timeline"><rect x="${n(clip.x)}" y="${n(clip.y)}" width="${n(clip.width)}" height="${n(clip.height)}"/></clipPath></defs>`;
  svg += rect(0, top, drawing.width, height, PALETTE.background);
  for (const layer of LAYERS) {
    const markup = visible
      .filter((part) => part.layer === layer)
      .map((part) => part.markup)
      .join("");
    if (!markup) continue;
    svg += layer === "chart" ? `<g clip-path="url(#timeline)">${markup}</g>` : markup;
  }
  return `${svg}</svg>`;
}
