import { fromGanttEnd, toGanttEnd, TASK_STATUS, type GanttLinkType, type GanttListResponse, type GanttTask } from "@plotline/contracts";

/**
 * Pure translations between Plotline's Gantt answer and the chart widget's rows and links. Days travel
 * as `YYYY-MM-DD`; the widget works in local `Date`s at midnight, and a bar ends the day after the due
 * date (the spec's rule: shown end = due + 1 day, saved due = end - 1 day).
 */

/** The widget's link kinds: which ends of the two bars a link joins. */
export type ChartLinkType = "e2s" | "s2s" | "e2e" | "s2e";

/** Plotline's link types (0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish) as the widget's. */
export const CHART_LINK_TYPES: Record<GanttLinkType, ChartLinkType> = { 0: "e2s", 1: "s2s", 2: "e2e", 3: "s2e" };

/** The widget's link kind as Plotline's type. */
export function linkTypeOf(type: string): GanttLinkType | null {
  const entry = Object.entries(CHART_LINK_TYPES).find(([, chartType]) => chartType === type);
  return entry ? (Number(entry[0]) as GanttLinkType) : null;
}

/** What a row is: a list (a summary of its tasks), a task, or a milestone (a diamond). */
export type RowKind = "list" | "task" | "milestone";

/** A row of the chart, as the widget takes it, with what Plotline needs to know of it. */
export interface ChartRow {
  /** Tasks keep their ids; lists and milestones get `list-<id>` and `milestone-<id>`. */
  id: number | string;
  text: string;
  start: Date;
  end: Date;
  /** 0 to 100. */
  progress: number;
  /** `summary`, `milestone`, `task`, or the task's look: `done`, `critical`. */
  type: string;
  /** 0 at the top level, else the row it sits under. */
  parent: number | string;
  /** Set (true) on rows with rows under them only: the widget walks the children of an open row. */
  open?: boolean;
  kind: RowKind;
  /** Whether the reader may move, resize and link this row (a task with dates they may edit). */
  canEdit: boolean;
  /** Whether the row has a bar: false for a task without dates (and a list with no dated task). */
  scheduled: boolean;
  /** Whether the reader may change the task (for a task without dates: give it some). */
  mayEdit?: boolean;
  /** Start and due date as saved (tasks), for putting a refused move back. */
  startDay: string;
  dueDay: string;
  /** Names of the assignees, for the grid. */
  assignees: string;
}

/** A link as the widget draws it. */
export interface ChartLink {
  id: number;
  source: number;
  target: number;
  type: ChartLinkType;
}

/** A local midnight for a `YYYY-MM-DD` day. */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** The `YYYY-MM-DD` day of a local date. */
export function dateToDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A task's days: both dates, or the one it has for both; null without any. */
export function daysOf(task: Pick<GanttTask, "start_at" | "due_date">): { start: string; due: string } | null {
  const start = task.start_at ?? task.due_date;
  const due = task.due_date ?? task.start_at;
  if (!start || !due) return null;
  return due < start ? { start, due: start } : { start, due };
}

/** The dates a bar drawn from `start` to `end` saves: the start day, and the day before the end as the due date. */
export function datesOfBar(start: Date, end: Date): { start_at: string; due_date: string } {
  const startDay = dateToDay(start);
  const dueDay = fromGanttEnd(dateToDay(end));
  return { start_at: startDay, due_date: dueDay < startDay ? startDay : dueDay };
}

/** The look of a task's bar: done tasks are dimmed, tasks on the critical path stand out. */
export function taskType(task: Pick<GanttTask, "status">, isCritical: boolean): string {
  if (task.status === TASK_STATUS.complete) return "done";
  return isCritical ? "critical" : "task";
}

/** What the chart draws of a project, and the tasks it cannot draw for want of dates. */
export interface ChartData {
  rows: ChartRow[];
  links: ChartLink[];
  /** Tasks with neither a start nor a due date: rows of the grid without a bar, each with a way to schedule it. */
  unscheduled: GanttTask[];
  /** The first and last day any row covers, or null for an empty chart. */
  span: { start: string; end: string } | null;
}

/**
 * The chart's rows: each list as a summary row spanning its dated tasks, its tasks under it and their
 * sub-tasks under them, in the answer's order; then the milestones with a date, as diamonds. A task without
 * dates is a row of the grid with no bar (type `unscheduled`, placed on `today` but hidden) and a Schedule
 * action; a list with none dated has no bar either (`empty-list`). Links join rows both drawn as bars.
 */
