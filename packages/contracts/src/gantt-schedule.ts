import { daysBetween } from "./calendar.js";
import { addDays, isDay, workCalendar, type WorkCalendar } from "./gantt-dates.js";

/**
 * The Gantt chart's scheduling rules, pure and shared by server and web: which links may be made, which
 * successors a moved task pushes (and where to), and the critical path. Everything runs in time linear in
 * tasks plus links, so a 5,000-task, 5,000-link project plans in a few milliseconds.
 */

/** A link's kind: 0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish. */
export type GanttLinkType = 0 | 1 | 2 | 3;

/** What the rules read of a link: its ends, its kind and its lag in days (working days when set). */
export interface ScheduleLink {
  source: number;
  target: number;
  type: GanttLinkType;
  /** Days between the two ends (negative: overlap); 0 when absent. */
  lag?: number;
}

/** What the rules read of a task: its id and its saved dates (YYYY-MM-DD or null). */
export interface ScheduleTask {
  id: number;
  start: string | null;
  due: string | null;
}

/** A link's two ends, all the cycle and duplicate checks read. */
export type LinkEnds = Pick<ScheduleLink, "source" | "target">;

/** Why a new link is refused: it links a task to itself, repeats a link, or would close a cycle. */
export type LinkProblem = "self" | "duplicate" | "cycle";

/** Successors of each task, built once for a walk. */
function successorsOf<L extends LinkEnds>(links: readonly L[]): Map<number, L[]> {
  const out = new Map<number, L[]>();
  for (const link of links) {
    const list = out.get(link.source);
    if (list) list.push(link);
    else out.set(link.source, [link]);
  }
  return out;
}

/** Whether `to` can be reached from `from` by following links forward (`from` reaches itself). */
function reaches(successors: ReadonlyMap<number, readonly LinkEnds[]>, from: number, to: number): boolean {
  const seen = new Set<number>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === to) return true;
    for (const link of successors.get(id) ?? []) {
      if (seen.has(link.target)) continue;
      seen.add(link.target);
      stack.push(link.target);
    }
  }
  return false;
}

/**
 * Whether a link `source` -> `target` would close a cycle with the existing links: it does when `target`
 * already leads to `source` (a self-link is the shortest cycle).
 */
export function wouldCloseCycle(links: readonly LinkEnds[], source: number, target: number): boolean {
  return reaches(successorsOf(links), target, source);
}

/** Whether a link from `source` to `target` exists already, whatever its kind. */
export function isDuplicateLink(links: readonly LinkEnds[], source: number, target: number): boolean {
  return links.some((link) => link.source === source && link.target === target);
}

/** What is wrong with a new link among the existing ones, or null when it may be made. */
export function linkProblem(links: readonly LinkEnds[], source: number, target: number): LinkProblem | null {
  if (source === target) return "self";
  if (isDuplicateLink(links, source, target)) return "duplicate";
  return wouldCloseCycle(links, source, target) ? "cycle" : null;
}

/**
 * Tasks in an order where every link's source comes before its target (Kahn's algorithm), among `ids`
 * and the links between them. Throws when the links form a cycle, which the server never lets happen.
 */
function topologicalOrder(ids: Iterable<number>, links: readonly ScheduleLink[]): number[] {
  const inDegree = new Map<number, number>();
  for (const id of ids) inDegree.set(id, 0);
  const successors = new Map<number, number[]>();
  for (const link of links) {
    if (!inDegree.has(link.source) || !inDegree.has(link.target)) continue;
    inDegree.set(link.target, (inDegree.get(link.target) ?? 0) + 1);
    const list = successors.get(link.source);
    if (list) list.push(link.target);
    else successors.set(link.source, [link.target]);
  }
  const queue: number[] = [];
  for (const [id, degree] of inDegree) if (degree === 0) queue.push(id);
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head] as number;
    for (const next of successors.get(id) ?? []) {
      const degree = (inDegree.get(next) ?? 0) - 1;
      inDegree.set(next, degree);
      if (degree === 0) queue.push(next);
    }
  }
  if (queue.length !== inDegree.size) throw new Error("The Gantt links form a cycle");
  return queue;
}

/** A dated task in working-day numbers: first and last working day, and its length in working days. */
interface Span {
  start: number;
  end: number;
  length: number;
}

function spanOf(calendar: WorkCalendar, start: string, due: string): Span {
  const first = calendar.ord(start);
  const last = calendar.ordEnd(due);
  return { start: first, end: last, length: last - first + 1 };
}

/**
 * The earliest first and last working day a link lets its target have, given its source's span: FS
 * `start >= source.due + 1 + lag`, SS `start >= source.start + lag`, FF `due >= source.due + lag`, SF
 * `due >= source.start - 1 + lag`, all in working days (calendar days when every day works). A bar runs
 * from its start to the day after its due date (`toGanttEnd`), and each kind joins those two ends as drawn:
 * FS puts the target's start at the source's end (the day after its due date), so SF, its mirror, puts the
 * target's end (the day after its due date) at the source's start, the target due the day before.
 */
