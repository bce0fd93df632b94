/**
 * Calendar arithmetic of the export on whole days. A day is counted from 1970-01-01 (UTC), so a bar's
 * x position is a linear function of its day number and no time zone or daylight-saving hour can shift it.
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The units of the time scale: the zoom's own unit and the wider one drawn above it. */
export type ScaleUnit = "day" | "week" | "month" | "quarter" | "year";

/** The day number of a YYYY-MM-DD date, or null when it is not a real calendar day. */
export function parseDay(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 02-30 over to March: only a date that comes back unchanged is a calendar day.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return Math.round(ms / DAY_MS);
}

/** YYYY-MM-DD of a day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** MM/DD/YYYY, the date format of the Gantt grid (spec: the UI shows dates as MM/DD/YYYY). */
export function usDate(day: number): string {
  const [year, month, date] = isoDay(day).split("-");
  return `${month}/${date}/${year}`;
}

function parts(day: number): { year: number; month: number; date: number; weekday: number } {
  const at = new Date(day * DAY_MS);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth(), date: at.getUTCDate(), weekday: at.getUTCDay() };
}

function dayOf(year: number, month: number, date: number): number {
  return Math.round(Date.UTC(year, month, date) / DAY_MS);
}

/** True on Saturday and Sunday. */
export function isWeekend(day: number): boolean {
  const { weekday } = parts(day);
  return weekday === 0 || weekday === 6;
}

/** The first day of the unit `day` falls in; weeks start on Monday. */
export function unitStart(day: number, unit: ScaleUnit): number {
  const { year, month, weekday } = parts(day);
  switch (unit) {
    case "day":
      return day;
    case "week":
      return day - ((weekday + 6) % 7);
    case "month":
      return dayOf(year, month, 1);
    case "quarter":
      return dayOf(year, month - (month % 3), 1);
    case "year":
      return dayOf(year, 0, 1);
  }
}

/** The first day of the unit after the one `day` falls in. */
export function nextUnitStart(day: number, unit: ScaleUnit): number {
  const start = unitStart(day, unit);
  const { year, month } = parts(start);
  switch (unit) {
    case "day":
      return start + 1;
    case "week":
      return start + 7;
    case "month":
      return dayOf(year, month + 1, 1);
    case "quarter":
      return dayOf(year, month + 3, 1);
    case "year":
      return dayOf(year + 1, 0, 1);
  }
}

/**
 * Labels for the unit starting on `day`, longest first: the scale uses the longest that fits its cell.
 */
export function unitLabels(day: number, unit: ScaleUnit, tier: "top" | "bottom"): string[] {
  const { year, month, date } = parts(day);
  const monthName = MONTHS[month] ?? "";
  const short = monthName.slice(0, 3);
  switch (unit) {
    case "day":
      return [String(date)];
    case "week":
      return [`${short} ${date}`, String(date)];
    case "month":
      return tier === "top" ? [`${monthName} ${year}`, `${short} ${year}`, short] : [monthName, short, monthName.slice(0, 1)];
    case "quarter":
      return [`Q${Math.floor(month / 3) + 1} ${year}`, `Q${Math.floor(month / 3) + 1}`];
    case "year":
      return [String(year)];
  }
}