export function buildChart(answer: GanttListResponse, options: { critical?: ReadonlySet<number>; names?: ReadonlyMap<number, string>; today?: string } = {}): ChartData {
  const critical = options.critical ?? new Set<number>();
  const today = options.today ?? "1970-01-01";
  const dated = new Map<number, { start: string; due: string }>();
  const unscheduled: GanttTask[] = [];
  for (const task of answer.data) {
    const days = daysOf(task);
    if (days) dated.set(task.id, days);
    else unscheduled.push(task);
  }

  const byList = new Map<number, GanttTask[]>();
  for (const task of answer.data) {
    const tasks = byList.get(task.task_list_id) ?? [];
    tasks.push(task);
    byList.set(task.task_list_id, tasks);
  }

  const rows: ChartRow[] = [];
  let first: string | null = null;
  let last: string | null = null;
  const widen = (start: string, due: string) => {
    if (first === null || start < first) first = start;
    if (last === null || due > last) last = due;
  };
  const lists = [...answer.meta.lists].sort((a, b) => a.order - b.order || a.id - b.id);
  for (const list of lists) {
    const tasks = byList.get(list.id);
    if (!tasks?.length) continue;
    const listId = `list-${list.id}`;
    let listStart = "9999-12-31";
    let listDue = "0000-01-01";
    let done = 0;
    for (const task of tasks) {
      if (task.status === TASK_STATUS.complete) done += 1;
      const days = dated.get(task.id);
      if (!days) continue;
      if (days.start < listStart) listStart = days.start;
      if (days.due > listDue) listDue = days.due;
    }
    const hasBar = listStart <= listDue;
    rows.push({
      id: listId,
      text: list.title,
      start: dayToDate(hasBar ? listStart : today),
      end: dayToDate(toGanttEnd(hasBar ? listDue : today)),
      progress: Math.round((done / tasks.length) * 100),
      type: hasBar ? "summary" : "empty-list",
      parent: 0,
      kind: "list",
      canEdit: false,
      scheduled: hasBar,
      startDay: hasBar ? listStart : "",
      dueDay: hasBar ? listDue : "",
      assignees: "",
    });
    if (hasBar) widen(listStart, listDue);
    const ids = new Set(tasks.map((task) => task.id));
    for (const task of tasks) {
      const days = dated.get(task.id);
      const parentDrawn = task.parent_id !== 0 && ids.has(task.parent_id);
      rows.push({
        id: task.id,
        text: task.title,
        start: dayToDate(days?.start ?? today),
        end: dayToDate(toGanttEnd(days?.due ?? today)),
        progress: task.progress,
        type: days ? taskType(task, critical.has(task.id)) : "unscheduled",
        parent: parentDrawn ? task.parent_id : listId,
        kind: "task",
        canEdit: task.can_edit && days !== undefined,
        scheduled: days !== undefined,
        mayEdit: task.can_edit,
        startDay: days?.start ?? "",
        dueDay: days?.due ?? "",
        assignees: task.assignees.map((id) => options.names?.get(id) ?? "").filter(Boolean).join(", "),
      });
    }
  }
  // A sub-task must come after its parent for the widget to nest it: parents are listed first above only
  // when the answer has them first, so order each list's rows parent-first.
  const ordered = parentsFirst(rows);

  for (const milestone of answer.meta.milestones) {
    if (!milestone.achieve_date) continue;
    ordered.push({
      id: `milestone-${milestone.id}`,
      text: milestone.title,
      start: dayToDate(milestone.achieve_date),
      end: dayToDate(milestone.achieve_date),
      progress: 0,
      type: "milestone",
      parent: 0,
      kind: "milestone",
      canEdit: false,
      scheduled: true,
      startDay: milestone.achieve_date,
      dueDay: milestone.achieve_date,
      assignees: "",
    });
    widen(milestone.achieve_date, milestone.achieve_date);
  }

  const drawn = new Set(ordered.filter((row) => row.scheduled).map((row) => row.id));
  const links: ChartLink[] = [];
  for (const task of answer.data) {
    for (const link of task.gantt_links.data) {
      if (drawn.has(link.source) && drawn.has(link.target)) links.push({ id: link.id, source: link.source, target: link.target, type: CHART_LINK_TYPES[link.type as GanttLinkType] });
    }
  }
  const span = first !== null && last !== null ? { start: first, end: last } : null;
  return { rows: ordered, links, unscheduled, span };
}

/** The rows with every row after the row it sits under, keeping the order otherwise. */
function parentsFirst(rows: readonly ChartRow[]): ChartRow[] {
  const children = new Map<number | string, ChartRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent) ?? [];
    siblings.push(row);
    children.set(row.parent, siblings);
  }
  const ordered: ChartRow[] = [];
  const visit = (parent: number | string) => {
    for (const row of children.get(parent) ?? []) {
      ordered.push(children.has(row.id) ? { ...row, open: true } : row);
      visit(row.id);
    }
  };
  visit(0);
  return ordered;
}
