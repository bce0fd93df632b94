/**
 * The moment every journey starts at, in the browser and in the server, so that no journey depends on the
 * day it runs on. A Monday near the end of a month, when a month view shows the last week crowded and the
 * next month's first days: the layout that once broke a journey that ran only on such days.
 */
export const JOURNEY_START = new Date("2026-11-23T09:00:00Z");

/** Browsers and the server keep dates in this zone during journeys. */
export const JOURNEY_TIMEZONE = "UTC";

/** The journey's day plus `days`, as YYYY-MM-DD. */
export function journeyDay(days = 0): string {
  const day = new Date(JOURNEY_START.getTime() + days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** The seven days of the journey's week, Sunday first (as the calendar lays weeks out), as YYYY-MM-DD. */
export function journeyWeek(): string[] {
  const weekday = JOURNEY_START.getUTCDay();
  return Array.from({ length: 7 }, (_, index) => journeyDay(index - weekday));
}
