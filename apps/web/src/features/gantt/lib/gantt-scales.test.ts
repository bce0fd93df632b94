import { describe, expect, it } from "vitest";
import { chartRange, scaleRows } from "./gantt-scales.js";
import { dateToDay, dayToDate } from "./gantt-chart.js";

describe("the time scale", () => {
  it("marks the lower row's cell that holds today, at every zoom", () => {
    const marked = (zoom: "day" | "week" | "month" | "quarter", cellStart: string) => scaleRows(zoom, "2026-11-24").at(-1)?.css?.(dayToDate(cellStart));
    expect([marked("day", "2026-11-24"), marked("day", "2026-11-23")]).toEqual(["pl-gantt-now", ""]);
    expect([marked("week", "2026-11-22"), marked("week", "2026-11-29")]).toEqual(["pl-gantt-now", ""]);
    expect([marked("month", "2026-11-01"), marked("month", "2026-10-01")]).toEqual(["pl-gantt-now", ""]);
    expect([marked("quarter", "2026-10-01"), marked("quarter", "2026-07-01")]).toEqual(["pl-gantt-now", ""]);
    // The upper row is left as it is.
    expect(scaleRows("day", "2026-11-24")[0]?.css).toBeUndefined();
  });

  it("leaves room around the work, and shows today even when the work is elsewhere", () => {
    const range = chartRange({ start: "2026-03-02", end: "2026-03-20" }, "day", "2026-11-24");
    expect([dateToDay(range.start), dateToDay(range.end)]).toEqual(["2026-02-23", "2026-12-01"]);
  });
});