function earliest(link: ScheduleLink, source: Span): { start: number; end: number } {
  const lag = link.lag ?? 0;
  const none = Number.NEGATIVE_INFINITY;
  switch (link.type) {
    case 0:
      return { start: source.end + 1 + lag, end: none };
    case 1:
      return { start: source.start + lag, end: none };
    case 2:
      return { start: none, end: source.end + lag };
    default:
      return { start: none, end: source.start - 1 + lag };
  }
}

/** Whether a link holds between two dated tasks on this calendar. */
export function isLinkKept(link: ScheduleLink, source: { start: string; due: string }, target: { start: string; due: string }, workingDays?: readonly number[]): boolean {
  const calendar = workCalendar(workingDays);
  const bound = earliest(link, spanOf(calendar, source.start, source.due));
  const span = spanOf(calendar, target.start, target.due);
  return span.start >= bound.start && span.end >= bound.end;
}

/**
 * Thrown by `planReschedule` when keeping the links would move a task past 9999-12-31, the last day a date
 * can be written YYYY-MM-DD: the caller refuses the move rather than write a date no one can read.
 */
export class GanttDateRangeError extends Error {
  constructor(readonly taskId: number) {
    super(`Rescheduling would move task ${taskId} past 9999-12-31`);
    this.name = "GanttDateRangeError";
  }
}

/** One task a reschedule moves: its saved dates and its new ones. */
export interface PlannedShift {
  id: number;
  start: string;
  due: string;
  newStart: string;
  newDue: string;
}

/** What `planReschedule` plans from. */
export interface RescheduleInput {
  /** The project's tasks with their saved dates; those without both dates are neither constrained nor moved. */
  tasks: readonly ScheduleTask[];
  links: readonly ScheduleLink[];
  /** The task that was moved (its saved dates are its new ones). */
  movedTaskId: number;
  /** The project's working ISO weekdays; missing, empty or all seven: every day counts. */
  workingDays?: readonly number[];
}

/** Where a task goes when it must start no earlier than working day `start` (keeping its length). */
function movedDates(calendar: WorkCalendar, task: { start: string; due: string }, span: Span, start: number): { start: string; due: string } {
  const newStart = calendar.dayOf(start);
  // A task lying wholly on days off (Saturday to Sunday) has no working length: it keeps its calendar span.
  const due = span.length > 0 ? calendar.dayOf(start + span.length - 1) : addDays(newStart, daysBetween(task.start, task.due));
  // Days off at the end of a task (due on a Sunday) are not given up: a task never ends earlier than it did.
  // (A day past 9999-12-31 is no YYYY-MM-DD string to compare: it is returned as it is, for the caller to refuse.)
  return { start: newStart, due: isDay(due) && due < task.due ? task.due : due };
}

/**
 * The successors of the moved task (direct and through other tasks) whose dates must move so that every
 * link holds, each with its new dates, in link order (a task after those it follows). A task only ever
 * moves later and keeps its length (in working days when some days are off, a start landing on a day off
 * going to the next working day); one that already satisfies its links stays. Tasks without both dates
 * are not constrained and not moved. Throws when the links form a cycle, and `GanttDateRangeError` when a
 * task would move past 9999-12-31.
 */
export function planReschedule(input: RescheduleInput): PlannedShift[] {
  const calendar = workCalendar(input.workingDays);
  const tasks = new Map<number, { start: string; due: string }>();
  for (const task of input.tasks) if (task.start !== null && task.due !== null) tasks.set(task.id, { start: task.start, due: task.due });
  const successors = successorsOf(input.links);
  const incoming = new Map<number, ScheduleLink[]>();
  // The moved task's successors, direct and transitive, walked once.
  const reached = new Set<number>([input.movedTaskId]);
  const stack = [input.movedTaskId];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    for (const link of successors.get(id) ?? []) {
      if (reached.has(link.target)) continue;
      reached.add(link.target);
      stack.push(link.target);
    }
  }
  for (const link of input.links) {
    if (!reached.has(link.target)) continue;
    const list = incoming.get(link.target);
    if (list) list.push(link);
    else incoming.set(link.target, [link]);
  }
  const spans = new Map<number, Span>();
  const spanNow = (id: number): Span | undefined => {
    const known = spans.get(id);
    if (known) return known;
    const task = tasks.get(id);
    if (!task) return undefined;
    const span = spanOf(calendar, task.start, task.due);
    spans.set(id, span);
    return span;
  };
  const shifts: PlannedShift[] = [];
  for (const id of topologicalOrder(reached, input.links)) {
    const task = tasks.get(id);
    const span = spanNow(id);
    if (id === input.movedTaskId || !task || !span) continue;
    let start = span.start;
    for (const link of incoming.get(id) ?? []) {
      const source = spanNow(link.source);
      if (!source) continue;
      const bound = earliest(link, source);
      start = Math.max(start, bound.start, bound.end - span.length + 1);
    }
    if (start <= span.start) continue;
    if (!isDay(calendar.dayOf(start))) throw new GanttDateRangeError(id);
    const moved = movedDates(calendar, task, span, start);
    if (!isDay(moved.due)) throw new GanttDateRangeError(id);
    shifts.push({ id, start: task.start, due: task.due, newStart: moved.start, newDue: moved.due });
    // Its successors read where it is now.
    tasks.set(id, moved);
    spans.set(id, spanOf(calendar, moved.start, moved.due));
  }
  return shifts;
}

