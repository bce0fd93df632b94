import { describe, expect, it } from "vitest";
import { EMPTY_SELECTION, keepShown, neighbourRow, selectRange, toggleTask } from "./task-selection.js";

const rows = [11, 12, 13, 14, 15];

describe("selecting tasks", () => {
  it("picks and drops one task, which becomes the start of a range", () => {
    const picked = toggleTask(EMPTY_SELECTION, 12);
    expect(picked).toEqual({ ids: [12], anchor: 12 });
    expect(toggleTask(picked, 12)).toEqual({ ids: [], anchor: 12 });
  });

  it("selects a range from the anchor, downwards or upwards, keeping other picks", () => {
    const start = toggleTask(toggleTask(EMPTY_SELECTION, 15), 12);
    expect(selectRange(start, rows, 14).ids).toEqual([15, 12, 13, 14]);
    expect(selectRange(toggleTask(EMPTY_SELECTION, 14), rows, 11)).toEqual({ ids: [11, 12, 13, 14], anchor: 14 });
  });

  it("starts a range at the clicked row when there is no anchor on the page", () => {
    expect(selectRange(EMPTY_SELECTION, rows, 13)).toEqual({ ids: [13], anchor: 13 });
    expect(selectRange({ ids: [99], anchor: 99 }, rows, 13)).toEqual({ ids: [99, 13], anchor: 13 });
  });

  it("ignores a click on a row that is not on the page", () => {
    const start = toggleTask(EMPTY_SELECTION, 12);
    expect(selectRange(start, rows, 42)).toBe(start);
  });

  it("forgets tasks that left the page, and keeps the same object when none did", () => {
    const start = { ids: [12, 14], anchor: 14 };
    expect(keepShown(start, rows)).toBe(start);
    expect(keepShown(start, [11, 12, 13])).toEqual({ ids: [12], anchor: null });
  });
});

describe("moving through rows", () => {
  it("goes to the next and previous row and stops at the ends", () => {
    expect(neighbourRow(rows, 12, 1)).toBe(13);
    expect(neighbourRow(rows, 12, -1)).toBe(11);
    expect(neighbourRow(rows, 15, 1)).toBe(15);
    expect(neighbourRow(rows, 11, -1)).toBe(11);
  });

  it("starts from the first row going down and the last going up", () => {
    expect(neighbourRow(rows, null, 1)).toBe(11);
    expect(neighbourRow(rows, null, -1)).toBe(15);
    expect(neighbourRow(rows, 99, 1)).toBe(11);
    expect(neighbourRow([], null, 1)).toBeNull();
  });
});
