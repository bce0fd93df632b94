import type { GanttList, GanttMilestone, ScheduleLink, ScheduleTask } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { readCache } from "../../shared/read-cache.js";
import { viewKey } from "../privacy/privacy.rules.js";
import { findWorkingDays } from "../project-settings/project-settings.service.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { privacyView } from "../tasks/tasks.policy.js";
import { dayOf, openTask, presentList, presentMilestone } from "./gantt.presenter.js";
import { ganttRepository, type ChartListRow, type ChartTaskRow, type LinkRow } from "./gantt.repository.js";

/**
 * The chart as every reader with one privacy view sees it: the project's tasks in its current lists, the
 * links between them, the lists and milestones, the working days, and each task's JSON but for the one
 * field that depends on the reader (`can_edit`). The rules (reschedule, critical path, export) read it too.
 */
export interface KeptChart {
  tasks: ChartTaskRow[];
  byId: ReadonlyMap<number, ChartTaskRow>;
  /** Assignees of each shown task. */
  assignees: ReadonlyMap<number, readonly number[]>;
  /** Links whose both ends are shown. */
  links: LinkRow[];
  /** The lists shown, with their privacy (for the events of a reschedule). */
  lists: ChartListRow[];
  presentedLists: GanttList[];
  milestones: GanttMilestone[];
  workingDays: number[];
  /** Each task's progress, 0 to 100. */
  progress: ReadonlyMap<number, number>;
  /** Each task's JSON, open at its end, in the order of `tasks`. */
  heads: string[];
}

/** Tasks plus links kept at most over every kept chart. */
const MAX_KEPT_ROWS = 60_000;

/** Every table a chart is read from. */
const CHART_TABLES = ["tasks", "task_lists", "task_assignees", "milestones", "gantt_links", "project_settings"] as const;

/** 100 for a complete task, else the share of its sub-tasks that are complete (0 without any). */
function progressOf(tasks: readonly ChartTaskRow[]): Map<number, number> {
  const counts = new Map<number, { total: number; done: number }>();
  for (const task of tasks) {
    if (task.parent_id === 0) continue;
    const count = counts.get(task.parent_id) ?? { total: 0, done: 0 };
    count.total += 1;
    if (task.status === 1) count.done += 1;
    counts.set(task.parent_id, count);
  }
  const progress = new Map<number, number>();
  for (const task of tasks) {
    const count = counts.get(task.id);
    progress.set(task.id, task.status === 1 ? 100 : count ? Math.round((count.done * 100) / count.total) : 0);
  }
  return progress;
}

/** The chart's rows read in a fixed number of statements, kept per project and privacy view until one of its tables changes. */
export function ganttCharts(ctx: AppContext) {
  const repository = ganttRepository(ctx.db, ctx.kind);
  const kept = readCache<KeptChart>(ctx.tables, { dependsOn: CHART_TABLES, maxWeight: MAX_KEPT_ROWS, weigh: (chart) => chart.tasks.length + chart.links.length + 1 });

  async function load(projectAccess: ProjectAccess): Promise<KeptChart> {
    const view = privacyView(projectAccess);
    const projectId = projectAccess.projectId;
    // A sub-task's privacy and list are its parent's, so the tasks shown hold every sub-task of a shown task.
    const [tasks, assigneeRows, allLinks, lists, milestoneRows, workingDays] = await Promise.all([
      repository.chartTasks(projectId, view),
      repository.projectAssignees(projectId),
      repository.projectLinks(projectId),
      repository.chartLists(projectId, view),
      repository.chartMilestones(projectId, view),
      findWorkingDays(ctx.db, projectId),
    ]);
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const assignees = new Map<number, number[]>();
    for (const row of assigneeRows) {
      if (!byId.has(row.task_id)) continue;
      const list = assignees.get(row.task_id);
      if (list) list.push(row.user_id);
      else assignees.set(row.task_id, [row.user_id]);
    }
    const links = allLinks.filter((link) => byId.has(link.source) && byId.has(link.target));
    const linksBySource = new Map<number, LinkRow[]>();
    for (const link of links) {
      const list = linksBySource.get(link.source);
      if (list) list.push(link);
      else linksBySource.set(link.source, [link]);
    }
    const milestoneIds = new Set(milestoneRows.map((row) => row.id));
    const listMilestones = new Map(lists.map((list) => [list.id, list.milestone_id !== null && milestoneIds.has(list.milestone_id) ? list.milestone_id : null]));
    const progress = progressOf(tasks);
    const heads = tasks.map((task) => openTask(task, {
      milestoneId: listMilestones.get(task.task_list_id) ?? null,
      assignees: assignees.get(task.id) ?? [],
      progress: progress.get(task.id) ?? 0,
      links: linksBySource.get(task.id) ?? [],
    }));
    return {
      tasks, byId, assignees, links, lists, progress, heads, workingDays,
      presentedLists: lists.map((list) => presentList(list, milestoneIds)),
      milestones: milestoneRows.map(presentMilestone),
    };
  }

  return {
    /** The chart of the project as this reader's privacy view shows it. */
    of(projectAccess: ProjectAccess): Promise<KeptChart> {
      return kept.get(`${projectAccess.projectId}|${viewKey(privacyView(projectAccess))}`, () => load(projectAccess));
    },
  };
}

export type GanttCharts = ReturnType<typeof ganttCharts>;

/** The chart's tasks as the scheduling rules read them. */
export function scheduleTasks(chart: KeptChart): ScheduleTask[] {
  return chart.tasks.map((task) => ({ id: task.id, start: dayOf(task.start_at), due: dayOf(task.due_date) }));
}

/** The chart's links as the scheduling rules read them. */
export function scheduleLinks(chart: KeptChart): ScheduleLink[] {
  return chart.links.map((link) => ({ source: link.source, target: link.target, type: link.type as ScheduleLink["type"], lag: link.lag }));
}
