import { describe, expect, it } from "vitest";
import "./messages.js";
import { calendarEventState, calendarQuery } from "./calendar.js";

describe("calendarEventState", () => {
  const task = { type: "task" as const, start: "2026-03-01", end: "2026-03-06", due_date: "2026-03-05" };

  it("is finished for a complete task, whatever its dates", () => {
    expect(calendarEventState({ ...task, status: 1 }, "2026-04-01")).toBe("finished");
  });

  it("is running while the due date is today or later, expired after", () => {
    expect(calendarEventState({ ...task, status: 0 }, "2026-03-05")).toBe("running");
    expect(calendarEventState({ ...task, status: 2 }, "2026-03-06")).toBe("expired");
  });

  it("uses the start date when there is no due date, and calls milestones milestones", () => {
    expect(calendarEventState({ ...task, status: 0, due_date: null }, "2026-03-02")).toBe("expired");
    expect(calendarEventState({ ...task, type: "milestone", status: 0 }, "2026-03-02")).toBe("milestone");
  });
});

describe("calendarQuery", () => {
  it("reads plain days and ISO date-times as the day written", () => {
    expect(calendarQuery.parse({ start: "2026-03-01T00:00:00+02:00", end: "2026-04-01", users: "3" })).toEqual({ start: "2026-03-01", end: "2026-04-01", users: [3] });
    expect(calendarQuery.parse({ start: "2026-03-01", end: "2026-03-02", project_id: "0", users: ["0", "4", "4"] })).toEqual({ start: "2026-03-01", end: "2026-03-02", users: [0, 4] });
  });

  it("refuses an end that is not after the start, and ranges beyond 400 days, naming end", () => {
    const same = calendarQuery.safeParse({ start: "2026-03-01", end: "2026-03-01" });
    expect(same.success ? [] : same.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["end", "end must be after start"]]);
    expect(calendarQuery.safeParse({ start: "2026-01-01", end: "2027-02-05" }).success).toBe(true);
    expect(calendarQuery.safeParse({ start: "2026-01-01", end: "2027-02-06" }).success).toBe(false);
  });
});
