import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sprintBurndown, SPRINT_EVENT_KINDS, taskStandings, type BurndownInput, type SprintScopeEvent } from "./sprint-burndown.js";
import { completeSprintBody, createSprintBody, getSprintQuery, listSprintsQuery, sprintDatesProblem, updateSprintBody } from "./sprints.js";

/** An event in the tests' short hand. */
function event(day: string, kind: SprintScopeEvent["kind"], task_id: number, estimation: number, complete = kind === "complete"): SprintScopeEvent {
  return { day, kind, task_id, estimation, complete };
}

/**
 * The scripted sprint: Monday 2 to Friday 6 March 2026, started on the Monday with four tasks (T4 already
 * done). Monday T1 is completed; Tuesday T5 is added and T3 taken out; Wednesday T2 is completed and T1
 * reopened; Thursday nothing; Friday T5 is completed, re-estimated at 50 minutes, and the sprint completes
 * carrying T1 over.
 */
const SCRIPT: SprintScopeEvent[] = [
  event("2026-03-02", "snapshot", 1, 60),
  event("2026-03-02", "snapshot", 2, 120),
  event("2026-03-02", "snapshot", 3, 30),
  event("2026-03-02", "snapshot", 4, 90, true),
  event("2026-03-02", "complete", 1, 60),
  event("2026-03-03", "add", 5, 45),
  event("2026-03-03", "remove", 3, 30),
  event("2026-03-04", "complete", 2, 120),
  event("2026-03-04", "reopen", 1, 60),
  event("2026-03-06", "complete", 5, 50),
  event("2026-03-06", "carry_over", 1, 60, false),
];

const COMPLETED: BurndownInput = {
  status: "completed",
  start_at: "2026-03-02",
  due_date: "2026-03-06",
  started_day: "2026-03-02",
  completed_day: "2026-03-06",
  today: "2026-03-10",
  events: SCRIPT,
};

/** The days as rows: date, remaining count and estimation, scope count and estimation, ideal count and estimation. */
function rows(input: BurndownInput): Array<[string, number | null, number | null, number | null, number | null, number, number]> {
  return sprintBurndown(input).days.map((day) => [
    day.date, day.remaining_count, day.remaining_estimation, day.scope_count, day.scope_estimation, day.ideal_count, day.ideal_estimation,
  ]);
}

