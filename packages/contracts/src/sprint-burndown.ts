/**
 * A sprint's burndown worked out from its scope history, pure and shared by server and web (no I/O).
 *
 * The server writes one scope event per change to what a started sprint holds: the snapshot of every task
 * when it starts, then each task added, removed (taken out or deleted), completed, reopened, and carried
 * over when the sprint completes. Replaying them day by day gives, for every day of the sprint, what was
 * still to do (by count and by estimation) against the ideal line, and the summary a completed sprint's
 * report shows. Because the history is the sprint's own, moving unfinished tasks to the next sprint never
 * rewrites it: a carried-over task still counts as not done on the day its sprint ended.
 */

/** What a scope event says happened to one task in one sprint. */
export const SPRINT_EVENT_KINDS = ["snapshot", "add", "remove", "complete", "reopen", "carry_over"] as const;
export type SprintEventKind = (typeof SPRINT_EVENT_KINDS)[number];

/** One scope event, in the order they happened (the server sorts by time, then by id). */
export interface SprintScopeEvent {
  task_id: number;
  kind: SprintEventKind;
  /** The day it happened, `YYYY-MM-DD` in the site's time zone. */
  day: string;
  /** The task's estimation in minutes at that moment; the latest one known is the one counted. */
  estimation: number;
  /** Whether the task was complete right after the event (what a snapshot or an add found it in). */
  complete: boolean;
}

/** A number of tasks and their estimation in minutes. */
export interface SprintAmount {
  count: number;
  estimation: number;
}

/** The sprint as the burndown needs it: its planned days, where it stands, and its history. */
export interface BurndownInput {
  status: "planned" | "active" | "completed";
  /** First planned day, `YYYY-MM-DD`. */
  start_at: string;
  /** Last planned day, `YYYY-MM-DD` (on or after `start_at`). */
  due_date: string;
  /** The day it was started, null while planned. */
  started_day: string | null;
  /** The day it was completed, null until then. */
  completed_day: string | null;
  /** Today in the site's time zone: an active sprint's days after it have no figures yet. */
  today: string;
  events: readonly SprintScopeEvent[];
}

/** One day of the chart: figures at the end of the day. */
export interface BurndownDay {
  date: string;
  /** Open tasks in scope at the end of the day; null before the sprint started and after today. */
  remaining_count: number | null;
  /** Their estimation in minutes; null likewise. */
  remaining_estimation: number | null;
  /** Every task in scope (done or not) at the end of the day: scope added shows as a step up; null likewise. */
  scope_count: number | null;
  scope_estimation: number | null;
  /** The ideal line: what was open at the start, falling evenly to 0 on the due date (0 after it). */
  ideal_count: number;
  ideal_estimation: number;
}

/** What happened to the sprint's scope, as a completed sprint's report shows it. */
export interface BurndownSummary {
  /** Every task the sprint held when it started (done or not). */
  original: SprintAmount;
  /** The open part of it: where the ideal line starts. */
  open_at_start: SprintAmount;
  /** Tasks added after the start (a task added twice counts twice). */
  added: SprintAmount;
  /** Tasks taken out or deleted after the start, with their estimation then. */
  removed: SprintAmount;
  /** Tasks in scope and complete at the end (or now, for an active sprint). */
  completed: SprintAmount;
  /** Open tasks the completion moved to another sprint or back to the backlog. */
  carried_over: SprintAmount;
  /** Open tasks in scope at the end (for a completed sprint, the carried-over ones). */
  remaining: SprintAmount;
}

/** The whole burndown: every day from the first planned day to the due date (or later, if it ran over). */
export interface Burndown {
  days: BurndownDay[];
  summary: BurndownSummary;
  /** Task ids of each part of the summary, so a report can list them. */
  task_ids: { original: number[]; added: number[]; removed: number[]; completed: number[]; carried_over: number[]; remaining: number[] };
}

const DAY_MS = 86_400_000;

