import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { sprintsEn } from "../i18n/en.js";
import { daysBetween, formatMinutes, hoursOfMinutes, percentOf, sprintProgress, sprintTiming } from "./sprint-figures.js";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: sprintsEn } }, interpolation: { escapeValue: false } });
});

const day = (date: string) => ({ date: `${date} 00:00:00` });

describe("progress", () => {
  it("is a whole percentage, 0 when there is nothing to do, never past 100", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
  });

  it("is worked out by count and by estimation apart", () => {
    expect(sprintProgress({ tasks: { total: 4, complete: 1 }, estimation: { total: 600, complete: 450 } })).toEqual({ byCount: 25, byEstimation: 75 });
  });
});

describe("formatMinutes", () => {
  it("writes hours and two-digit minutes, hours alone, or minutes alone", () => {
    expect(formatMinutes(210)).toBe("3h 30m");
    expect(formatMinutes(65)).toBe("1h 05m");
    expect(formatMinutes(120)).toBe("2h");
    expect(formatMinutes(45)).toBe("45m");
    expect(formatMinutes(0)).toBe("0h");
  });

  it("gives the burndown hours with one decimal", () => {
    expect(hoursOfMinutes(90)).toBe(1.5);
    expect(hoursOfMinutes(100)).toBe(1.7);
    expect(hoursOfMinutes(0)).toBe(0);
  });
});

describe("sprintTiming", () => {
  const sprint = (status: "planned" | "active" | "completed", completed: string | null = null) => ({
    status,
    start_at: day("2026-11-23"),
    due_date: day("2026-12-04"),
    completed_at: { date: completed === null ? null : `${completed} 17:00:00` },
  });

  it("counts the days between two calendar days", () => {
    expect(daysBetween("2026-11-23", "2026-12-04")).toBe(11);
    expect(daysBetween("2026-12-04", "2026-11-23")).toBe(-11);
  });

  it("says when a planned sprint starts, or that its start has passed", () => {
    expect(sprintTiming(sprint("planned"), "2026-11-20")).toEqual({ kind: "starts_in", days: 3 });
    expect(sprintTiming(sprint("planned"), "2026-11-23")).toEqual({ kind: "starts_today" });
    expect(sprintTiming(sprint("planned"), "2026-11-25")).toEqual({ kind: "late_start", days: 2 });
  });

  it("counts an active sprint's days left, its last day and the days over", () => {
    expect(sprintTiming(sprint("active"), "2026-11-30")).toEqual({ kind: "days_left", days: 4 });
    expect(sprintTiming(sprint("active"), "2026-12-04")).toEqual({ kind: "last_day" });
    expect(sprintTiming(sprint("active"), "2026-12-06")).toEqual({ kind: "overdue", days: 2 });
  });

  it("names the day a completed sprint ended", () => {
    expect(sprintTiming(sprint("completed", "2026-12-03"), "2026-12-20")).toEqual({ kind: "ended", day: "2026-12-03" });
  });
});
