/** The time zones the account page offers, with their offset now, for a searchable list. */

/** One choice of the time-zone list. */
export interface TimeZoneOption {
  /** The IANA name, as stored. */
  value: string;
  /** What the list shows and searches: "America/New York (UTC−05:00)". */
  label: string;
}

/** The zone's offset from UTC at `now`, written "UTC+05:30" ("UTC" for none), or "" if the runtime cannot say. */
export function utcOffsetLabel(zone: string, now: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(now)
      .find((item) => item.type === "timeZoneName");
    if (!part) return "";
    // "GMT+05:30"; UTC itself is "GMT" in some engines and "GMT+00:00" in others. The minus is the
    // typographic one, easier to read in a list.
    const offset = part.value.replace("GMT", "UTC").replace("-", "−");
    return offset === "UTC+00:00" ? "UTC" : offset;
  } catch {
    return "";
  }
}

/** A zone as the list shows it: underscores as spaces, and its current offset. */
export function timeZoneLabel(zone: string, now: Date = new Date()): string {
  const offset = utcOffsetLabel(zone, now);
  const name = zone.replaceAll("_", " ");
  return offset ? `${name} (${offset})` : name;
}

/**
 * Every zone the browser knows, by name, with UTC (which browsers leave out of their list) and the zones in
 * `keep` (a saved name the browser spells another way) so that a saved choice always shows.
 */
export function timeZoneOptions(keep: readonly string[] = [], now: Date = new Date()): TimeZoneOption[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const names = [...new Set([...known, "UTC", ...keep.filter(Boolean)])].sort((a, b) => a.localeCompare(b));
  return names.map((zone) => ({ value: zone, label: timeZoneLabel(zone, now) }));
}
