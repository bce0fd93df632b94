import { nextUnitStart, parseDay, unitLabels, unitStart, type ScaleUnit } from "./gantt-export-dates.js";
import type { GanttExportRow, GanttExportView, GanttZoom } from "./gantt-export-view.js";

/**
 * Where everything of the chart goes, in px, before anything is drawn: the grid columns, the time scale and
 * each row's shape. Pure, so the SVG, the PNG strips and the PDF pages all place a bar at the same spot.
 */

/** Fixed sizes of the drawing, in px (pt in the PDF). */
export const SIZES = {
  fontSize: 12,
  rowHeight: 26,
  titleBand: 56,
  scaleTier: 22,
  footerBand: 28,
  cellPadding: 8,
  indent: 16,
  barHeight: 14,
  summaryHeight: 8,
  milestoneHalf: 7,
  linkGap: 10,
  arrowSize: 6,
} as const;

/** How far inside the timeline's edges a link may turn. */
const EDGE_ROOM = 4;

/** The left grid's columns, left to right. */
export const GRID_COLUMNS = [
  { key: "title", label: "Task", width: 280 },
  { key: "start", label: "Start", width: 86 },
  { key: "due", label: "Due", width: 86 },
  { key: "assignees", label: "Assignee", width: 130 },
  { key: "progress", label: "Progress", width: 68 },
] as const;

export const GRID_WIDTH = GRID_COLUMNS.reduce((sum, column) => sum + column.width, 0);

/** Px per zoom unit when there is room; a wide range is squeezed below this to fit the format's width. */
const NATURAL_UNIT_PX: Record<GanttZoom, { unit: ScaleUnit; top: ScaleUnit; px: number; days: number }> = {
  day: { unit: "day", top: "month", px: 30, days: 1 },
  week: { unit: "week", top: "month", px: 84, days: 7 },
  month: { unit: "month", top: "year", px: 110, days: 30.4375 },
  quarter: { unit: "quarter", top: "year", px: 165, days: 91.3125 },
};

/** One cell of a tier of the time scale. */
export interface ScaleCell {
  /** Day number of the cell's first day. */
  day: number;
  x0: number;
  x1: number;
  /** Candidate labels, longest first. */
  labels: string[];
}

/** A row's shape in the timeline, x in px; null when the row has no date to draw. */
export type RowShape =
  | { kind: "bar"; x0: number; x1: number; progressX: number }
  | { kind: "summary"; x0: number; x1: number }
  | { kind: "milestone"; cx: number };

/** A link ready to draw: the elbow's points in body coordinates (y 0 is the top of the first row). */
export interface LinkShape {
  source: number;
  target: number;
  type: 0 | 1 | 2 | 3;
  sourceIndex: number;
  targetIndex: number;
  critical: boolean;
  points: Array<[number, number]>;
  /** +1 when the arrow points right (it enters a bar's start), -1 when it points left (a bar's end). */
  direction: 1 | -1;
}

/** Everything the drawing needs, computed once per export. */
export interface GanttLayout {
  view: GanttExportView;
  /** Day numbers of the first day drawn and the day after the last. */
  rangeStart: number;
  rangeEnd: number;
  pxPerDay: number;
  /** Width of the whole drawing: grid plus timeline. */
  width: number;
  unit: ScaleUnit;
  topCells: ScaleCell[];
  bottomCells: ScaleCell[];
  shapes: Array<RowShape | null>;
  links: LinkShape[];
  /** x of the today marker, null when today is outside the range. */
  todayX: number | null;
}

/** Day number of a view date that the caller has validated. */
function requiredDay(value: string): number {
  const day = parseDay(value);
  if (day === null) throw new Error(`Not a date: ${value}`);
  return day;
}

function cellsOf(rangeStart: number, rangeEnd: number, unit: ScaleUnit, tier: "top" | "bottom", xOf: (day: number) => number): ScaleCell[] {
  const cells: ScaleCell[] = [];
  for (let day = unitStart(rangeStart, unit); day < rangeEnd; day = nextUnitStart(day, unit)) {
    const first = Math.max(day, rangeStart);
    const after = Math.min(nextUnitStart(day, unit), rangeEnd);
    cells.push({ day, x0: xOf(first), x1: xOf(after), labels: unitLabels(day, unit, tier) });
  }
  return cells;
}

function shapeOf(row: GanttExportRow, xOf: (day: number) => number, pxPerDay: number): RowShape | null {
  const start = parseDay(row.start);
  const due = parseDay(row.due);
  if (row.kind === "milestone") {
    const day = due ?? start;
    // A milestone is a moment within its day: the diamond sits in the middle of the day's cell.
    return day === null ? null : { kind: "milestone", cx: xOf(day) + pxPerDay / 2 };
  }
  // A row with one date is one day long; reversed dates (bad data) still draw over the days they span.
  const first = start ?? due;
  const last = due ?? start;
  if (first === null || last === null) return null;
  const x0 = xOf(Math.min(first, last));
  // The due date is inclusive: the bar runs to the end of that day (spec: the Gantt end is due + 1 day).
  const x1 = xOf(Math.max(first, last) + 1);
  if (row.kind === "list") return { kind: "summary", x0, x1 };
  const progress = Math.min(100, Math.max(0, Number.isFinite(row.progress) ? row.progress : 0));
  return { kind: "bar", x0, x1, progressX: x0 + ((x1 - x0) * progress) / 100 };
}

function endsOf(shape: RowShape): { left: number; right: number } {
  if (shape.kind === "milestone") return { left: shape.cx - SIZES.milestoneHalf, right: shape.cx + SIZES.milestoneHalf };
  return { left: shape.x0, right: shape.x1 };
}

