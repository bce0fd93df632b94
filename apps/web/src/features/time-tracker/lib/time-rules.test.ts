import type { Task } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { canTrackTime, customTimeProblems, typedTimeBody } from "./time-rules.js";

const person = (id: number) => ({ id, display_name: `User ${id}`, email: `u${id}@example.test`, avatar_url: null, manage_pm: false });
const task = (status: number, assigneeIds: number[]): Pick<Task, "status" | "assignees"> => ({ status, assignees: { data: assigneeIds.map(person) } });

describe("canTrackTime", () => {
  it("lets an assignee log time on an incomplete or pending task", () => {
    expect(canTrackTime(task(0, [3, 4]), 4)).toBe(true);
    expect(canTrackTime(task(2, [4]), 4)).toBe(true);
  });

  it("refuses someone not assigned, and everyone once the task is complete", () => {
    expect(canTrackTime(task(0, [3]), 4)).toBe(false);
    expect(canTrackTime(task(0, []), 4)).toBe(false);
    expect(canTrackTime(task(1, [4]), 4)).toBe(false);
  });
});

describe("customTimeProblems", () => {
  it("accepts 1 minute to 24 hours, an empty field counting as 0", () => {
    expect(customTimeProblems({ hour: 0, minute: 1 })).toEqual({});
    expect(customTimeProblems({ hour: "", minute: 30 })).toEqual({});
    expect(customTimeProblems({ hour: 2, minute: "" })).toEqual({});
    expect(customTimeProblems({ hour: 23, minute: 59 })).toEqual({});
    expect(customTimeProblems({ hour: 24, minute: 0 })).toEqual({});
  });

  it("asks for at least a minute", () => {
    expect(customTimeProblems({ hour: 0, minute: 0 })).toEqual({ minute: "time_tracker.problem_too_short" });
    expect(customTimeProblems({ hour: "", minute: "" })).toEqual({ minute: "time_tracker.problem_too_short" });
  });

  it("refuses more than 24 hours", () => {
    expect(customTimeProblems({ hour: 24, minute: 1 })).toEqual({ hour: "time_tracker.problem_too_long" });
  });

  it("names the field holding a number out of range, negative or not whole", () => {
    expect(customTimeProblems({ hour: 25, minute: 0 })).toEqual({ hour: "time_tracker.problem_hours" });
    expect(customTimeProblems({ hour: -1, minute: 30 })).toEqual({ hour: "time_tracker.problem_hours" });
    expect(customTimeProblems({ hour: 1.5, minute: 0 })).toEqual({ hour: "time_tracker.problem_hours" });
    expect(customTimeProblems({ hour: 1, minute: 60 })).toEqual({ minute: "time_tracker.problem_minutes" });
    expect(customTimeProblems({ hour: 1, minute: -5 })).toEqual({ minute: "time_tracker.problem_minutes" });
    expect(customTimeProblems({ hour: "x", minute: 61 })).toEqual({ hour: "time_tracker.problem_hours", minute: "time_tracker.problem_minutes" });
  });
});

describe("typedTimeBody", () => {
  it("sends empty fields as 0", () => {
    expect(typedTimeBody({ hour: "", minute: 15 })).toEqual({ hour: 0, minute: 15 });
    expect(typedTimeBody({ hour: 3, minute: "" })).toEqual({ hour: 3, minute: 0 });
  });
});
