import { DATE_FORMATS, DEFAULT_PREFERENCES, type DateObject } from "@plotline/contracts";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import {
  browserTimeZone,
  dateInputFormat,
  formatAgo,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatDue,
  formatShortDate,
  formatWeekday,
  isOverdue,
  setDatePreferences,
  todayString,
  toDayString,
  type DatePreferences,
} from "./dates.js";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => setDatePreferences(null));

const prefs = (changes: Partial<DatePreferences> = {}): DatePreferences => ({ ...DEFAULT_PREFERENCES, time_zone: "UTC", ...changes });

/** A date object of the API for a UTC moment (its `datetime` in UTC, as the site's zone would be). */
function moment(iso: string): DateObject {
  const date = new Date(iso);
  const text = date.toISOString().slice(0, 19).replace("T", " ");
  return { date: text.slice(0, 10), time: text.slice(11), datetime: text, timezone: "UTC", timestamp: Math.floor(date.getTime() / 1000) };
}

describe("formatDate", () => {
  it("writes a day in each of the formats a user may choose", () => {
    const written = DATE_FORMATS.map((date_format) => formatDate("2026-03-04", { preferences: prefs({ date_format }) }));
    expect(written).toEqual(["03/04/2026", "04/03/2026", "2026-03-04", "04.03.2026", "Mar 4, 2026"]);
  });

  it("uses the documents' MM/DD/YYYY until the user chooses, and the chosen format after", () => {
    expect(formatDate("2026-12-31")).toBe("12/31/2026");
    setDatePreferences(prefs({ date_format: "DD.MM.YYYY" }));
    expect(formatDate({ date: "2026-12-31" })).toBe("31.12.2026");
    expect(dateInputFormat()).toBe("DD.MM.YYYY");
  });

  it("never moves a calendar day, whatever the time zone", () => {
    for (const time_zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles", ""]) {
      expect(formatDate("2026-01-01", { preferences: prefs({ date_format: "YYYY-MM-DD", time_zone }) })).toBe("2026-01-01");
    }
  });

  it("answers empty text for no date, an empty date object and nonsense", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate({ date: null })).toBe("");
    expect(formatDate("soon")).toBe("");
  });

  it("takes the day of a full ISO timestamp (license dates)", () => {
    expect(formatDate("2026-11-21T19:32:23.179Z")).toBe("11/21/2026");
  });

  it("writes short days and week heads in the chosen format's order", () => {
    expect(formatShortDate("2026-03-04")).toBe("3/4");
    expect(formatShortDate("2026-03-04", { preferences: prefs({ date_format: "DD.MM.YYYY" }) })).toBe("4.3.");
    expect(formatWeekday("2026-03-04", { preferences: prefs({ date_format: "DD/MM/YYYY" }) })).toBe("Wed 4/3");
    expect(formatWeekday("2026-03-04", { preferences: prefs({ date_format: "MMM D, YYYY" }) })).toBe("Wed Mar 4");
  });

  it("writes a week as a heading", () => {
    expect(formatDayRange("2026-03-01", "2026-03-07")).toBe("Mar 1 – 7, 2026");
    expect(formatDayRange("2026-03-29", "2026-04-04")).toBe("Mar 29 – Apr 4, 2026");
    expect(formatDayRange("2026-12-27", "2027-01-02")).toBe("Dec 27, 2026 – Jan 2, 2027");
  });

  it("turns what a date picker gives into the API's day", () => {
    expect(toDayString("2026-03-04")).toBe("2026-03-04");
    expect(toDayString("2026-03-04 00:00:00")).toBe("2026-03-04");
    expect(toDayString(new Date(2026, 2, 4))).toBe("2026-03-04");
    expect(toDayString(null)).toBeNull();
    expect(toDayString("")).toBeNull();
  });
});