function dayIndex(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayAt(index: number): string {
  return new Date(index * DAY_MS).toISOString().slice(0, 10);
}

/** Rounded to two decimals, as the ideal line's fractions are shown. */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A task's standing in the sprint while the history is replayed. */
interface TaskState {
  inScope: boolean;
  complete: boolean;
  estimation: number;
  carried: boolean;
}

const none = (): SprintAmount => ({ count: 0, estimation: 0 });

function emptySummary(): BurndownSummary {
  return { original: none(), open_at_start: none(), added: none(), removed: none(), completed: none(), carried_over: none(), remaining: none() };
}

function emptyIds(): Burndown["task_ids"] {
  return { original: [], added: [], removed: [], completed: [], carried_over: [], remaining: [] };
}

function addTo(amount: SprintAmount, estimation: number): void {
  amount.count += 1;
  amount.estimation += estimation;
}

/**
 * Applies one event to the tasks' states and the running summary. Events that do not fit what is known
 * (a completion of a task not in scope, a second add) change nothing: the server writes events from
 * several places after their commits, and a late or repeated one must not bend the figures.
 */
function apply(states: Map<number, TaskState>, summary: BurndownSummary, ids: Burndown["task_ids"], event: SprintScopeEvent): void {
  const state = states.get(event.task_id);
  switch (event.kind) {
    case "snapshot":
    case "add": {
      if (state?.inScope) return;
      states.set(event.task_id, { inScope: true, complete: event.complete, estimation: event.estimation, carried: false });
      if (event.kind === "snapshot") {
        addTo(summary.original, event.estimation);
        ids.original.push(event.task_id);
        if (!event.complete) addTo(summary.open_at_start, event.estimation);
      } else {
        addTo(summary.added, event.estimation);
        ids.added.push(event.task_id);
      }
      return;
    }
    case "remove":
      if (!state?.inScope) return;
      state.inScope = false;
      addTo(summary.removed, event.estimation);
      ids.removed.push(event.task_id);
      return;
    case "complete":
    case "reopen":
      if (!state?.inScope || state.carried) return;
      state.complete = event.kind === "complete";
      state.estimation = event.estimation;
      return;
    case "carry_over":
      // The task stays in this sprint's history as not done: carrying it over does not burn it down.
      if (!state?.inScope || state.complete || state.carried) return;
      state.carried = true;
      state.estimation = event.estimation;
      addTo(summary.carried_over, event.estimation);
      ids.carried_over.push(event.task_id);
      return;
  }
}

/** Where a task in scope stands after a history: what the server checks a sprint's tasks against when it completes. */
export interface TaskStanding {
  complete: boolean;
  /** The latest estimation the history holds for it. */
  estimation: number;
  /** Carried over when its sprint completed. */
  carried: boolean;
}

/** The tasks a history leaves in scope, each with where it stands (the same rules as the burndown's). */
export function taskStandings(events: readonly SprintScopeEvent[]): Map<number, TaskStanding> {
  const states = new Map<number, TaskState>();
  const summary = emptySummary();
  const ids = emptyIds();
  for (const event of events) apply(states, summary, ids, event);
  const standings = new Map<number, TaskStanding>();
  for (const [taskId, state] of states) {
    if (state.inScope) standings.set(taskId, { complete: state.complete, estimation: state.estimation, carried: state.carried });
  }
  return standings;
}

/** Totals of the tasks in scope: all of them and the open ones. */
function standing(states: ReadonlyMap<number, TaskState>): { scope: SprintAmount; remaining: SprintAmount } {
  const scope = none();
  const remaining = none();
  for (const state of states.values()) {
    if (!state.inScope) continue;
    addTo(scope, state.estimation);
    if (!state.complete) addTo(remaining, state.estimation);
  }
  return { scope, remaining };
}

/**
 * The burndown of a sprint from its scope history. Days run from `start_at` to `due_date`, or to the day
 * it completed (or today, while active) when that is later. Figures are at the end of each day; events
 * dated before the first day count on the first day. Days before the sprint was started, and an active
 * sprint's days after today, have null figures; a planned sprint has no figures at all. The ideal line
 * falls evenly from what was open at the start, on the first day, to 0 on the due date.
 */
export function sprintBurndown(input: BurndownInput): Burndown {
  const first = dayIndex(input.start_at);
  const due = Math.max(first, dayIndex(input.due_date));
  const end = input.status === "completed" && input.completed_day ? dayIndex(input.completed_day) : input.status === "active" ? dayIndex(input.today) : due;
  const last = Math.max(due, end);
  const startedAt = input.started_day === null ? null : Math.max(first, dayIndex(input.started_day));
  const lastWithFigures = input.status === "planned" ? first - 1 : input.status === "active" ? Math.min(dayIndex(input.today), last) : last;

  const summary = emptySummary();
  const ids = emptyIds();
  const states = new Map<number, TaskState>();
  // The events in the order given (by time); each is applied once the day it belongs to is reached.
  const events = input.status === "planned" ? [] : input.events;
  let next = 0;
  const figures: Array<{ scope: SprintAmount; remaining: SprintAmount } | null> = [];
  for (let day = first; day <= last; day += 1) {
    while (next < events.length && dayIndex(events[next]?.day ?? "") <= day) {
      const event = events[next];
      if (event) apply(states, summary, ids, event);
      next += 1;
    }
    const started = startedAt !== null && day >= startedAt;
    figures.push(started && day <= lastWithFigures ? standing(states) : null);
  }
  // Events dated after the last day (a clock set back) still count in the summary.
  for (; next < events.length; next += 1) {
    const event = events[next];
    if (event) apply(states, summary, ids, event);
  }

  const span = due - first;
  const days = figures.map((figure, offset): BurndownDay => {
    // The share of the ideal work still left at the end of this day: 1 on the first day, 0 on the due date.
    const left = span === 0 ? 0 : Math.max(0, (span - offset) / span);
    return {
      date: dayAt(first + offset),
      remaining_count: figure?.remaining.count ?? null,
      remaining_estimation: figure?.remaining.estimation ?? null,
      scope_count: figure?.scope.count ?? null,
      scope_estimation: figure?.scope.estimation ?? null,
      ideal_count: round2(summary.open_at_start.count * left),
      ideal_estimation: round2(summary.open_at_start.estimation * left),
    };
  });

  for (const [taskId, state] of states) {
    if (!state.inScope) continue;
    if (state.complete) {
      addTo(summary.completed, state.estimation);
      ids.completed.push(taskId);
    } else {
      addTo(summary.remaining, state.estimation);
      ids.remaining.push(taskId);
    }
  }
  return { days, summary, task_ids: ids };
}
