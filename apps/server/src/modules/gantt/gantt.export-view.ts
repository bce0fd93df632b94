import { addDays, dayNumber, type GanttExportQuery } from "@plotline/contracts";
import { MAX_RANGE_DAYS } from "./export/gantt-export.js";
import type { GanttExportRow, GanttExportView } from "./export/gantt-export-view.js";
import type { KeptChart } from "./gantt.chart.js";
import { dayOf } from "./gantt.presenter.js";
import type { ChartTaskRow } from "./gantt.repository.js";

/** Days shown when no task has a date: a month from today. */
const EMPTY_RANGE_DAYS = 30;

/** What the export adds to the chart: the project's title, the request and the reader's day. */
export interface ExportFrame {
  projectTitle: string;
  query: GanttExportQuery;
  today: string;
  /** The tasks on the critical path. */
  critical: ReadonlySet<number>;
  /** Display names of the assignees, by user id. */
  names: ReadonlyMap<number, string>;
}

/** The span of the dated tasks: their first start (or due) to their last due (or start); null without any. */
function datedSpan(tasks: readonly ChartTaskRow[]): { from: string; to: string } | null {
  let from: string | null = null;
  let to: string | null = null;
  for (const task of tasks) {
    for (const day of [dayOf(task.start_at), dayOf(task.due_date)]) {
      if (day === null) continue;
      if (from === null || day < from) from = day;
      if (to === null || day > to) to = day;
    }
  }
  return from !== null && to !== null ? { from, to } : null;
}

/**
 * The view the export draws, from the chart the reader sees: each list (a summary row spanning its tasks)
 * followed by its tasks and, under each, its sub-tasks; then the milestones as diamonds on their day. The
 * range defaults to the span of the dated tasks (a month from today without any), at most the longest
 * the drawing takes.
 */
export function buildExportView(chart: KeptChart, frame: ExportFrame): GanttExportView {
  const taskRow = (task: ChartTaskRow, depth: number): GanttExportRow => ({
    id: task.id,
    kind: "task",
    depth,
    title: task.title,
    start: dayOf(task.start_at),
    due: dayOf(task.due_date),
    progress: chart.progress.get(task.id) ?? 0,
    done: task.status === 1,
    critical: frame.critical.has(task.id),
    assignees: (chart.assignees.get(task.id) ?? []).flatMap((id) => frame.names.get(id) ?? []).join(", "),
  });
  const subTasks = new Map<number, ChartTaskRow[]>();
  const topLevel = new Map<number, ChartTaskRow[]>();
  for (const task of chart.tasks) {
    const [map, key] = task.parent_id === 0 ? [topLevel, task.task_list_id] : [subTasks, task.parent_id];
    const list = map.get(key);
    if (list) list.push(task);
    else map.set(key, [task]);
  }
  const rows: GanttExportRow[] = [];
  for (const list of chart.lists) {
    const tasks = topLevel.get(list.id) ?? [];
    const members = tasks.flatMap((task) => [task, ...(subTasks.get(task.id) ?? [])]);
    const span = datedSpan(members);
    const progress = tasks.length === 0 ? 0 : Math.round(tasks.reduce((sum, task) => sum + (chart.progress.get(task.id) ?? 0), 0) / tasks.length);
    rows.push({
      id: list.id, kind: "list", depth: 0, title: list.title, start: span?.from ?? null, due: span?.to ?? null, progress,
      done: tasks.length > 0 && tasks.every((task) => task.status === 1), critical: false, assignees: "",
    });
    for (const task of tasks) {
      rows.push(taskRow(task, 1));
      for (const subTask of subTasks.get(task.id) ?? []) rows.push(taskRow(subTask, 2));
    }
  }
  for (const milestone of chart.milestones) {
    rows.push({
      id: milestone.id, kind: "milestone", depth: 0, title: milestone.title, start: milestone.achieve_date, due: milestone.achieve_date,
      progress: 0, done: false, critical: false, assignees: "",
    });
  }
  const span = datedSpan(chart.tasks) ?? { from: frame.today, to: addDays(frame.today, EMPTY_RANGE_DAYS) };
  const from = frame.query.from ?? (frame.query.to && frame.query.to < span.from ? frame.query.to : span.from);
  let to = frame.query.to ?? (span.to < from ? from : span.to);
  // A default range longer than the drawing takes shows its start; a range asked for is the caller's to fix.
  // Counted in days, not compared as text: near 9999-12-31 the day MAX_RANGE_DAYS on is no YYYY-MM-DD string.
  if (!frame.query.to && dayNumber(to) - dayNumber(from) >= MAX_RANGE_DAYS) to = addDays(from, MAX_RANGE_DAYS - 1);
  return {
    projectTitle: frame.projectTitle,
    zoom: frame.query.zoom,
    from,
    to,
    today: frame.today,
    rows,
    links: chart.links.map((link) => ({ source: link.source, target: link.target, type: link.type as 0 | 1 | 2 | 3 })),
  };
}