describe("formatDateTime", () => {
  it("shows a moment in the user's time zone, in the chosen date format", () => {
    const created = moment("2026-11-24T23:30:00Z");
    expect(formatDateTime(created, { preferences: prefs() })).toBe("11/24/2026 11:30 PM");
    expect(formatDateTime(created, { preferences: prefs({ time_zone: "Europe/Berlin", date_format: "DD.MM.YYYY" }) })).toBe("25.11.2026 12:30 AM");
    expect(formatDateTime(created, { preferences: prefs({ time_zone: "America/Los_Angeles", date_format: "YYYY-MM-DD" }) })).toBe("2026-11-24 3:30 PM");
    expect(formatDateTime(created, { preferences: prefs({ time_zone: "Asia/Kolkata" }) })).toBe("11/25/2026 5:00 AM");
  });

  it("reads the instant from the timestamp, not from the site's local datetime", () => {
    const inNewYork: DateObject = { date: "2026-11-24", time: "18:30:00", datetime: "2026-11-24 18:30:00", timezone: "America/New_York", timestamp: Date.UTC(2026, 10, 24, 23, 30) / 1000 };
    expect(formatDateTime(inNewYork, { preferences: prefs({ time_zone: "UTC" }) })).toBe("11/24/2026 11:30 PM");
  });

  it("reads a stored UTC timestamp too (tokens)", () => {
    expect(formatDateTime("2026-11-24 08:05:00", { preferences: prefs({ time_zone: "Europe/Berlin" }) })).toBe("11/24/2026 9:05 AM");
  });

  it("falls back to the browser's zone when none is chosen", () => {
    const created = moment("2026-06-01T12:00:00Z");
    expect(formatDateTime(created, { preferences: prefs({ time_zone: "" }) })).toBe(formatDateTime(created, { preferences: prefs({ time_zone: browserTimeZone() }) }));
  });

  it("jumps over the hour skipped when daylight saving time starts", () => {
    const berlin = prefs({ time_zone: "Europe/Berlin", date_format: "YYYY-MM-DD" });
    expect(formatDateTime(moment("2026-03-29T00:59:00Z"), { preferences: berlin })).toBe("2026-03-29 1:59 AM");
    expect(formatDateTime(moment("2026-03-29T01:00:00Z"), { preferences: berlin })).toBe("2026-03-29 3:00 AM");
  });

  it("shows the repeated hour twice when daylight saving time ends", () => {
    const newYork = prefs({ time_zone: "America/New_York" });
    expect(formatDateTime(moment("2026-11-01T05:30:00Z"), { preferences: newYork })).toBe("11/01/2026 1:30 AM");
    expect(formatDateTime(moment("2026-11-01T06:30:00Z"), { preferences: newYork })).toBe("11/01/2026 1:30 AM");
    expect(formatDateTime(moment("2026-11-01T07:30:00Z"), { preferences: newYork })).toBe("11/01/2026 2:30 AM");
  });

  it("answers empty text for no moment", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
  });
});

describe("todayString", () => {
  it("is today in the user's zone, which may be tomorrow or yesterday in UTC", () => {
    const now = new Date("2026-11-24T23:30:00Z");
    expect(todayString({ preferences: prefs(), now })).toBe("2026-11-24");
    expect(todayString({ preferences: prefs({ time_zone: "Europe/Berlin" }), now })).toBe("2026-11-25");
    expect(todayString({ preferences: prefs({ time_zone: "Pacific/Pago_Pago" }), now: new Date("2026-11-25T05:00:00Z") })).toBe("2026-11-24");
  });
});

