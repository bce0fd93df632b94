import type { GanttLink, GanttLinkType, GanttList, GanttMilestone } from "@plotline/contracts";
import type { ChartListRow, ChartMilestoneRow, ChartTaskRow, LinkRow } from "./gantt.repository.js";

/** A stored day as the chart sends it: `YYYY-MM-DD`, or null. */
export function dayOf(stored: string | null): string | null {
  return stored ? stored.slice(0, 10) : null;
}

/** A link as the API shows it. */
export function presentLink(row: LinkRow): GanttLink {
  return { id: row.id, source: row.source, target: row.target, type: row.type as GanttLinkType, lag: row.lag };
}

/** A list as a summary row; its milestone only when the reader sees it. */
export function presentList(row: ChartListRow, visibleMilestones: ReadonlySet<number>): GanttList {
  return { id: row.id, title: row.title, order: row.sort_order, milestone_id: row.milestone_id !== null && visibleMilestones.has(row.milestone_id) ? row.milestone_id : null };
}

export function presentMilestone(row: ChartMilestoneRow): GanttMilestone {
  return { id: row.id, title: row.title, achieve_date: dayOf(row.achieve_date) };
}

/** What a task shows besides its own row, worked out once for the whole chart. */
export interface TaskExtras {
  milestoneId: number | null;
  assignees: readonly number[];
  progress: number;
  links: readonly LinkRow[];
}

/**
 * A task's JSON without its closing brace and without `can_edit`, the one field that depends on the
 * reader: kept per privacy view, finished per reader (`lib/json-fragment.ts`).
 */
export function openTask(row: ChartTaskRow, extras: TaskExtras): string {
  const task = {
    id: row.id,
    title: row.title,
    start_at: dayOf(row.start_at),
    due_date: dayOf(row.due_date),
    status: row.status,
    task_list_id: row.task_list_id,
    parent_id: row.parent_id,
    milestone_id: extras.milestoneId,
    assignees: extras.assignees,
    progress: extras.progress,
    estimation: row.estimation,
    gantt_links: { data: extras.links.map(presentLink) },
  };
  return JSON.stringify(task).slice(0, -1);
}
