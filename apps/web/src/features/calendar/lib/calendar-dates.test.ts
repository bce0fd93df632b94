import type { CalendarEvent } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { movedTaskDates, placeInLanes, resizedTaskDates, taskUpdateBody, weekOf } from "./calendar-dates.js";


describe("calendar drags", () => {
  it("moves both dates by the same number of days, keeping the task's length", () => {
    expect(movedTaskDates({ start: "2026-03-02", start_at: "2026-03-02", due_date: "2026-03-04" }, "2026-03-09")).toEqual({ start_at: "2026-03-09", due_date: "2026-03-11" });
    expect(movedTaskDates({ start: "2026-03-31", start_at: "2026-03-31", due_date: "2026-04-02" }, "2026-02-27")).toEqual({ start_at: "2026-02-27", due_date: "2026-03-01" });
  });

  it("keeps a missing date missing on a move", () => {
    expect(movedTaskDates({ start: "2026-03-02", start_at: null, due_date: "2026-03-02" }, "2026-03-05")).toEqual({ start_at: null, due_date: "2026-03-05" });
  });

  it("takes one day off the calendar's exclusive end on a resize", () => {
    expect(resizedTaskDates({ start: "2026-03-02", start_at: "2026-03-02" }, "2026-03-06")).toEqual({ start_at: "2026-03-02", due_date: "2026-03-05" });
    // A task with a due date only gets its shown start as a start date.
    expect(resizedTaskDates({ start: "2026-03-02", start_at: null }, "2026-03-04")).toEqual({ start_at: "2026-03-02", due_date: "2026-03-03" });
  });

  it("sends [0] when nobody is assigned", () => {
    const event = { title: "T", assignees: { data: [] } } as unknown as CalendarEvent;
    expect(taskUpdateBody(event, { start_at: null, due_date: "2026-03-01" })).toEqual({ title: "T", assignees: [0], start_at: null, due_date: "2026-03-01" });
    expect(taskUpdateBody(event, { due_date: "2026-03-01" }, [4, 5]).assignees).toEqual([4, 5]);
  });
});

describe("the user view's week", () => {
  it("starts on the given first day", () => {
    expect(weekOf("2026-03-04")).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    expect(weekOf("2026-03-01", 1)[0]).toBe("2026-02-23");
  });

  it("puts overlapping events in separate lanes and clips them to the week", () => {
    const days = weekOf("2026-03-04");
    const placed = placeInLanes(
      [
        { id: 1, start: "2026-02-26", end: "2026-03-03" },
        { id: 2, start: "2026-03-02", end: "2026-03-04" },
        { id: 3, start: "2026-03-03", end: "2026-03-10" },
        { id: 4, start: "2026-03-20", end: "2026-03-21" },
      ],
      days,
    );
    expect(placed.map((p) => [p.event.id, p.column, p.span, p.lane, p.continuesBefore, p.continuesAfter])).toEqual([
      [1, 0, 2, 0, true, false],
      [2, 1, 2, 1, false, false],
      [3, 2, 5, 0, false, true],
    ]);
  });
});
