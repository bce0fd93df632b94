import dayjs from "dayjs";

/** The chart's zoom levels, from the finest. */
export const GANTT_ZOOM_LEVELS = ["day", "week", "month", "quarter"] as const;
export type GanttZoom = (typeof GANTT_ZOOM_LEVELS)[number];

/** One row of the time scale: its unit, how a cell of it reads, and the class of the cell holding today. */
export interface GanttScale {
  unit: "day" | "week" | "month" | "quarter" | "year";
  step: number;
  format: (date: Date) => string;
  css?: (date: Date) => string;
}

const quarterOf = (date: Date) => `Q${Math.floor(date.getMonth() / 3) + 1}`;

/**
 * The two scale rows and the width of one cell of the lower row at each zoom level. Bars always move by whole
 * days (`lengthUnit` day), whatever the zoom.
 */
export const GANTT_SCALES: Record<GanttZoom, { cellWidth: number; scales: GanttScale[] }> = {
  day: {
    cellWidth: 34,
    scales: [
      { unit: "month", step: 1, format: (date) => dayjs(date).format("MMMM YYYY") },
      { unit: "day", step: 1, format: (date) => dayjs(date).format("D") },
    ],
  },
  week: {
    cellWidth: 84,
    scales: [
      { unit: "month", step: 1, format: (date) => dayjs(date).format("MMMM YYYY") },
      { unit: "week", step: 1, format: (date) => dayjs(date).format("MMM D") },
    ],
  },
  month: {
    cellWidth: 96,
    scales: [
      { unit: "year", step: 1, format: (date) => dayjs(date).format("YYYY") },
      { unit: "month", step: 1, format: (date) => dayjs(date).format("MMM") },
    ],
  },
  quarter: {
    cellWidth: 120,
    scales: [
      { unit: "year", step: 1, format: (date) => dayjs(date).format("YYYY") },
      { unit: "quarter", step: 1, format: quarterOf },
    ],
  },
};

/** The days shown around the work at each zoom: a little room before the first bar and after the last. */
const MARGIN_DAYS: Record<GanttZoom, number> = { day: 7, week: 21, month: 62, quarter: 120 };

/** The chart's first and last day for work spanning `span` (today when there is none), with room around it. */
export function chartRange(span: { start: string; end: string } | null, zoom: GanttZoom, today: string): { start: Date; end: Date } {
  const first = span && span.start < today ? span.start : today;
  const last = span && span.end > today ? span.end : today;
  const margin = MARGIN_DAYS[zoom];
  return { start: dayjs(first).subtract(margin, "day").toDate(), end: dayjs(last).add(margin, "day").toDate() };
}

/** Each cell unit's span as dayjs counts it ("quarter" is three months). */
const SPANS: Record<GanttScale["unit"], { unit: "day" | "week" | "month" | "year"; count: number }> = {
  day: { unit: "day", count: 1 },
  week: { unit: "week", count: 1 },
  month: { unit: "month", count: 1 },
  quarter: { unit: "month", count: 3 },
  year: { unit: "year", count: 1 },
};

/**
 * The scale rows at `zoom`, the lower row's cell holding `today` marked `pl-gantt-now`: the chart's today
 * marker at every zoom (the day's column is also tinted at the day zoom).
 */
export function scaleRows(zoom: GanttZoom, today: string): GanttScale[] {
  const rows = GANTT_SCALES[zoom].scales;
  const lower = rows[rows.length - 1];
  if (!lower) return rows;
  const span = SPANS[lower.unit];
  const now = dayjs(today);
  const holdsToday = (date: Date) => {
    const start = dayjs(date);
    return !now.isBefore(start, "day") && now.isBefore(start.add(span.count, span.unit), "day");
  };
  return [...rows.slice(0, -1), { ...lower, css: (date: Date) => (holdsToday(date) ? "pl-gantt-now" : "") }];
}