/** What `criticalPath` reads. */
export interface CriticalPathInput {
  tasks: readonly ScheduleTask[];
  links: readonly ScheduleLink[];
  workingDays?: readonly number[];
}

/** The critical path of a schedule. */
export interface CriticalPath {
  /** The tasks of the longest chain of tasks ending at the project's last due date, first to last. */
  taskIds: number[];
  /**
   * Each dated task's slack, in days (working days when some days are off): how far it can slip before it
   * pushes the project's last due date, its successors moving as their links ask. Negative where links
   * are already broken.
   */
  slack: Map<number, number>;
  /** The project's last due date; null when no task has both dates. */
  finish: string | null;
}

/** Whether a link is tight (or broken): its target sits where the link's source puts it, or earlier. */
function drives(link: ScheduleLink, source: Span, target: Span): boolean {
  const bound = earliest(link, source);
  return link.type === 0 || link.type === 1 ? target.start <= bound.start : target.end <= bound.end;
}

/**
 * The critical path: each dated task's slack (a backward pass from the last due date through the links,
 * in topological order) and the chain of tasks with no slack, linked by links that hold them in place,
 * that ends on the last due date and reaches furthest back (most tasks when two start together).
 */
export function criticalPath(input: CriticalPathInput): CriticalPath {
  const calendar = workCalendar(input.workingDays);
  const spans = new Map<number, Span>();
  let finish: string | null = null;
  for (const task of input.tasks) {
    if (task.start === null || task.due === null) continue;
    spans.set(task.id, spanOf(calendar, task.start, task.due));
    if (finish === null || task.due > finish) finish = task.due;
  }
  if (finish === null) return { taskIds: [], slack: new Map(), finish };
  const links = input.links.filter((link) => spans.has(link.source) && spans.has(link.target) && link.source !== link.target);
  const order = topologicalOrder(spans.keys(), links);
  const last = calendar.ordEnd(finish);
  const outgoing = successorsOf(links);
  // Latest last working day of each task that pushes neither the finish nor, through links, its successors' latest.
  const latestEnd = new Map<number, number>();
  const slack = new Map<number, number>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const id = order[index] as number;
    const span = spans.get(id) as Span;
    let end = last;
    for (const link of outgoing.get(id) ?? []) {
      const successorEnd = latestEnd.get(link.target) as number;
      const successorStart = successorEnd - (spans.get(link.target) as Span).length + 1;
      const lag = link.lag ?? 0;
      const bound = link.type === 0 ? successorStart - 1 - lag
        : link.type === 1 ? successorStart - lag + span.length - 1
          : link.type === 2 ? successorEnd - lag
            : successorEnd + 1 - lag + span.length - 1;
      end = Math.min(end, bound);
    }
    latestEnd.set(id, end);
    slack.set(id, end - span.end);
  }
  // The chain: through tight links between tasks without slack, the one reaching furthest back.
  const incoming = new Map<number, ScheduleLink[]>();
  for (const link of links) {
    const list = incoming.get(link.target);
    if (list) list.push(link);
    else incoming.set(link.target, [link]);
  }
  const best = new Map<number, { from: number; count: number; previous: number | null }>();
  for (const id of order) {
    if ((slack.get(id) ?? 1) > 0) continue;
    const span = spans.get(id) as Span;
    let chosen = { from: span.start, count: 1, previous: null as number | null };
    for (const link of incoming.get(id) ?? []) {
      const before = best.get(link.source);
      if (!before || !drives(link, spans.get(link.source) as Span, span)) continue;
      if (before.from < chosen.from || (before.from === chosen.from && before.count + 1 > chosen.count)) {
        chosen = { from: before.from, count: before.count + 1, previous: link.source };
      }
    }
    best.set(id, chosen);
  }
  let end: number | null = null;
  for (const id of order) {
    const chain = best.get(id);
    if (!chain || (spans.get(id) as Span).end !== last) continue;
    const current = end === null ? undefined : best.get(end);
    if (!current || chain.from < current.from || (chain.from === current.from && chain.count > current.count)) end = id;
  }
  const taskIds: number[] = [];
  for (let id: number | null = end; id !== null; id = best.get(id)?.previous ?? null) taskIds.push(id);
  return { taskIds: taskIds.reverse(), slack, finish };
}
