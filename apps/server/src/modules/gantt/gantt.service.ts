import {
  criticalPath,
  GanttDateRangeError,
  linkProblem,
  planReschedule,
  type PlannedShift,
  type CreateGanttLinkBody,
  type GanttCriticalPathResponse,
  type GanttExportQuery,
  type GanttLink,
  type GanttListResponse,
  type GanttShift,
  type GanttTask,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { JsonFragment } from "../../lib/json-fragment.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { writeDateShifts } from "../tasks/task-date-shifts.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import { renderGanttExport, type GanttExportFile } from "./export/gantt-export.js";
import { ganttCharts, scheduleLinks, scheduleTasks, type KeptChart } from "./gantt.chart.js";
import { buildExportView } from "./gantt.export-view.js";
import { ganttPolicy } from "./gantt.policy.js";
import { presentLink } from "./gantt.presenter.js";
import { constraintBroken, ganttRepository, type LinkEndRow } from "./gantt.repository.js";

/** The answer of a reschedule: the tasks it moves (or moved), and whether they were written. */
export interface RescheduleResult {
  shifts: GanttShift[];
  applied: boolean;
}

/** The plan, or a 400 on `task_id` naming the task it would move past the last day a date can have. */
function planOrRefuse(plan: () => PlannedShift[], title: (id: number) => string): PlannedShift[] {
  try {
    return plan();
  } catch (error) {
    if (error instanceof GanttDateRangeError) throw invalidField("task_id", say("gantt.shift_past_last_day", { title: title(error.taskId) }));
    throw error;
  }
}

/** Today in the site's time zone, YYYY-MM-DD (the export's today marker and file name). */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/**
 * The Gantt chart (README.md): the chart's data, links, rescheduling, the critical path and the export.
 * Reads go through the kept chart (`gantt.chart.ts`); dates are written through the tasks module.
 */
export function ganttService(ctx: AppContext, access: ProjectAccessService) {
  const repository = ganttRepository(ctx.db, ctx.kind);
  const charts = ganttCharts(ctx);
  // The tasks' text where every bar is editable (managers read it so), finished once per kept chart.
  const allEditable = new WeakMap<KeptChart, string>();

  /** The chart's tasks as JSON text, each finished with whether this reader may change its dates. */
  function tasksText(projectAccess: ProjectAccess, chart: KeptChart): string {
    const finish = (mayEdit: (taskId: number) => boolean) =>
      `[${chart.tasks.map((task, index) => `${chart.heads[index] ?? "{"},"can_edit":${mayEdit(task.id)}}`).join(",")}]`;
    if (!projectAccess.isManager) return finish(schedulerOf(projectAccess, chart));
    let text = allEditable.get(chart);
    if (text === undefined) {
      text = finish(() => true);
      allEditable.set(chart, text);
    }
    return text;
  }

  /** Whether the reader may change the dates of a task of the chart. */
  function schedulerOf(projectAccess: ProjectAccess, chart: KeptChart): (taskId: number) => boolean {
    if (projectAccess.isManager) return () => true;
    return (taskId) => {
      const task = chart.byId.get(taskId);
      return task !== undefined && ganttPolicy.canSchedule(projectAccess, task, chart.assignees.get(taskId) ?? []);
    };
  }

  /**
   * A task named in a link's body: a task of this project, in a current list, that the reader sees; anything
   * else (another project's, a hidden or unknown one) is the same 400 on the field, so ids tell nothing.
   */
  function requireEnd(projectAccess: ProjectAccess, rows: readonly LinkEndRow[], id: number, field: string): LinkEndRow {
    const row = rows.find((candidate) => candidate.id === id);
    const usable = row !== undefined && row.project_id === projectAccess.projectId && row.list_status === 1
      && taskPolicy.canSee(privacyView(projectAccess), row, { privacy: row.list_privacy });
    if (!row || !usable) throw invalidField(field, say("tasks.choose_task_project"));
    return row;
  }

  /** 403 unless the reader may change the dates of the link's target (who may constrain it). */
  async function requireScheduler(projectAccess: ProjectAccess, task: LinkEndRow): Promise<void> {
    const assignees = ganttPolicy.needsAssignees(projectAccess, task) ? (await repository.assigneesOf([task.id])).get(task.id) ?? [] : [];
    if (!ganttPolicy.canSchedule(projectAccess, task, assignees)) throw forbidden(say("gantt.who_may_link", { title: task.title }));
  }

  return {
    /** `GET pm-pro/v2/projects/{p}/gantt`: every task the reader sees with its links, the lists, milestones and working days. */
    async getChart(actor: Actor, projectId: number): Promise<GanttListResponse> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const chart = await charts.of(projectAccess);
      return {
        // The kept JSON of each task, finished with the one field that is the reader's own.
        data: new JsonFragment<GanttTask[]>(tasksText(projectAccess, chart)).asValue(),
        meta: { lists: chart.presentedLists, milestones: chart.milestones, working_days: chart.workingDays },
      };
    },

    /**
     * `POST pm-pro/v2/projects/{p}/gantt`: links two tasks of the project the reader sees, when the reader may
     * change the target's dates. A link to itself, a second link between the same two tasks, or one closing a
     * cycle is a 400 on `link.target` and writes nothing; the check runs under a lock of the project, so two
     * links made at once cannot close a cycle together.
     */
    async createLink(actor: Actor, projectId: number, body: CreateGanttLinkBody): Promise<GanttLink> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const { source, target, type, lag } = body.link;
      const ends = await repository.findTasks([source, target]);
      const sourceTask = requireEnd(projectAccess, ends, source, "link.source");
      const targetTask = requireEnd(projectAccess, ends, target, "link.target");
      if (source === target) throw invalidField("link.target", say("gantt.link_to_itself"));
      await requireScheduler(projectAccess, targetTask);
      const duplicate = () => invalidField("link.target", say("gantt.link_exists", { source: sourceTask.title, target: targetTask.title }));
      try {
        const created = await transact(ctx, async (trx) => {
          const repo = ganttRepository(trx, ctx.kind);
          await repo.lockProject(projectId);
          const problem = linkProblem(await repo.projectLinks(projectId), source, target);
          if (problem === "duplicate") throw duplicate();
          if (problem === "cycle") throw invalidField("link.target", say("gantt.link_closes_cycle", { source: sourceTask.title, target: targetTask.title }));
          return repo.insertLink({ project_id: projectId, source, target, type, lag, creator: actor.id, created_at: nowUtc() });
        });
        return presentLink(created);
      } catch (error) {
        const broken = constraintBroken(error);
        // The same link made twice at one moment, or a task deleted between the checks and the write.
        if (broken === "unique") throw duplicate();
        if (broken === "foreign_key") throw invalidField("link.target", say("tasks.choose_task_project"));
        throw error;
      }
    },

    /** `POST .../gantt/{link_id}/delete`: for whoever may change the target's dates; 404 for a link unknown or unseen. */
    async deleteLink(actor: Actor, projectId: number, linkId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const link = await repository.findLink(linkId);
      const view = privacyView(projectAccess);
      const ends = link && link.project_id === projectId ? await repository.findTasks([link.source, link.target]) : [];
      const seen = ends.length === 2 && ends.every((end) => end.project_id === projectId && taskPolicy.canSee(view, end, { privacy: end.list_privacy }));
      const targetTask = ends.find((end) => end.id === link?.target);
      if (!link || !seen || !targetTask) throw notFound(say("gantt.link_not_found"));
      await requireScheduler(projectAccess, targetTask);
      await repository.deleteLink(linkId);
    },

    /**
     * `POST .../gantt/reschedule`: the successors of the moved task whose dates must move so that every link
     * holds, from the tasks' saved dates (`planReschedule`). With `apply`, writes them in one transaction with
     * one activity, when the reader may change the dates of every one (a 403 naming the others, nothing
     * written, otherwise). Tasks and links the reader does not see are left out of the plan.
     */
    async reschedule(actor: Actor, projectId: number, taskId: number, apply: boolean): Promise<RescheduleResult> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const chart = await charts.of(projectAccess);
      const moved = chart.byId.get(taskId);
      if (!moved) throw invalidField("task_id", say("tasks.choose_task_project"));
      const title = (id: number) => chart.byId.get(id)?.title ?? "";
      const plan = planOrRefuse(() => planReschedule({ tasks: scheduleTasks(chart), links: scheduleLinks(chart), movedTaskId: taskId, workingDays: chart.workingDays }), title);
      const shifts = plan.map((shift): GanttShift => ({
        task_id: shift.id, title: title(shift.id), start_at: shift.start, due_date: shift.due, new_start_at: shift.newStart, new_due_date: shift.newDue,
      }));
      if (!apply) return { shifts, applied: false };
      const mayEdit = schedulerOf(projectAccess, chart);
      const refused = plan.filter((shift) => !mayEdit(shift.id));
      if (refused.length > 0) throw forbidden(say("gantt.who_may_shift", { titles: refused.map((shift) => title(shift.id)).join(", ") }));
      if (plan.length === 0) return { shifts, applied: true };
      const listPrivacy = new Map(chart.lists.map((list) => [list.id, list.privacy]));
      const facts = (id: number) => {
        const task = chart.byId.get(id);
        return { id, title: task?.title ?? "", privacy: task?.privacy ?? 0, listPrivacy: listPrivacy.get(task?.task_list_id ?? 0) ?? 0 };
      };
      await transact(ctx, (trx) => writeDateShifts(trx, actor, projectId, facts(taskId), plan.map((shift) => ({
        ...facts(shift.id), start_at: shift.start, due_date: shift.due, newStartAt: shift.newStart, newDueDate: shift.newDue,
      })), nowUtc()));
      return { shifts, applied: true };
    },

    /** `GET .../gantt/critical-path`: the longest chain to the project's last due date, and each dated task's slack. */
    async criticalPath(actor: Actor, projectId: number): Promise<GanttCriticalPathResponse["data"]> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const chart = await charts.of(projectAccess);
      const path = criticalPath({ tasks: scheduleTasks(chart), links: scheduleLinks(chart), workingDays: chart.workingDays });
      return { task_ids: path.taskIds, slack: Object.fromEntries([...path.slack].map(([id, days]) => [String(id), days])), finish: path.finish };
    },

    /** `GET .../gantt/export`: the chart the reader sees as a PDF or PNG drawing, or its rows as CSV. */
    async exportChart(actor: Actor, projectId: number, query: GanttExportQuery): Promise<GanttExportFile> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const chart = await charts.of(projectAccess);
      const userIds = [...new Set([...chart.assignees.values()].flat())];
      const [projectTitle, names] = await Promise.all([repository.projectTitle(projectId), repository.userNames(userIds)]);
      const path = criticalPath({ tasks: scheduleTasks(chart), links: scheduleLinks(chart), workingDays: chart.workingDays });
      const view = buildExportView(chart, { projectTitle, query, today: todayIn(ctx.config.timezone), critical: new Set(path.taskIds), names });
      return renderGanttExport(view, query.format);
    },
  };
}

export type GanttService = ReturnType<typeof ganttService>;
