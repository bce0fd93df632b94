/**
 * How the time tracker shows a duration: "3h 05m" for reading, "01:02:03" for a running clock, and a
 * number of hours (hours + minutes / 60, at most two decimals) where the spec shows hours as a number.
 * Durations arrive in whole seconds; every screen of the feature formats them here.
 */
import { hoursOf, splitSeconds } from "@plotline/contracts";
import i18next from "i18next";

const pad = (value: number) => String(value).padStart(2, "0");

/** "3h 05m", "45m", "<1m" for a few seconds, "0m" for none. */
export function formatDuration(seconds: number): string {
  const { hour, minute } = splitSeconds(seconds);
  if (hour === 0 && minute === 0 && seconds >= 1) return i18next.t("time_tracker.duration_under_minute");
  if (hour === 0) return i18next.t("time_tracker.duration_minutes", { minutes: minute });
  return i18next.t("time_tracker.duration", { hours: hour, minutes: pad(minute) });
}

/** A running clock: "00:04:09", "10:00:00"; the hours grow past two digits when they must. */
export function formatClock(seconds: number): string {
  const { hour, minute, second } = splitSeconds(seconds);
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The spec's time value: hours + minutes / 60 rounded to two decimals, in the reader's number format ("3.08"). */
export function formatHoursNumber(seconds: number): string {
  return new Intl.NumberFormat(i18next.language || "en", { maximumFractionDigits: 2 }).format(hoursOf(seconds));
}

/** The time value with its unit: "3.08 h". */
export function formatHours(seconds: number): string {
  return i18next.t("time_tracker.hours_value", { hours: formatHoursNumber(seconds) });
}

/**
 * How far this device's clock is ahead of the server's, in milliseconds, judged from a running log's
 * answer: the server counted `total` seconds from `start` at the moment the answer arrived
 * (`receivedAt`). A gap under `tolerance` is the answer's travel time and the rounding of `total`, and
 * counts as none, so every device with a set clock shows the very same seconds; a larger gap is a clock
 * that is off, and the clock shown follows the server's instead.
 */
export function clockOffset(log: { start: string; total: number }, receivedAt: number, tolerance = 5000): number {
  const started = Date.parse(log.start);
  if (Number.isNaN(started)) return 0;
  const gap = receivedAt - (started + log.total * 1000);
  return Math.abs(gap) < tolerance ? 0 : gap;
}

/** Whole seconds a timer started at `start` has run at `now` (ms), on a clock `offset` ms ahead of the server's. */
export function elapsedSeconds(start: string, now: number, offset = 0): number {
  const started = Date.parse(start);
  if (Number.isNaN(started)) return 0;
  return Math.max(0, Math.floor((now - offset - started) / 1000));
}
