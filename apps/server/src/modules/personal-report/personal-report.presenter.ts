import {
  minutesAsHours,
  minutesAsHoursText,
  type PersonalReport,
  type PersonalReportFor,
  type PersonalReportProject,
  type PersonalReportTaskGroup,
  type PersonalReportTaskRow,
  type PersonalReportType,
  type PersonalReportUser,
} from "@plotline/contracts";
import { toRequiredDateObject } from "../../lib/dates.js";
import type { CompletedTaskRow } from "./personal-report.repository.js";

/** Seconds a reported user logged on one task in the range (stopped logs, visible to the reader). */
export interface LoggedTime {
  user_id: number;
  task_id: number;
  project_id: number;
  seconds: number;
}

/** A reported user as shown. */
export interface ReportedUser {
  id: number;
  display_name: string;
  avatar_url: string | null;
}

/** What the report is built from, every record already cleared for the reader. */
export interface PersonalReportInput {
  users: readonly ReportedUser[];
  /** Completed rows, once per task and assigned reported user. */
  completed: readonly CompletedTaskRow[];
  logged: readonly LoggedTime[];
  typeTitles: ReadonlyMap<number, string>;
  reportFor: PersonalReportFor;
  /** Days in the range, both ends included. */
  days: number;
  timezone: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Minutes as the report's pair of fields. */
function duration(minutes: number): { hours: number; text: string } {
  return { hours: minutesAsHours(minutes), text: minutesAsHoursText(minutes) };
}

const titles = new Intl.Collator("en", { sensitivity: "base" });

/** Whether a row is the kind the report lists. */
function isReported(row: { parent_id: number }, reportFor: PersonalReportFor): boolean {
  return reportFor === "sub_task" ? row.parent_id !== 0 : row.parent_id === 0;
}

/** A completed task once, with the reported users assigned to it. */
type UniqueTask = CompletedTaskRow & { user_ids: number[] };

/** Each task once, with the reported users assigned to it. */
function uniqueTasks(completed: readonly CompletedTaskRow[]): UniqueTask[] {
  const byId = new Map<number, UniqueTask>();
  for (const row of completed) {
    const known = byId.get(row.id);
    if (known) known.user_ids.push(row.user_id);
    else byId.set(row.id, { ...row, user_ids: [row.user_id] });
  }
  return [...byId.values()];
}

function sumSeconds(logged: readonly LoggedTime[], keep: (entry: LoggedTime) => boolean): number {
  return logged.reduce((sum, entry) => (keep(entry) ? sum + entry.seconds : sum), 0);
}

function presentUser(user: ReportedUser, input: PersonalReportInput): PersonalReportUser {
  const rows = input.completed.filter((row) => row.user_id === user.id && isReported(row, input.reportFor));
  const estimation = rows.reduce((sum, row) => sum + row.estimation, 0);
  const completed = rows.length;
  const loggedMinutes = sumSeconds(input.logged, (entry) => entry.user_id === user.id) / 60;
  const total = duration(estimation);
  const perTask = duration(completed > 0 ? estimation / completed : 0);
  const perDay = duration(loggedMinutes / input.days);
  const logged = duration(loggedMinutes);
  return {
    id: user.id,
    display_name: user.display_name,
    avatar_url: user.avatar_url,
    meta: {
      total_estimation: total.hours,
      total_estimation_tf: total.text,
      completed_tasks: completed,
      avg_hour_task: perTask.hours,
      avg_hour_task_tf: perTask.text,
      avg_work_hour: perDay.hours,
      avg_work_hour_tf: perDay.text,
      avg_task_day: round2(completed / input.days),
      total_logged: logged.hours,
      total_logged_tf: logged.text,
    },
  };
}

function typeOf(typeId: number | null, typeTitles: ReadonlyMap<number, string>) {
  const title = typeId === null ? undefined : typeTitles.get(typeId);
  return { data: typeId !== null && title !== undefined ? { id: typeId, title } : null };
}

function presentTaskRow(task: UniqueTask, input: PersonalReportInput): PersonalReportTaskRow {
  const estimation = duration(task.estimation);
  const logged = duration(sumSeconds(input.logged, (entry) => entry.task_id === task.id) / 60);
  return {
    id: task.id,
    title: task.title,
    project_id: task.project_id,
    project_title: task.project_title,
    task_list_id: task.task_list_id,
    completed_at: toRequiredDateObject(task.completed_at, input.timezone),
    type: typeOf(task.type_id, input.typeTitles),
    estimation: estimation.hours,
    estimation_tf: estimation.text,
    logged: logged.hours,
    logged_tf: logged.text,
    user_ids: task.user_ids,
    task: { data: task.parent_id !== 0 ? { id: task.parent_id, title: task.parent_title ?? "" } : null },
  };
}

/** The rows by the day they were completed on (site time zone), in the order completed. */
function presentTaskGroups(tasks: readonly UniqueTask[], input: PersonalReportInput): PersonalReportTaskGroup[] {
  const groups = new Map<string, UniqueTask[]>();
  for (const task of tasks) {
    const day = toRequiredDateObject(task.completed_at, input.timezone).date;
    groups.set(day, [...(groups.get(day) ?? []), task]);
  }
  return [...groups.entries()].map(([date, rows]) => {
    const total = duration(rows.reduce((sum, row) => sum + row.estimation, 0));
    return { date, data: rows.map((row) => presentTaskRow(row, input)), meta: { total_hours: total.hours, total_hours_tf: total.text } };
  });
}

/** A sum of minutes, or null when none of the rows carries an estimation. */
function estimationOrNull(rows: ReadonlyArray<{ estimation: number }>): { hours: number; text: string } | null {
  return rows.some((row) => row.estimation > 0) ? duration(rows.reduce((sum, row) => sum + row.estimation, 0)) : null;
}

function presentProjects(tasks: UniqueTask[], input: PersonalReportInput): PersonalReportProject[] {
  const byProject = new Map<number, { id: number; title: string; rows: UniqueTask[] }>();
  for (const task of tasks) {
    const project = byProject.get(task.project_id) ?? { id: task.project_id, title: task.project_title, rows: [] };
    project.rows.push(task);
    byProject.set(task.project_id, project);
  }
  return [...byProject.values()]
    .map(({ id, title, rows }) => {
      const topLevel = rows.filter((row) => row.parent_id === 0);
      const subTasks = rows.filter((row) => row.parent_id !== 0);
      const taskHours = estimationOrNull(topLevel);
      const subTaskHours = estimationOrNull(subTasks);
      const reported = input.reportFor === "sub_task" ? subTaskHours : taskHours;
      const completed = duration(sumSeconds(input.logged, (entry) => entry.project_id === id) / 60);
      return {
        project: { data: { id, title } },
        completed_tasks: topLevel.length,
        completed_sub_tasks: subTasks.length,
        estimated_task_hours: taskHours?.hours ?? null,
        estimated_task_hours_tf: taskHours?.text ?? null,
        estimated_sub_task_hours: subTaskHours?.hours ?? null,
        estimated_sub_task_hours_tf: subTaskHours?.text ?? null,
        estimated_hours: reported?.hours ?? null,
        estimated_hours_tf: reported?.text ?? null,
        completed_hours: completed.hours,
        completed_hours_tf: completed.text,
      };
    })
    .sort((a, b) => titles.compare(a.project.data.title, b.project.data.title) || a.project.data.id - b.project.data.id);
}

function presentTypes(rows: UniqueTask[], typeTitles: ReadonlyMap<number, string>): PersonalReportType[] {
  const byType = new Map<number | null, UniqueTask[]>();
  for (const row of rows) {
    const key = row.type_id !== null && typeTitles.has(row.type_id) ? row.type_id : null;
    byType.set(key, [...(byType.get(key) ?? []), row]);
  }
  return [...byType.entries()]
    .map(([typeId, typed]) => {
      const estimated = duration(typed.reduce((sum, row) => sum + row.estimation, 0));
      return { type: typeOf(typeId, typeTitles), completed: typed.length, estimated_hours: estimated.hours, estimated_hours_tf: estimated.text };
    })
    // Typed rows by title, the untyped ones last.
    .sort((a, b) => (a.type.data === null ? 1 : 0) - (b.type.data === null ? 1 : 0) || titles.compare(a.type.data?.title ?? "", b.type.data?.title ?? ""));
}

/** The personal report from rows the reader may see (README.md defines each figure). */
export function presentPersonalReport(input: PersonalReportInput): PersonalReport {
  const tasks = uniqueTasks(input.completed);
  const reported = tasks.filter((task) => isReported(task, input.reportFor));
  const topLevel = tasks.filter((task) => task.parent_id === 0);
  const subTasks = tasks.filter((task) => task.parent_id !== 0);
  const estimatedSubTasks = subTasks.filter((task) => task.estimation > 0);
  const sum = (rows: ReadonlyArray<{ estimation: number }>) => duration(rows.reduce((total, row) => total + row.estimation, 0));
  const reportedTotal = sum(reported);
  const taskTotal = sum(topLevel);
  const subTaskTotal = sum(subTasks);
  const estimatedSubTaskTotal = sum(estimatedSubTasks);
  return {
    users: { data: input.users.map((user) => presentUser(user, input)) },
    report_for: input.reportFor,
    tasks: { data: presentTaskGroups(reported, input), meta: { total_hours: reportedTotal.hours, total_hours_tf: reportedTotal.text } },
    projects: {
      data: presentProjects(tasks, input),
      meta: {
        total_tasks: topLevel.length,
        total_sub_tasks: subTasks.length,
        total_task_estimation: taskTotal.hours,
        total_task_estimation_tf: taskTotal.text,
        total_sub_task_estimation: subTaskTotal.hours,
        total_sub_task_estimation_tf: subTaskTotal.text,
      },
    },
    task_types: {
      data: presentTypes(topLevel, input.typeTitles),
      meta: { total_tasks: topLevel.length, total_estimation: taskTotal.hours, total_estimation_tf: taskTotal.text },
    },
    sub_task_types: {
      data: presentTypes(estimatedSubTasks, input.typeTitles),
      meta: { total_sub_tasks: estimatedSubTasks.length, total_estimation: estimatedSubTaskTotal.hours, total_estimation_tf: estimatedSubTaskTotal.text },
    },
  };
}