describe("a sprint's burndown", () => {
  it("gives each day of the scripted sprint its remaining work, scope and ideal line, number by number", () => {
    expect(rows(COMPLETED)).toEqual([
      ["2026-03-02", 2, 150, 4, 300, 3, 210],
      ["2026-03-03", 2, 165, 4, 315, 2.25, 157.5],
      ["2026-03-04", 2, 105, 4, 315, 1.5, 105],
      ["2026-03-05", 2, 105, 4, 315, 0.75, 52.5],
      ["2026-03-06", 1, 60, 4, 320, 0, 0],
    ]);
  });

  it("sums up the original scope, what was added, removed, completed and carried over", () => {
    const { summary, task_ids } = sprintBurndown(COMPLETED);
    expect(summary).toEqual({
      original: { count: 4, estimation: 300 },
      open_at_start: { count: 3, estimation: 210 },
      added: { count: 1, estimation: 45 },
      removed: { count: 1, estimation: 30 },
      completed: { count: 3, estimation: 260 },
      carried_over: { count: 1, estimation: 60 },
      remaining: { count: 1, estimation: 60 },
    });
    expect(task_ids).toEqual({ original: [1, 2, 3, 4], added: [5], removed: [3], completed: [2, 4, 5], carried_over: [1], remaining: [1] });
  });

  it("keeps a carried-over task as not done on the sprint's last day: carrying over burns nothing down", () => {
    const withoutCarry = sprintBurndown({ ...COMPLETED, events: SCRIPT.slice(0, -1) });
    const last = (burndown: typeof withoutCarry) => burndown.days.at(-1);
    expect(last(withoutCarry)).toEqual(last(sprintBurndown(COMPLETED)));
  });

  it("has figures up to today only while the sprint is active", () => {
    const active: BurndownInput = { ...COMPLETED, status: "active", completed_day: null, today: "2026-03-04", events: SCRIPT.filter((e) => e.day <= "2026-03-04") };
    expect(rows(active)).toEqual([
      ["2026-03-02", 2, 150, 4, 300, 3, 210],
      ["2026-03-03", 2, 165, 4, 315, 2.25, 157.5],
      ["2026-03-04", 2, 105, 4, 315, 1.5, 105],
      ["2026-03-05", null, null, null, null, 0.75, 52.5],
      ["2026-03-06", null, null, null, null, 0, 0],
    ]);
    expect(sprintBurndown(active).summary.remaining).toEqual({ count: 2, estimation: 105 });
  });

  it("runs past the due date to the day an overrunning sprint completed, the ideal line staying at 0", () => {
    const late = { ...COMPLETED, completed_day: "2026-03-09", events: [...SCRIPT.slice(0, -2), event("2026-03-09", "complete", 5, 50), event("2026-03-09", "carry_over", 1, 60, false)] };
    expect(rows(late).slice(4)).toEqual([
      ["2026-03-06", 2, 105, 4, 315, 0, 0],
      ["2026-03-07", 2, 105, 4, 315, 0, 0],
      ["2026-03-08", 2, 105, 4, 315, 0, 0],
      ["2026-03-09", 1, 60, 4, 320, 0, 0],
    ]);
  });

  it("has no figures before a late start, and counts work done before the first day on the first day", () => {
    const lateStart = { ...COMPLETED, started_day: "2026-03-03" };
    expect(rows(lateStart)[0]).toEqual(["2026-03-02", null, null, null, null, 3, 210]);
    expect(rows(lateStart)[1]).toEqual(["2026-03-03", 2, 165, 4, 315, 2.25, 157.5]);
    const early = { ...COMPLETED, started_day: "2026-02-27", events: [event("2026-02-27", "snapshot", 1, 60), event("2026-02-28", "complete", 1, 60), ...SCRIPT.slice(1)] };
    expect(rows(early)[0]).toEqual(["2026-03-02", 2, 150, 4, 300, 3, 210]);
  });

  it("shows a planned sprint's days without figures and an ideal line at 0", () => {
    const planned: BurndownInput = { ...COMPLETED, status: "planned", started_day: null, completed_day: null, events: [] };
    expect(rows(planned)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((date) => [date, null, null, null, null, 0, 0]));
  });

  it("draws a one-day sprint's ideal line at 0 at the end of its day", () => {
    const oneDay: BurndownInput = { ...COMPLETED, due_date: "2026-03-02", completed_day: "2026-03-02", events: [event("2026-03-02", "snapshot", 1, 30)] };
    expect(rows(oneDay)).toEqual([["2026-03-02", 1, 30, 1, 30, 0, 0]]);
  });

  it("ignores events that do not fit what is known: repeats, and changes to tasks not in scope", () => {
    const noisy = [
      ...SCRIPT.slice(0, 5),
      event("2026-03-02", "complete", 1, 60),
      event("2026-03-02", "snapshot", 2, 999),
      event("2026-03-02", "complete", 42, 10),
      event("2026-03-02", "remove", 43, 10),
      event("2026-03-02", "carry_over", 44, 10),
      ...SCRIPT.slice(5),
      event("2026-03-03", "complete", 3, 30),
      event("2026-03-06", "carry_over", 1, 60, false),
      event("2026-03-06", "carry_over", 2, 120, false),
    ];
    expect(rows({ ...COMPLETED, events: noisy })).toEqual(rows(COMPLETED));
    expect(sprintBurndown({ ...COMPLETED, events: noisy }).summary).toEqual(sprintBurndown(COMPLETED).summary);
  });

  it("counts a task added back after it was taken out as added again", () => {
    const back = [...SCRIPT.slice(0, 7), event("2026-03-04", "add", 3, 30)];
    const { summary, days } = sprintBurndown({ ...COMPLETED, status: "active", completed_day: null, today: "2026-03-04", events: back });
    expect(summary.added).toEqual({ count: 2, estimation: 75 });
    expect(summary.removed).toEqual({ count: 1, estimation: 30 });
    expect(days[2]?.remaining_count).toBe(3);
  });

  it("tells where each task in scope stands after a history, as the server checks a completing sprint", () => {
    expect(taskStandings(SCRIPT)).toEqual(new Map([
      [1, { complete: false, estimation: 60, carried: true }],
      [2, { complete: true, estimation: 120, carried: false }],
      [4, { complete: true, estimation: 90, carried: false }],
      [5, { complete: true, estimation: 50, carried: false }],
    ]));
    expect(taskStandings([])).toEqual(new Map());
  });

  it("keeps its books: the original and added scope, less what was removed, is what was completed plus what remains", () => {
    const events = fc.array(
      fc.record({
        task_id: fc.integer({ min: 1, max: 6 }),
        kind: fc.constantFrom(...SPRINT_EVENT_KINDS),
        offset: fc.integer({ min: 0, max: 6 }),
        complete: fc.boolean(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(events, fc.boolean(), (drawn, completed) => {
        // Events come in time order; each task keeps one estimation, so estimations add up exactly too.
        const sorted = [...drawn].sort((a, b) => a.offset - b.offset);
        const script = sorted.map((e): SprintScopeEvent => ({
          task_id: e.task_id,
          kind: e.kind,
          day: `2026-03-0${e.offset + 2}`,
          estimation: e.task_id * 10,
          complete: e.kind === "complete" || ((e.kind === "snapshot" || e.kind === "add") && e.complete),
        }));
        const input: BurndownInput = {
          ...COMPLETED,
          due_date: "2026-03-08",
          status: completed ? "completed" : "active",
          completed_day: completed ? "2026-03-08" : null,
          today: "2026-03-08",
          events: script,
        };
        const { summary, days } = sprintBurndown(input);
        const ins = summary.original.count + summary.added.count - summary.removed.count;
        expect(ins).toBe(summary.completed.count + summary.remaining.count);
        const inMinutes = summary.original.estimation + summary.added.estimation - summary.removed.estimation;
        expect(inMinutes).toBe(summary.completed.estimation + summary.remaining.estimation);
        expect(summary.carried_over.count).toBeLessThanOrEqual(summary.remaining.count);
        expect(days.at(-1)?.remaining_count).toBe(summary.remaining.count);
        expect(days.at(-1)?.scope_count).toBe(summary.completed.count + summary.remaining.count);
        for (const day of days) expect(day.remaining_count ?? 0).toBeLessThanOrEqual(day.scope_count ?? 0);
      }),
    );
  });
});

describe("the sprint bodies and queries", () => {
  const valid = { title: "Sprint 1", start_at: "2026-03-02", due_date: "2026-03-13", projects: [3, 4] };

  it("takes a sprint with its dates and projects, and refuses a due date before the start or a sprint too long", () => {
    expect(createSprintBody.parse(valid)).toEqual({ ...valid, description: "", goal: "" });
    const before = createSprintBody.safeParse({ ...valid, due_date: "2026-03-01" });
    expect(before.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["due_date", "The due date cannot be before the start date."]]);
    const long = createSprintBody.safeParse({ ...valid, due_date: "2027-03-03" });
    expect(long.error?.issues[0]?.message).toBe("A sprint lasts at most 366 days.");
    expect(createSprintBody.safeParse({ ...valid, due_date: "2027-03-02" }).success).toBe(true);
    expect(sprintDatesProblem("2026-03-02", "2026-03-02")).toBeNull();
  });

  it("refuses bodies without a project, with a project twice, or with a bad date, naming the field", () => {
    const fields = (body: unknown) => createSprintBody.safeParse(body).error?.issues.map((issue) => issue.path[0]);
    expect(fields({ ...valid, projects: [] })).toEqual(["projects"]);
    expect(fields({ ...valid, projects: [3, 3] })).toEqual(["projects"]);
    expect(fields({ ...valid, start_at: "2026-02-30" })).toEqual(["start_at"]);
    expect(fields({ ...valid, title: " " })).toEqual(["title"]);
    expect(updateSprintBody.safeParse({ start_at: "2026-03-05", due_date: "2026-03-04" }).success).toBe(false);
    expect(updateSprintBody.parse({ due_date: "2026-03-04" })).toEqual({ due_date: "2026-03-04" });
  });

  it("reads the carry-over target: a sprint id, or null, 0, empty or nothing for the backlog", () => {
    expect(completeSprintBody.parse({ carry_over_to: 7 })).toEqual({ carry_over_to: 7 });
    expect(completeSprintBody.parse({ carry_over_to: "7" })).toEqual({ carry_over_to: 7 });
    for (const none of [{ carry_over_to: null }, { carry_over_to: 0 }, { carry_over_to: "" }, {}]) expect(completeSprintBody.parse(none)).toEqual({ carry_over_to: null });
    expect(completeSprintBody.safeParse({ carry_over_to: -1 }).success).toBe(false);
    expect(completeSprintBody.safeParse({ carry_over_to: "next" }).success).toBe(false);
  });

  it("filters by one or several statuses and takes only known with names", () => {
    expect(listSprintsQuery.parse({ status: "active,planned" })).toMatchObject({ status: ["active", "planned"], page: 1, per_page: 20 });
    expect(listSprintsQuery.parse({})).toMatchObject({ status: [] });
    expect(listSprintsQuery.safeParse({ status: "done" }).error?.issues[0]?.message).toBe("status must be planned, active or completed");
    expect(listSprintsQuery.safeParse({ per_page: 101 }).success).toBe(false);
    expect(getSprintQuery.parse({ with: "tasks,creator" })).toEqual({ with: ["tasks", "creator"] });
    expect(getSprintQuery.safeParse({ with: "tasks,secrets" }).success).toBe(false);
  });
});
