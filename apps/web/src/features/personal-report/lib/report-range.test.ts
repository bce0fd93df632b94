import { describe, expect, it } from "vitest";
import { presetRange, rangeFromParams } from "./report-range.js";

describe("personal report ranges", () => {
  it("counts each preset from today", () => {
    const today = "2026-03-15";
    expect(presetRange("today", today)).toEqual({ start: "2026-03-15", end: "2026-03-15" });
    expect(presetRange("yesterday", today)).toEqual({ start: "2026-03-14", end: "2026-03-14" });
    expect(presetRange("last_7_days", today)).toEqual({ start: "2026-03-09", end: "2026-03-15" });
    expect(presetRange("last_30_days", today)).toEqual({ start: "2026-02-14", end: "2026-03-15" });
    expect(presetRange("this_month", today)).toEqual({ start: "2026-03-01", end: "2026-03-15" });
    expect(presetRange("last_month", today)).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(presetRange("last_month", "2026-01-10")).toEqual({ start: "2025-12-01", end: "2025-12-31" });
  });

  it("reads the address, falling back to this month", () => {
    expect(rangeFromParams("2026-03-02", "2026-03-09", "2026-03-15")).toEqual({ start: "2026-03-02", end: "2026-03-09" });
    expect(rangeFromParams("2026-03-02", null, "2026-03-15")).toEqual({ start: "2026-03-02", end: "2026-03-02" });
    expect(rangeFromParams("2026-03-09", "2026-03-02", "2026-03-15")).toEqual({ start: "2026-03-09", end: "2026-03-09" });
    expect(rangeFromParams("03/02/2026", null, "2026-03-15")).toEqual({ start: "2026-03-01", end: "2026-03-15" });
    expect(rangeFromParams("2026-02-30", null, "2026-03-15")).toEqual({ start: "2026-03-01", end: "2026-03-15" });
  });
});
