import { describe, expect, it } from "vitest";
import { burndownRows, hasFigures, scopeChanged, summaryTable } from "./burndown-chart.js";

const day = (date: string, remaining: [number, number] | null, scope: [number, number] | null, ideal: [number, number]) => ({
  date,
  remaining_count: remaining?.[0] ?? null,
  remaining_estimation: remaining?.[1] ?? null,
  scope_count: scope?.[0] ?? null,
  scope_estimation: scope?.[1] ?? null,
  ideal_count: ideal[0],
  ideal_estimation: ideal[1],
});

const days = [
  day("2026-11-23", [4, 600], [4, 600], [4, 600]),
  day("2026-11-24", [3, 450], [5, 690], [2, 300]),
  day("2026-11-25", null, null, [0, 0]),
];

describe("burndownRows", () => {
  it("gives the count lines as the server counted them, days without figures as gaps", () => {
    expect(burndownRows(days, "count")).toEqual([
      { date: "2026-11-23", ideal: 4, remaining: 4, scope: 4 },
      { date: "2026-11-24", ideal: 2, remaining: 3, scope: 5 },
      { date: "2026-11-25", ideal: 0, remaining: null, scope: null },
    ]);
  });

  it("turns the estimation's minutes into hours with one decimal", () => {
    expect(burndownRows(days, "estimation")).toEqual([
      { date: "2026-11-23", ideal: 10, remaining: 10, scope: 10 },
      { date: "2026-11-24", ideal: 5, remaining: 7.5, scope: 11.5 },
      { date: "2026-11-25", ideal: 0, remaining: null, scope: null },
    ]);
  });
});

describe("what the chart draws", () => {
  it("has figures once a day has them (a started sprint)", () => {
    expect(hasFigures(days)).toBe(true);
    expect(hasFigures([day("2026-11-23", null, null, [0, 0])])).toBe(false);
  });

  it("draws the scope line only when the scope moved", () => {
    expect(scopeChanged(burndownRows(days, "count"))).toBe(true);
    expect(scopeChanged(burndownRows([days[0]!, day("2026-11-24", [2, 300], [4, 600], [2, 300])], "count"))).toBe(false);
  });
});

describe("summaryTable", () => {
  it("lists the report's rows in reading order with their count and minutes", () => {
    const amount = (count: number, estimation: number) => ({ count, estimation });
    const summary = {
      original: amount(4, 600),
      open_at_start: amount(4, 600),
      added: amount(1, 90),
      removed: amount(1, 60),
      completed: amount(2, 300),
      carried_over: amount(2, 330),
      remaining: amount(2, 330),
    };
    expect(summaryTable(summary)).toEqual([
      { row: "original", count: 4, estimation: 600 },
      { row: "added", count: 1, estimation: 90 },
      { row: "removed", count: 1, estimation: 60 },
      { row: "completed", count: 2, estimation: 300 },
      { row: "carried_over", count: 2, estimation: 330 },
    ]);
  });
});
