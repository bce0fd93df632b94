import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addWorkingDays,
  createGanttLinkBody,
  criticalPath,
  fromGanttEnd,
  ganttExportQuery,
  isDay,
  isoWeekday,
  linkProblem,
  nextWorkingDay,
  toGanttEnd,
  wouldCloseCycle,
  workingDaysBetween,
  workingDaysIn,
  zWorkingDays,
  type ScheduleLink,
  type ScheduleTask,
} from "./gantt.js";
import { parseProjectSetting } from "./project-settings.js";

const WEEKDAYS = [1, 2, 3, 4, 5];

/** Whether `from` leads to `to` through links, by trying every path (small graphs only). */
function slowlyReaches(links: readonly ScheduleLink[], from: number, to: number, seen: ReadonlySet<number> = new Set()): boolean {
  if (from === to) return true;
  return links.some((link) => link.source === from && !seen.has(link.target) && slowlyReaches(links, link.target, to, new Set([...seen, from])));
}

describe("the Gantt's day rules", () => {
  it("shows a bar ending the day after the due date and saves the day before its end", () => {
    expect(toGanttEnd("2026-03-10")).toBe("2026-03-11");
    expect(toGanttEnd("2026-02-28")).toBe("2026-03-01");
    expect(toGanttEnd("2028-02-28")).toBe("2028-02-29");
    expect(toGanttEnd("2026-12-31")).toBe("2027-01-01");
    expect(fromGanttEnd("2026-03-01")).toBe("2026-02-28");
    expect(fromGanttEnd("2027-01-01")).toBe("2026-12-31");
    for (const day of ["2026-01-01", "2026-03-29", "2026-10-25", "2024-02-29"]) expect(fromGanttEnd(toGanttEnd(day))).toBe(day);
  });

  it("knows real days and their ISO weekdays", () => {
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-2-1")).toBe(false);
    expect(isoWeekday("2026-01-05")).toBe(1);
    expect(isoWeekday("2026-01-11")).toBe(7);
    expect(isoWeekday("1969-12-31")).toBe(3);
  });

  it("counts working days Monday to Friday, skipping the weekend", () => {
    // 2026-01-09 is a Friday.
    expect(nextWorkingDay("2026-01-10", WEEKDAYS)).toBe("2026-01-12");
    expect(nextWorkingDay("2026-01-09", WEEKDAYS)).toBe("2026-01-09");
    expect(addWorkingDays("2026-01-09", 1, WEEKDAYS)).toBe("2026-01-12");
    expect(addWorkingDays("2026-01-09", 6, WEEKDAYS)).toBe("2026-01-19");
    expect(addWorkingDays("2026-01-12", -1, WEEKDAYS)).toBe("2026-01-09");
    expect(addWorkingDays("2026-01-10", 1, WEEKDAYS)).toBe("2026-01-12");
    expect(addWorkingDays("2026-01-11", -1, WEEKDAYS)).toBe("2026-01-09");
    expect(addWorkingDays("2026-01-10", 0, WEEKDAYS)).toBe("2026-01-10");
    expect(workingDaysBetween("2026-01-09", "2026-01-12", WEEKDAYS)).toBe(1);
    expect(workingDaysBetween("2026-01-12", "2026-01-05", WEEKDAYS)).toBe(-5);
    expect(workingDaysIn("2026-01-05", "2026-01-11", WEEKDAYS)).toBe(5);
    expect(workingDaysIn("2026-01-10", "2026-01-11", WEEKDAYS)).toBe(0);
  });

  it("counts calendar days when every weekday works, or none is given", () => {
    for (const days of [undefined, [], [1, 2, 3, 4, 5, 6, 7]]) {
      expect(addWorkingDays("2026-01-09", 1, days)).toBe("2026-01-10");
      expect(addWorkingDays("2026-03-01", -1, days)).toBe("2026-02-28");
      expect(workingDaysBetween("2026-01-01", "2026-02-01", days)).toBe(31);
      expect(nextWorkingDay("2026-01-10", days)).toBe("2026-01-10");
    }
  });

  it("walks working days back and forth to the same day, for any set of weekdays", () => {
    for (const days of [[1, 2, 3, 4, 5], [2, 4], [7], [1, 3, 5, 6]]) {
      for (let offset = 0; offset < 21; offset += 1) {
        const day = nextWorkingDay(`2026-01-${String(offset + 1).padStart(2, "0")}`, days);
        for (const steps of [1, 2, 5, 9, -1, -4]) {
          const moved = addWorkingDays(day, steps, days);
          expect(days).toContain(isoWeekday(moved));
          expect(workingDaysBetween(day, moved, days)).toBe(steps);
          expect(addWorkingDays(moved, -steps, days)).toBe(day);
        }
      }
    }
  });
});

