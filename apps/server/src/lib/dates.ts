import type { DateObject, EmptyDateObject, OptionalDateObject } from "@plotline/contracts";

/**
 * Dates are stored as UTC text (`YYYY-MM-DD HH:MM:SS`) or calendar dates (`YYYY-MM-DD`); the API sends
 * them as date objects in the site's time zone.
 */

/** The current moment as stored: UTC `YYYY-MM-DD HH:MM:SS`. */
export function nowUtc(now: Date = new Date()): string {
  return toStoredTimestamp(now);
}

/** A JS date as stored. */
export function toStoredTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** A stored timestamp plus some seconds, as stored. */
export function addSeconds(stored: string, seconds: number): string {
  return toStoredTimestamp(new Date(parseStored(stored).getTime() + seconds * 1000));
}

/** Reads a stored timestamp or calendar date as a JS date (UTC). */
export function parseStored(stored: string): Date {
  return new Date(stored.length === 10 ? `${stored}T00:00:00Z` : `${stored.replace(" ", "T")}Z`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * The documents' date object for a stored value, or null for none. A calendar date (`YYYY-MM-DD`) has no
 * time of day and is not shifted between zones; a timestamp is shown in `timezone`.
 */
export function toDateObject(stored: string | null | undefined, timezone = "UTC"): DateObject | null {
  if (!stored) return null;
  const instant = parseStored(stored);
  if (Number.isNaN(instant.getTime())) return null;
  if (stored.length === 10) {
    return { date: stored, time: "00:00:00", datetime: `${stored} 00:00:00`, timezone, timestamp: instant.getTime() / 1000 };
  }
  if (timezone === "UTC") {
    // Stored values are UTC already: no zone conversion, which is most of the cost on large lists.
    return { date: stored.slice(0, 10), time: stored.slice(11, 19), datetime: stored, timezone, timestamp: Math.floor(instant.getTime() / 1000) };
  }
  const parts = Object.fromEntries(formatterFor(timezone).formatToParts(instant).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return { date, time, datetime: `${date} ${time}`, timezone, timestamp: Math.floor(instant.getTime() / 1000) };
}

/** No date, as the original sent it: the date object with null fields, so clients reading `.date` get null. */
export function emptyDateObject(timezone = "UTC"): EmptyDateObject {
  return { date: null, time: null, datetime: null, timezone, timestamp: null };
}

/** The date object of a value that may be unset (start, due and achieve dates): the empty one for none. */
export function toOptionalDateObject(stored: string | null | undefined, timezone = "UTC"): OptionalDateObject {
  return toDateObject(stored, timezone) ?? emptyDateObject(timezone);
}

/** The date object of a value that is always set (created_at, updated_at). */
export function toRequiredDateObject(stored: string, timezone = "UTC"): DateObject {
  const value = toDateObject(stored, timezone);
  if (!value) throw new Error(`Stored date "${stored}" cannot be read`);
  return value;
}

/** The moment a calendar day starts in a time zone, as a stored UTC timestamp. */
export function startOfDayUtc(date: string, timezone: string): string {
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const local = toDateObject(toStoredTimestamp(new Date(instant)), timezone);
    return local ? Date.parse(`${local.datetime.replace(" ", "T")}Z`) - instant : 0;
  };
  const first = midnightAsUtc - offsetAt(midnightAsUtc);
  // A second look settles days on which the zone's offset changes.
  const settled = midnightAsUtc - offsetAt(first);
  return toStoredTimestamp(new Date(settled));
}

/** The last second of a calendar day in a time zone, as a stored UTC timestamp. */
export function endOfDayUtc(date: string, timezone: string): string {
  const nextDay = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return toStoredTimestamp(new Date(Date.parse(`${startOfDayUtc(nextDay, timezone).replace(" ", "T")}Z`) - 1000));
}
