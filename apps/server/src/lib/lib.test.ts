import { describe, expect, it } from "vitest";
import { addSeconds, nowUtc, toDateObject } from "./dates.js";
import { pageRequest, paginationMeta } from "./pagination.js";
import { richTextToPlain, sanitizeRichText, toRichText } from "./rich-text.js";

describe("dates", () => {
  it("stores the current moment as UTC text", () => {
    expect(nowUtc(new Date("2026-03-04T05:06:07.890Z"))).toBe("2026-03-04 05:06:07");
  });

  it("adds seconds across a day boundary", () => {
    expect(addSeconds("2026-12-31 23:59:30", 45)).toBe("2027-01-01 00:00:15");
  });

  it("shows a timestamp in the site's time zone", () => {
    expect(toDateObject("2026-01-15 23:30:00", "Asia/Dhaka")).toEqual({
      date: "2026-01-16",
      time: "05:30:00",
      datetime: "2026-01-16 05:30:00",
      timezone: "Asia/Dhaka",
      timestamp: Date.UTC(2026, 0, 15, 23, 30) / 1000,
    });
  });

  it("reads UTC timestamps without conversion, matching the zone formatter", () => {
    expect(toDateObject("2026-01-15 23:30:05", "UTC")).toEqual({
      date: "2026-01-15",
      time: "23:30:05",
      datetime: "2026-01-15 23:30:05",
      timezone: "UTC",
      timestamp: Date.UTC(2026, 0, 15, 23, 30, 5) / 1000,
    });
    const viaZone = toDateObject("2026-01-15 23:30:05", "Etc/UTC");
    expect(viaZone && { ...viaZone, timezone: "UTC" }).toEqual(toDateObject("2026-01-15 23:30:05", "UTC"));
  });

  it("keeps a calendar date on its day in every zone", () => {
    expect(toDateObject("2026-07-01", "America/Los_Angeles")?.date).toBe("2026-07-01");
  });

  it("gives null for no date or a broken one", () => {
    expect(toDateObject(null)).toBeNull();
    expect(toDateObject("")).toBeNull();
    expect(toDateObject("not a date")).toBeNull();
  });
});

describe("pagination", () => {
  it("turns a page into a limit and offset", () => {
    expect(pageRequest(3, 10, 20)).toEqual({ page: 3, perPage: 10, limit: 10, offset: 20 });
    expect(pageRequest(undefined, undefined, 15)).toEqual({ page: 1, perPage: 15, limit: 15, offset: 0 });
  });

  it("reads per_page=-1 as every row on one page", () => {
    const request = pageRequest(4, -1, 15);
    expect(request).toEqual({ page: 1, perPage: -1, limit: null, offset: 0 });
    expect(paginationMeta(request, 42, 42)).toEqual({ total: 42, count: 42, per_page: 42, current_page: 1, total_pages: 1 });
  });

  it("counts pages, with at least one", () => {
    expect(paginationMeta(pageRequest(2, 10, 10), 21, 10).total_pages).toBe(3);
    expect(paginationMeta(pageRequest(1, 10, 10), 0, 0).total_pages).toBe(1);
  });
});

describe("rich text", () => {
  it("removes scripts, event handlers and javascript: links", () => {
    const clean = sanitizeRichText(`<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>`);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain("<p>Hi");
  });

  it("keeps the editor's formatting: font sizes, colours, lists, links", () => {
    const html = `<p><span style="font-size:80px;color:#ff0000">Big</span></p><ul><li>one</li></ul><a href="https://example.com">site</a>`;
    const clean = sanitizeRichText(html);
    expect(clean).toContain(`<span style="font-size:80px;color:#ff0000">Big</span>`);
    expect(clean).toContain("<ul><li>one</li></ul>");
    expect(clean).toContain(`href="https://example.com"`);
    expect(clean).toContain(`rel="noopener noreferrer"`);
  });

  it("drops styles outside the allow-list", () => {
    expect(sanitizeRichText(`<p style="position:fixed;top:0">x</p>`)).toBe("<p>x</p>");
  });

  it("gives the documents' rich-text object and plain text", () => {
    expect(toRichText("<p>a</p>")).toEqual({ html: "<p>a</p>", content: "<p>a</p>" });
    expect(richTextToPlain("<p>Hello <b>big</b>\n world</p>")).toBe("Hello big world");
  });
});
