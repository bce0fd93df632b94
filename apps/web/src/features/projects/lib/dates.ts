/** Formatting of what the server sends: dates as the documents show them, and rich text as plain text. */
import { dateOf, type DateObject, type OptionalDateObject } from "@plotline/contracts";
import dayjs from "dayjs";
import i18next from "i18next";

/** A server date and time shown in the catalogue's format ("Mar 4, 2025 2:05 PM"). */
export function formatDateTime(value: DateObject | null | undefined): string {
  if (!value) return "";
  return dayjs(value.datetime).format(i18next.t("dates.datetime"));
}

/** A server date shown as the documents show dates (MM/DD/YYYY); "" for an unset one. */
export function formatDate(value: OptionalDateObject | null | undefined): string {
  const day = dateOf(value);
  if (day === null) return "";
  return dayjs(day).format(i18next.t("dates.date"));
}

/** Today as YYYY-MM-DD in the browser's calendar, to compare with dates the server sends. */
export function todayString(): string {
  return dayjs().format("YYYY-MM-DD");
}

/** Plain text of server HTML, for excerpts; the HTML is parsed, never inserted. */
export function htmlToText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Whether editor HTML holds nothing worth sending: no text, no mention, no image. */
export function isBlankHtml(html: string): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(html, "text/html");
  if (doc.querySelector('img, span[data-type="mention"], hr')) return false;
  return (doc.body.textContent ?? "").trim() === "";
}
