import { describe, expect, it } from "vitest";
import { isDay, shiftWeek, weekDays, weekFromParam, weekStart } from "./week.js";

describe("weeks of the timesheet", () => {
  it("start on the Monday of the week holding a day, Sunday included", () => {
    expect(weekStart("2026-11-24")).toBe("2026-11-23"); // a Tuesday
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // the Monday itself
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // the Sunday ends that week
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
  });

  it("list Monday to Sunday across a month and a year", () => {
    expect(weekDays("2026-12-28")).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(weekStart("2027-01-01")).toBe("2026-12-28");
  });

  it("move by whole weeks, through a leap day and a daylight-saving change", () => {
    expect(shiftWeek("2026-11-23", -1)).toBe("2026-11-16");
    expect(shiftWeek("2026-11-23", 1)).toBe("2026-11-30");
    expect(shiftWeek("2028-02-28", 1)).toBe("2028-03-06");
    expect(shiftWeek("2026-03-23", 1)).toBe("2026-03-30");
    expect(shiftWeek("2026-10-19", 2)).toBe("2026-11-02");
  });

  it("read the address's start as its week's Monday, and ignore a bad one", () => {
    expect(weekFromParam("2026-11-26")).toBe("2026-11-23");
    expect(weekFromParam("2026-11-23")).toBe("2026-11-23");
    expect(weekFromParam(null)).toBeNull();
    expect(weekFromParam("")).toBeNull();
    expect(weekFromParam("2026-02-30")).toBeNull();
    expect(weekFromParam("26-11-23")).toBeNull();
    expect(weekFromParam("2026-11-23T00:00")).toBeNull();
  });

  it("know a real day from a lookalike", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay(undefined)).toBe(false);
  });
});
