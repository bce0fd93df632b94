import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween } from "./calendar.js";
import { addDays, GanttDateRangeError, isoWeekday, planReschedule, workingDaysIn, type GanttLinkType, type PlannedShift, type ScheduleLink, type ScheduleTask } from "./gantt.js";

const WEEKDAYS = [1, 2, 3, 4, 5];
const BASE = "2025-06-01";

/**
 * The working-day number of a day, counted the slow way (one day at a time from BASE), to hold the fast
 * arithmetic of gantt-dates.ts to: a day off counts as the working day after it (`first`), or as the one
 * before it (`last`).
 */
const counted = new Map<string, number>();

function slowNumber(day: string, workingDays: readonly number[], side: "first" | "last"): number {
  const key = `${workingDays.join("")}:${day}:${side}`;
  const known = counted.get(key);
  if (known !== undefined) return known;
  const number = countSlowly(day, workingDays, side);
  counted.set(key, number);
  return number;
}

function countSlowly(day: string, workingDays: readonly number[], side: "first" | "last"): number {
  let count = 0;
  for (let cursor = BASE; cursor < day; cursor = addDays(cursor, 1)) if (workingDays.includes(isoWeekday(cursor))) count += 1;
  const works = workingDays.includes(isoWeekday(day));
  return side === "first" || works ? count : count - 1;
}

/** Whether a link holds, read the slow way: the four rules of the issue in working days. */
function slowKept(link: ScheduleLink, source: { start: string; due: string }, target: { start: string; due: string }, workingDays: readonly number[]): boolean {
  const first = (day: string) => slowNumber(day, workingDays, "first");
  const last = (day: string) => slowNumber(day, workingDays, "last");
  const lag = link.lag ?? 0;
  switch (link.type) {
    case 0:
      return first(target.start) >= last(source.due) + 1 + lag;
    case 1:
      return first(target.start) >= first(source.start) + lag;
    case 2:
      return last(target.due) >= last(source.due) + lag;
    default:
      // The mirror of finish to start: the target's bar ends (the day after its due date) where the source starts.
      return last(target.due) + 1 >= first(source.start) + lag;
  }
}

interface Dated {
  start: string;
  due: string;
}

/** A project: tasks (some undated), links from earlier to later tasks only (so never a cycle), all kept. */
const projectArbitrary = fc
  .record({
    size: fc.integer({ min: 2, max: 14 }),
    workingDays: fc.constantFrom([1, 2, 3, 4, 5, 6, 7], WEEKDAYS, [1, 3, 5], [2, 3, 4, 5, 6]),
    seeds: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 0, max: 9 }), dated: fc.boolean() }), { minLength: 14, maxLength: 14 }),
    links: fc.array(
      fc.record({ a: fc.nat(13), b: fc.nat(13), type: fc.constantFrom<GanttLinkType>(0, 1, 2, 3), lag: fc.integer({ min: -3, max: 4 }) }),
      { maxLength: 30 },
    ),
    moved: fc.nat(13),
    delta: fc.integer({ min: -15, max: 25 }),
  })
  .map(({ size, workingDays, seeds, links, moved, delta }) => {
    const tasks: Array<{ id: number; dates: Dated | null }> = seeds.slice(0, size).map((seed, index) => ({
      id: index + 1,
      // Nine tasks in ten are dated.
      dates: seed.dated || index % 10 !== 0 ? { start: addDays("2026-01-01", seed.offset), due: addDays("2026-01-01", seed.offset + seed.length) } : null,
    }));
    const seen = new Set<string>();
    const kept: ScheduleLink[] = [];
    for (const link of links) {
      const a = (link.a % size) + 1;
      const b = (link.b % size) + 1;
      if (a === b || seen.has(`${Math.min(a, b)}:${Math.max(a, b)}`)) continue;
      seen.add(`${Math.min(a, b)}:${Math.max(a, b)}`);
      kept.push({ source: Math.min(a, b), target: Math.max(a, b), type: link.type, lag: link.lag });
    }
    // Settle: in id order (every link goes forward), push each task a day at a time until its links hold.
    for (const task of tasks) {
      if (!task.dates) continue;
      for (;;) {
        const dates: Dated = task.dates;
        const broken = kept.some((link) => {
          const source = tasks[link.source - 1]?.dates;
          return link.target === task.id && source && !slowKept(link, source, dates, workingDays);
        });
        if (!broken) break;
        task.dates = { start: addDays(dates.start, 1), due: addDays(dates.due, 1) };
      }
    }
    return { tasks, links: kept, workingDays, movedId: (moved % size) + 1, delta };
  });