describe("which links may be made", () => {
  const chain: ScheduleLink[] = [
    { source: 1, target: 2, type: 0 },
    { source: 2, target: 3, type: 1 },
    { source: 3, target: 4, type: 2 },
  ];

  it("refuses a link to itself, a second link between the same tasks, and one closing a cycle", () => {
    expect(linkProblem(chain, 5, 5)).toBe("self");
    expect(linkProblem(chain, 2, 3)).toBe("duplicate");
    expect(linkProblem(chain, 4, 1)).toBe("cycle");
    expect(linkProblem(chain, 3, 2)).toBe("cycle");
    expect(linkProblem(chain, 1, 4)).toBeNull();
    expect(linkProblem(chain, 4, 5)).toBeNull();
    expect(wouldCloseCycle(chain, 4, 2)).toBe(true);
    expect(wouldCloseCycle(chain, 2, 4)).toBe(false);
  });

  it("never lets links made one by one form a cycle, and refuses only what would", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })), { maxLength: 60 }), (pairs) => {
        const links: ScheduleLink[] = [];
        for (const [source, target] of pairs) {
          const problem = linkProblem(links, source, target);
          // A cycle is refused exactly when the target already leads back to the source.
          const leadsBack = source !== target && slowlyReaches(links, target, source);
          expect(problem === "cycle").toBe(leadsBack && !links.some((link) => link.source === source && link.target === target));
          if (problem === null) links.push({ source, target, type: 0 });
        }
        // The links still order the tasks: planning over them never meets a cycle.
        const tasks = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, start: "2026-01-01", due: "2026-01-02" }));
        expect(() => criticalPath({ tasks, links })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("finds a cycle through a long chain without recursion", () => {
    const long = Array.from({ length: 20_000 }, (_, index): ScheduleLink => ({ source: index, target: index + 1, type: 0 }));
    expect(wouldCloseCycle(long, 20_000, 0)).toBe(true);
    expect(wouldCloseCycle(long, 0, 20_000)).toBe(false);
  });
});

describe("the schemas", () => {
  it("reads a link body with its type by number or name and a lag from -365 to 365", () => {
    expect(createGanttLinkBody.parse({ link: { source: "3", target: 4, type: "2" } })).toEqual({ link: { source: 3, target: 4, type: 2, lag: 0 } });
    expect(createGanttLinkBody.parse({ link: { source: 3, target: 4, type: "start_to_finish", lag: -365 } }).link).toMatchObject({ type: 3, lag: -365 });
    const bad = (link: Record<string, unknown>) => createGanttLinkBody.safeParse({ link: { source: 1, target: 2, type: 0, ...link } }).error?.issues[0];
    expect(bad({ type: 4 })?.message).toBe("link.type must be 0 (finish to start), 1 (start to start), 2 (finish to finish) or 3 (start to finish)");
    expect(bad({ lag: 366 })?.message).toBe("link.lag must be at most 365 days");
    expect(bad({ lag: 1.5 })?.path).toEqual(["link", "lag"]);
    expect(bad({ target: 0 })?.path).toEqual(["link", "target"]);
  });

  it("keeps working days sorted, at least one, none twice", () => {
    expect(zWorkingDays.parse([5, 1, 3])).toEqual([1, 3, 5]);
    expect(zWorkingDays.safeParse([]).error?.issues[0]?.message).toBe("working_days must name at least one working day");
    expect(zWorkingDays.safeParse([1, 1]).error?.issues[0]?.message).toBe("working_days names a weekday twice");
    expect(zWorkingDays.safeParse([0, 8]).error?.issues[0]?.message).toBe("working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)");
    expect(parseProjectSetting("working_days", "weekdays")).toEqual({ ok: false, params: { working_days: ["working_days must hold ISO weekdays: 1 (Monday) to 7 (Sunday)"] } });
    expect(parseProjectSetting("working_days", [7, 6])).toEqual({ ok: true, setting: { key: "working_days", value: [6, 7] } });
  });

  it("refuses an export range that ends before it starts", () => {
    expect(ganttExportQuery.parse({ format: "pdf" })).toEqual({ format: "pdf", zoom: "week" });
    expect(ganttExportQuery.safeParse({ format: "png", from: "2026-02-01", to: "2026-01-01" }).error?.issues[0]).toMatchObject({ path: ["to"], message: "to must be on or after from" });
    expect(ganttExportQuery.safeParse({ format: "svg" }).success).toBe(false);
  });
});

