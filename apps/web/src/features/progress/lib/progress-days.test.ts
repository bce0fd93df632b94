import type { Activity, ProgressDay } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { formatProgressDay, mergeProgressDays, progressPageOf } from "./progress-days.js";

const entry = (id: number) => ({ id }) as Activity;
const day = (date: string, ids: number[]): ProgressDay => ({ id: Number(date.replaceAll("-", "")), date, activities: ids.map(entry) });

describe("mergeProgressDays", () => {
  it("joins a day cut by a page break and keeps the order of days and entries", () => {
    const merged = mergeProgressDays([
      [day("2026-03-03", [1, 2]), day("2026-03-02", [3])],
      [day("2026-03-02", [4, 5]), day("2026-03-01", [6])],
    ]);
    expect(merged.map((item) => [item.date, item.activities.map((activity) => activity.id)])).toEqual([
      ["2026-03-03", [1, 2]],
      ["2026-03-02", [3, 4, 5]],
      ["2026-03-01", [6]],
    ]);
  });

  it("gives nothing for no pages", () => {
    expect(mergeProgressDays([])).toEqual([]);
  });
});

describe("formatProgressDay", () => {
  it("writes MMM DD YYYY", () => {
    expect(formatProgressDay("2026-03-03")).toBe("Mar 03 2026");
    expect(formatProgressDay("2026-11-25")).toBe("Nov 25 2026");
  });
});

describe("progressPageOf", () => {
  it("reads a page number, 1 for anything else", () => {
    expect(progressPageOf("3")).toBe(3);
    expect(progressPageOf(undefined)).toBe(1);
    expect(progressPageOf("0")).toBe(1);
    expect(progressPageOf("x")).toBe(1);
  });
});