describe("formatDue", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const due = (day: string | null, status: number | null = 0, changes: Partial<DatePreferences> = {}) => formatDue(day, status, { preferences: prefs(changes), now });

  it("says today, tomorrow and in a few days, up to a week ahead", () => {
    expect(due("2026-11-24")?.label).toBe("Today");
    expect(due("2026-11-25")?.label).toBe("Tomorrow");
    expect(due("2026-11-27")?.label).toBe("In 3 days");
    expect(due("2026-12-01")?.label).toBe("In 7 days");
    expect(due("2026-12-02")).toEqual({ label: "12/02/2026", exact: "12/02/2026", isRelative: false, isOverdue: false });
  });

  it("says how late an open task is, up to a week, then the date", () => {
    expect(due("2026-11-23")).toEqual({ label: "1 day late", exact: "11/23/2026", isRelative: true, isOverdue: true });
    expect(due("2026-11-21")?.label).toBe("3 days late");
    expect(due("2026-11-21", 2)?.label).toBe("3 days late");
    expect(due("2026-11-10")).toEqual({ label: "11/10/2026", exact: "11/10/2026", isRelative: false, isOverdue: true });
  });

  it("says yesterday and days ago for a completed task, or when the status is not known", () => {
    expect(due("2026-11-23", 1)).toMatchObject({ label: "Yesterday", isOverdue: false });
    expect(due("2026-11-21", 1)?.label).toBe("3 days ago");
    expect(due("2026-11-21", null)).toMatchObject({ label: "3 days ago", isOverdue: false });
  });

  it("keeps the exact date in the chosen format beside the words", () => {
    expect(due("2026-11-25", 0, { date_format: "MMM D, YYYY" })).toEqual({ label: "Tomorrow", exact: "Nov 25, 2026", isRelative: true, isOverdue: false });
  });

  it("shows the plain date when the user turned relative dates off, and still knows it is late", () => {
    expect(due("2026-11-25", 0, { relative_dates: false })).toEqual({ label: "11/25/2026", exact: "11/25/2026", isRelative: false, isOverdue: false });
    expect(due("2026-11-23", 0, { relative_dates: false, date_format: "DD.MM.YYYY" })).toMatchObject({ label: "23.11.2026", isOverdue: true });
  });

  it("counts days in the user's zone: late in the evening in Berlin, tomorrow is already today", () => {
    const evening = new Date("2026-11-24T23:30:00Z");
    expect(formatDue("2026-11-25", 0, { preferences: prefs({ time_zone: "Europe/Berlin" }), now: evening })?.label).toBe("Today");
    expect(formatDue("2026-11-25", 0, { preferences: prefs({ time_zone: "America/Los_Angeles" }), now: evening })?.label).toBe("Tomorrow");
    expect(formatDue("2026-11-24", 0, { preferences: prefs({ time_zone: "Europe/Berlin" }), now: evening })?.label).toBe("1 day late");
  });

  it("counts calendar days across a daylight saving change, whose day has 23 or 25 hours", () => {
    const beforeSpring = new Date("2026-03-28T22:30:00Z"); // 23:30 in Berlin, the night before clocks go forward
    expect(formatDue("2026-03-30", 0, { preferences: prefs({ time_zone: "Europe/Berlin" }), now: beforeSpring })?.label).toBe("In 2 days");
    const afterAutumn = new Date("2026-10-31T23:30:00Z"); // 00:30 on 1 November in Berlin: the week since 25 October held the 25-hour day
    expect(formatDue("2026-10-25", 0, { preferences: prefs({ time_zone: "Europe/Berlin" }), now: afterAutumn })?.label).toBe("7 days late");
    const newYorkNight = new Date("2026-11-01T04:30:00Z"); // 00:30 EDT on the day clocks go back
    expect(formatDue("2026-11-02", 0, { preferences: prefs({ time_zone: "America/New_York" }), now: newYorkNight })?.label).toBe("Tomorrow");
  });

  it("answers null for no due date", () => {
    expect(due(null)).toBeNull();
    expect(formatDue({ date: null }, 0)).toBeNull();
  });

  it("tells whether a task is overdue", () => {
    expect(isOverdue({ status: 0, due_date: { date: "2026-11-23" } }, { preferences: prefs(), now })).toBe(true);
    expect(isOverdue({ status: 1, due_date: { date: "2026-11-23" } }, { preferences: prefs(), now })).toBe(false);
    expect(isOverdue({ status: 0, due_date: { date: null } }, { preferences: prefs(), now })).toBe(false);
  });
});

describe("formatAgo", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const ago = (iso: string, time_zone = "UTC") => formatAgo(moment(iso), { preferences: prefs({ time_zone }), now });

  it("says minutes and hours, then yesterday and days, then the date", () => {
    expect(ago("2026-11-24T11:59:40Z")).toBe("Just now");
    expect(ago("2026-11-24T11:59:00Z")).toBe("1 minute ago");
    expect(ago("2026-11-24T11:15:00Z")).toBe("45 minutes ago");
    expect(ago("2026-11-24T07:00:00Z")).toBe("5 hours ago");
    expect(ago("2026-11-23T10:00:00Z")).toBe("Yesterday");
    expect(ago("2026-11-20T10:00:00Z")).toBe("4 days ago");
    expect(ago("2026-11-01T10:00:00Z")).toBe("11/01/2026");
  });

  it("counts a moment from last evening as yesterday in the user's zone", () => {
    // 13 hours ago is yesterday evening in UTC but still today in Tokyo (UTC+9).
    expect(ago("2026-11-23T23:00:00Z")).toBe("Yesterday");
    expect(ago("2026-11-23T23:00:00Z", "Asia/Tokyo")).toBe("13 hours ago");
  });
});