describe("criticalPath", () => {
  const task = (id: number, start: string | null, due: string | null): ScheduleTask => ({ id, start, due });

  it("finds the longest chain and each task's slack on a known graph", () => {
    // A -> B -> D is 10 days; A -> C -> D leaves C 3 days; E stands alone, 8 days before the finish.
    const tasks = [
      task(1, "2026-01-01", "2026-01-03"),
      task(2, "2026-01-04", "2026-01-08"),
      task(3, "2026-01-04", "2026-01-05"),
      task(4, "2026-01-09", "2026-01-10"),
      task(5, "2026-01-01", "2026-01-02"),
      task(6, null, "2026-01-20"),
    ];
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 0 },
      { source: 2, target: 4, type: 0 },
      { source: 1, target: 3, type: 0 },
      { source: 3, target: 4, type: 0 },
    ];
    const path = criticalPath({ tasks, links });
    expect(path.taskIds).toEqual([1, 2, 4]);
    expect(Object.fromEntries(path.slack)).toEqual({ 1: 0, 2: 0, 3: 3, 4: 0, 5: 8 });
    expect(path.finish).toBe("2026-01-10");
  });

  it("reads lags, start-to-start and finish-to-finish links", () => {
    // 1 (Jan 1-10) SS+2 -> 2 (Jan 3-5) FF+5 -> 3 (Jan 6-15): 3 ends last; 2 is held by both its links.
    const tasks = [task(1, "2026-01-01", "2026-01-10"), task(2, "2026-01-03", "2026-01-05"), task(3, "2026-01-06", "2026-01-15")];
    const links: ScheduleLink[] = [
      { source: 1, target: 2, type: 1, lag: 2 },
      { source: 2, target: 3, type: 2, lag: 10 },
    ];
    const path = criticalPath({ tasks, links });
    expect(path.taskIds).toEqual([1, 2, 3]);
    expect(Object.fromEntries(path.slack)).toEqual({ 1: 0, 2: 0, 3: 0 });
    // With a lag of 5, 2 may slip 5 days before it pushes 3, and 1 too (through the start-to-start link).
    const looser = criticalPath({ tasks, links: [links[0] as ScheduleLink, { source: 2, target: 3, type: 2, lag: 5 }] });
    expect(looser.taskIds).toEqual([3]);
    expect(Object.fromEntries(looser.slack)).toEqual({ 1: 5, 2: 5, 3: 0 });
  });

  it("reads a start-to-finish link as holding its target due no earlier than the day before the source starts, plus the lag", () => {
    // 2 (Jan 5-10) ends the project; 1 (Jan 1-2) must start by 2's due date + 1 - 8: Jan 3, so it ends by Jan 4.
    const tasks = [task(1, "2026-01-01", "2026-01-02"), task(2, "2026-01-05", "2026-01-10")];
    const path = criticalPath({ tasks, links: [{ source: 1, target: 2, type: 3, lag: 8 }] });
    expect(path.taskIds).toEqual([2]);
    expect(Object.fromEntries(path.slack)).toEqual({ 1: 2, 2: 0 });
  });

  it("counts slack in working days when weekends are off", () => {
    // Mon 5 - Fri 9 -> FS -> Mon 12 - Tue 13; another task Mon 5 - Tue 6 ends 5 working days before.
    const tasks = [task(1, "2026-01-05", "2026-01-09"), task(2, "2026-01-12", "2026-01-13"), task(3, "2026-01-05", "2026-01-06")];
    const links: ScheduleLink[] = [{ source: 1, target: 2, type: 0 }];
    const path = criticalPath({ tasks, links, workingDays: WEEKDAYS });
    expect(path.taskIds).toEqual([1, 2]);
    expect(Object.fromEntries(path.slack)).toEqual({ 1: 0, 2: 0, 3: 5 });
    expect(Object.fromEntries(criticalPath({ tasks, links }).slack)).toEqual({ 1: 2, 2: 0, 3: 7 });
  });

  it("gives negative slack where a link is broken, and nothing without dated tasks", () => {
    const tasks = [task(1, "2026-01-01", "2026-01-10"), task(2, "2026-01-05", "2026-01-06")];
    const path = criticalPath({ tasks, links: [{ source: 1, target: 2, type: 0 }] });
    expect(path.slack.get(1)).toBe(-2);
    expect(path.slack.get(2)).toBe(4);
    expect(path.taskIds).toEqual([1]);
    expect(criticalPath({ tasks: [task(1, null, null)], links: [] })).toEqual({ taskIds: [], slack: new Map(), finish: null });
  });

  it("takes a 5,000-task, 5,000-link project in a few milliseconds", () => {
    // A chain of 4,000 two-day tasks back to back, and 1,000 more hanging off it by start-to-start links.
    const tasks = Array.from({ length: 5000 }, (_, index) => {
      const start = addDays("2026-01-01", index < 4000 ? 2 * index : 2 * (index - 4000));
      return task(index + 1, start, addDays(start, 1));
    });
    const links: ScheduleLink[] = [
      ...Array.from({ length: 3999 }, (_, index): ScheduleLink => ({ source: index + 1, target: index + 2, type: 0 })),
      ...Array.from({ length: 1000 }, (_, index): ScheduleLink => ({ source: index + 1, target: 4001 + index, type: 1 })),
      { source: 1, target: 4001, type: 2 },
    ];
    const path = criticalPath({ tasks, links, workingDays: WEEKDAYS });
    const calendarPath = criticalPath({ tasks, links });
    expect(calendarPath.taskIds).toHaveLength(4000);
    expect(calendarPath.taskIds[0]).toBe(1);
    expect(path.finish).toBe(addDays("2026-01-01", 7999));
  });
});