function asScheduleTasks(tasks: ReadonlyArray<{ id: number; dates: Dated | null }>): ScheduleTask[] {
  return tasks.map((task) => ({ id: task.id, start: task.dates?.start ?? null, due: task.dates?.due ?? null }));
}

/** The project with the moved task shifted by `delta` days and the plan applied. */
function applyPlan(tasks: ReadonlyArray<{ id: number; dates: Dated | null }>, movedId: number, delta: number, plan: readonly PlannedShift[]): Map<number, Dated> {
  const dates = new Map<number, Dated>();
  for (const task of tasks) if (task.dates) dates.set(task.id, task.dates);
  const moved = dates.get(movedId);
  if (moved) dates.set(movedId, { start: addDays(moved.start, delta), due: addDays(moved.due, delta) });
  for (const shift of plan) dates.set(shift.id, { start: shift.newStart, due: shift.newDue });
  return dates;
}

/** Tasks reached from `from` by following links forward. */
function successors(links: readonly ScheduleLink[], from: number): Set<number> {
  const reached = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    for (const link of links) {
      if (link.source !== id || reached.has(link.target)) continue;
      reached.add(link.target);
      stack.push(link.target);
    }
  }
  return reached;
}

describe("planReschedule's properties", () => {
  it("leaves no link broken after its plan, moves only successors, only later, and keeps their lengths", () => {
    fc.assert(
      fc.property(projectArbitrary, ({ tasks, links, workingDays, movedId, delta }) => {
        const moved = tasks[movedId - 1]?.dates;
        const scheduled = asScheduleTasks(tasks).map((task) =>
          task.id === movedId && moved ? { ...task, start: addDays(moved.start, delta), due: addDays(moved.due, delta) } : task);
        const plan = planReschedule({ tasks: scheduled, links, movedTaskId: movedId, workingDays });
        const after = applyPlan(tasks, movedId, delta, plan);
        // The moved task's own predecessors are not the plan's business: only what follows it.
        for (const link of links) {
          const source = after.get(link.source);
          const target = after.get(link.target);
          if (!source || !target || link.target === movedId) continue;
          expect(slowKept(link, source, target, workingDays), JSON.stringify({ link, source, target })).toBe(true);
        }
        const reached = successors(links, movedId);
        for (const shift of plan) {
          expect(reached.has(shift.id)).toBe(true);
          expect(shift.newStart > shift.start).toBe(true);
          expect(shift.newDue >= shift.due).toBe(true);
          const length = workingDaysIn(shift.start, shift.due, workingDays);
          if (length > 0) expect(workingDaysIn(shift.newStart, shift.newDue, workingDays)).toBe(length);
          if (workingDays.length === 7) expect(daysBetween(shift.newStart, shift.newDue)).toBe(daysBetween(shift.start, shift.due));
          // A moved start lands on a working day.
          expect(workingDays).toContain(isoWeekday(shift.newStart));
        }
        expect(new Set(plan.map((shift) => shift.id)).size).toBe(plan.length);
      }),
      { numRuns: 300 },
    );
  });

  it("plans nothing when the moved task broke no link (it stayed, or moved earlier)", () => {
    fc.assert(
      fc.property(projectArbitrary, ({ tasks, links, workingDays, movedId, delta }) => {
        const moved = tasks[movedId - 1]?.dates;
        const earlier = -Math.abs(delta);
        const scheduled = asScheduleTasks(tasks).map((task) =>
          task.id === movedId && moved ? { ...task, start: addDays(moved.start, earlier), due: addDays(moved.due, earlier) } : task);
        expect(planReschedule({ tasks: asScheduleTasks(tasks), links, movedTaskId: movedId, workingDays })).toEqual([]);
        expect(planReschedule({ tasks: scheduled, links, movedTaskId: movedId, workingDays })).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("planReschedule on known cases", () => {
  const task = (id: number, start: string | null, due: string | null): ScheduleTask => ({ id, start, due });

  it("pushes a finish-to-start successor to the day after, with its lag, and its own successors after it", () => {
    const tasks = [task(1, "2026-01-03", "2026-01-06"), task(2, "2026-01-05", "2026-01-07"), task(3, "2026-01-08", "2026-01-08"), task(4, "2026-01-20", "2026-01-21")];
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 0, lag: 1 },
      { source: 2, target: 3, type: 0 },
      { source: 1, target: 4, type: 0 },
    ];
    expect(planReschedule({ tasks, links, movedTaskId: 1 })).toEqual([
      { id: 2, start: "2026-01-05", due: "2026-01-07", newStart: "2026-01-08", newDue: "2026-01-10" },
      { id: 3, start: "2026-01-08", due: "2026-01-08", newStart: "2026-01-11", newDue: "2026-01-11" },
    ]);
  });

  it("keeps start-to-start, finish-to-finish and start-to-finish links", () => {
    const tasks = [task(1, "2026-01-10", "2026-01-15"), task(2, "2026-01-05", "2026-01-06"), task(3, "2026-01-01", "2026-01-12"), task(4, "2026-01-01", "2026-01-03")];
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 1, lag: 2 },
      { source: 1, target: 3, type: 2 },
      { source: 1, target: 4, type: 3, lag: -1 },
    ];
    expect(planReschedule({ tasks, links, movedTaskId: 1 })).toEqual([
      { id: 2, start: "2026-01-05", due: "2026-01-06", newStart: "2026-01-12", newDue: "2026-01-13" },
      { id: 3, start: "2026-01-01", due: "2026-01-12", newStart: "2026-01-04", newDue: "2026-01-15" },
      { id: 4, start: "2026-01-01", due: "2026-01-03", newStart: "2026-01-06", newDue: "2026-01-08" },
    ]);
  });

  it("reads start to finish as the mirror of finish to start: due the day before the source starts, plus the lag", () => {
    // 1 starts Saturday 10 January; 2 must end by Friday 9 at the earliest (its bar ending where 1 starts).
    const tasks = [task(1, "2026-01-10", "2026-01-12"), task(2, "2026-01-05", "2026-01-08")];
    expect(planReschedule({ tasks, links: [{ source: 1, target: 2, type: 3 }], movedTaskId: 1 })).toEqual([
      { id: 2, start: "2026-01-05", due: "2026-01-08", newStart: "2026-01-06", newDue: "2026-01-09" },
    ]);
    // Due on Friday 9 already, it stays; a lag of 2 days pushes its due date to Sunday 11.
    const kept = [task(1, "2026-01-10", "2026-01-12"), task(2, "2026-01-06", "2026-01-09")];
    expect(planReschedule({ tasks: kept, links: [{ source: 1, target: 2, type: 3 }], movedTaskId: 1 })).toEqual([]);
    expect(planReschedule({ tasks: kept, links: [{ source: 1, target: 2, type: 3, lag: 2 }], movedTaskId: 1 })).toEqual([
      { id: 2, start: "2026-01-06", due: "2026-01-09", newStart: "2026-01-08", newDue: "2026-01-11" },
    ]);
  });

  it("skips weekends when only Monday to Friday work, lag and length counted in working days", () => {
    // 1 ends Friday 9 January; 2 (three working days) follows two working days later: Wednesday to Friday.
    const tasks = [task(1, "2026-01-05", "2026-01-09"), task(2, "2026-01-07", "2026-01-09")];
    const links: ScheduleLink[] = [{ source: 1, target: 2, type: 0, lag: 2 }];
    expect(planReschedule({ tasks, links, movedTaskId: 1, workingDays: WEEKDAYS })).toEqual([
      { id: 2, start: "2026-01-07", due: "2026-01-09", newStart: "2026-01-14", newDue: "2026-01-16" },
    ]);
    // Without lag it starts on Monday, not Saturday, and runs to Wednesday.
    expect(planReschedule({ tasks, links: [{ source: 1, target: 2, type: 0 }], movedTaskId: 1, workingDays: WEEKDAYS })).toEqual([
      { id: 2, start: "2026-01-07", due: "2026-01-09", newStart: "2026-01-12", newDue: "2026-01-14" },
    ]);
  });

  it("neither constrains nor moves tasks without both dates", () => {
    const tasks = [task(1, "2026-01-05", "2026-01-09"), task(2, null, "2026-01-06"), task(3, "2026-01-01", "2026-01-02")];
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 0 },
      { source: 2, target: 3, type: 0 },
    ];
    expect(planReschedule({ tasks, links, movedTaskId: 1 })).toEqual([]);
  });

  // How fast is the bench's business (scenarios/gantt.ts): here, only that the big plans come out right.
  it("moves a chain of 1,000 successors, and a 5,000-task, 5,000-link project", () => {
    const chain = Array.from({ length: 1001 }, (_, index) => task(index + 1, "2026-01-01", "2026-01-02"));
    const chainLinks = Array.from({ length: 1000 }, (_, index): ScheduleLink => ({ source: index + 1, target: index + 2, type: 0 }));
    const plan = planReschedule({ tasks: chain, links: chainLinks, movedTaskId: 1, workingDays: WEEKDAYS });
    expect(plan).toHaveLength(1000);
    expect(plan.at(-1)?.newDue).toBe(addDays("2026-01-02", 7 * 400));

    const tasks = Array.from({ length: 5000 }, (_, index) => task(index + 1, "2026-01-01", "2026-01-03"));
    // A tree: task k leads to 2k and 2k + 1 by links of every kind, and one more link across.
    const links: ScheduleLink[] = [
      ...Array.from({ length: 4999 }, (_, index): ScheduleLink => ({ source: Math.floor(index / 2) + 1, target: index + 2, type: (index % 4) as GanttLinkType, lag: 1 })),
      { source: 3, target: 5000, type: 0, lag: 3 },
    ];
    const wide = planReschedule({ tasks, links, movedTaskId: 1, workingDays: WEEKDAYS });
    expect(wide).toHaveLength(4999);
  });

  it("refuses to move a task past 9999-12-31, naming it", () => {
    const tasks = [task(1, "9999-12-01", "9999-12-31"), task(2, "9999-12-02", "9999-12-03")];
    const plan = () => planReschedule({ tasks, links: [{ source: 1, target: 2, type: 0 }], movedTaskId: 1 });
    expect(plan).toThrow(GanttDateRangeError);
    expect(plan).toThrow("task 2 past 9999-12-31");
    // A start that still fits with a due date that does not is refused too, not cut short.
    const tail = [task(1, "9999-12-01", "9999-12-29"), task(2, "9999-12-02", "9999-12-05")];
    expect(() => planReschedule({ tasks: tail, links: [{ source: 1, target: 2, type: 0 }], movedTaskId: 1 })).toThrow(GanttDateRangeError);
    // Up to the last day it still plans.
    expect(planReschedule({ tasks: [task(1, "9999-12-01", "9999-12-29"), task(2, "9999-12-02", "9999-12-03")], links: [{ source: 1, target: 2, type: 0 }], movedTaskId: 1 }))
      .toEqual([{ id: 2, start: "9999-12-02", due: "9999-12-03", newStart: "9999-12-30", newDue: "9999-12-31" }]);
  });

  it("refuses to plan over a cycle", () => {
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 0 },
      { source: 2, target: 1, type: 0 },
    ];
    expect(() => planReschedule({ tasks: [task(1, "2026-01-01", "2026-01-02"), task(2, "2026-01-01", "2026-01-02")], links, movedTaskId: 1 })).toThrow(/cycle/);
  });
});