/**
 * The elbow of a link: out of the source's end (right for finish-to-*, left for start-to-*), into the
 * target's start from the left or its end from the right. When the target's side lies behind the exit
 * point, the line goes back along the edge between the two rows so it never crosses either bar.
 */
export function elbowPoints(
  from: { x: number; y: number; side: "start" | "end" },
  to: { x: number; y: number; side: "start" | "end" },
  rowEdgeY: number,
  bounds: { minX: number; maxX: number } = { minX: -Infinity, maxX: Infinity },
): { points: Array<[number, number]>; direction: 1 | -1 } {
  const gap = SIZES.linkGap;
  const out = from.side === "end" ? 1 : -1;
  const direction = to.side === "start" ? 1 : -1;
  // A bar at the very edge of the timeline leaves no room outside it: the turn stays just inside the edge
  // rather than under the grid, where the clip would hide it.
  const inside = (x: number): number => Math.min(bounds.maxX, Math.max(bounds.minX, x));
  const exitX = inside(from.x + out * gap);
  const entryX = inside(to.x - direction * gap);
  if (out !== direction) {
    // Start-to-start and finish-to-finish: both turns face the same way, so one vertical at the outer x.
    const turnX = out > 0 ? Math.max(exitX, entryX) : Math.min(exitX, entryX);
    return { points: [[from.x, from.y], [turnX, from.y], [turnX, to.y], [to.x, to.y]], direction };
  }
  if ((entryX - exitX) * direction >= 0) {
    return { points: [[from.x, from.y], [exitX, from.y], [exitX, to.y], [to.x, to.y]], direction };
  }
  return {
    points: [[from.x, from.y], [exitX, from.y], [exitX, rowEdgeY], [entryX, rowEdgeY], [entryX, to.y], [to.x, to.y]],
    direction,
  };
}

function linksOf(view: GanttExportView, shapes: Array<RowShape | null>, width: number): LinkShape[] {
  const bounds = { minX: GRID_WIDTH + EDGE_ROOM, maxX: width - EDGE_ROOM };
  // Links join tasks (and milestones); a list may share its id with a task, so lists are left out.
  const indexById = new Map<number, number>();
  view.rows.forEach((row, index) => {
    if (row.kind !== "list" && !indexById.has(row.id)) indexById.set(row.id, index);
  });
  const links: LinkShape[] = [];
  for (const link of view.links) {
    const sourceIndex = indexById.get(link.source);
    const targetIndex = indexById.get(link.target);
    if (sourceIndex === undefined || targetIndex === undefined || sourceIndex === targetIndex) continue;
    const sourceShape = shapes[sourceIndex];
    const targetShape = shapes[targetIndex];
    if (!sourceShape || !targetShape) continue;
    const fromSide = link.type === 0 || link.type === 2 ? "end" : "start";
    const toSide = link.type === 0 || link.type === 1 ? "start" : "end";
    const sourceEnds = endsOf(sourceShape);
    const targetEnds = endsOf(targetShape);
    const rowMiddle = (index: number): number => index * SIZES.rowHeight + SIZES.rowHeight / 2;
    const edgeY = targetIndex > sourceIndex ? (sourceIndex + 1) * SIZES.rowHeight : sourceIndex * SIZES.rowHeight;
    const { points, direction } = elbowPoints(
      { x: fromSide === "end" ? sourceEnds.right : sourceEnds.left, y: rowMiddle(sourceIndex), side: fromSide },
      { x: toSide === "end" ? targetEnds.right : targetEnds.left, y: rowMiddle(targetIndex), side: toSide },
      edgeY,
      bounds,
    );
    const critical = Boolean(view.rows[sourceIndex]?.critical && view.rows[targetIndex]?.critical);
    links.push({ ...link, sourceIndex, targetIndex, critical, points, direction });
  }
  return links;
}

/**
 * Lays the chart out. The range is widened to whole units of the zoom; the timeline keeps the zoom's natural
 * unit width unless that would make the drawing wider than `maxWidth`, in which case it is squeezed (the
 * scale then drops the labels that no longer fit).
 */
export function layoutGantt(view: GanttExportView, options: { maxWidth: number }): GanttLayout {
  const zoom = NATURAL_UNIT_PX[view.zoom];
  const from = requiredDay(view.from);
  const to = requiredDay(view.to);
  const rangeStart = unitStart(Math.min(from, to), zoom.unit);
  const rangeEnd = nextUnitStart(Math.max(from, to), zoom.unit);
  const days = rangeEnd - rangeStart;
  const natural = (days * zoom.px) / zoom.days;
  // Whole px, so the last unit ends exactly at the drawing's right edge.
  const timelineWidth = Math.max(1, Math.floor(Math.min(natural, options.maxWidth - GRID_WIDTH)));
  const pxPerDay = timelineWidth / days;
  const xOf = (day: number): number => GRID_WIDTH + (day - rangeStart) * pxPerDay;
  const shapes = view.rows.map((row) => shapeOf(row, xOf, pxPerDay));
  const width = GRID_WIDTH + timelineWidth;
  const today = parseDay(view.today);
  return {
    view,
    rangeStart,
    rangeEnd,
    pxPerDay,
    width,
    unit: zoom.unit,
    topCells: cellsOf(rangeStart, rangeEnd, zoom.top, "top", xOf),
    bottomCells: cellsOf(rangeStart, rangeEnd, zoom.unit, "bottom", xOf),
    shapes,
    links: linksOf(view, shapes, width),
    todayX: today !== null && today >= rangeStart && today < rangeEnd ? xOf(today) + pxPerDay / 2 : null,
  };
}
