import { ADVANCE_STATUS_LABELS, type ReportProject, type ReportTask, type ReportUser } from "@plotline/contracts";
import { toDateObject, toOptionalDateObject, toRequiredDateObject } from "../../lib/dates.js";
import type { ReportNames, ReportProjectCount, ReportTaskRow } from "./reports.repository.js";

/** Rows of the reports as the API and the exports show them. */

function userOf(names: ReportNames, id: number | null): ReportUser | null {
  if (id === null) return null;
  const user = names.users.get(id);
  return user ? { id: user.id, display_name: user.display_name, avatar_url: user.avatar_url } : null;
}

/** One task as reports show it. */
export function presentReportTask(row: ReportTaskRow, names: ReportNames, timezone: string): ReportTask {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    payable: row.payable === 1,
    estimation: row.estimation,
    start_at: toOptionalDateObject(row.start_at, timezone),
    due_date: toOptionalDateObject(row.due_date, timezone),
    created_at: toRequiredDateObject(row.created_at, timezone),
    completed_at: toOptionalDateObject(row.completed_at, timezone),
    project_id: row.project_id,
    task_list_id: row.task_list_id,
    creator: { data: userOf(names, row.created_by) },
    completer: { data: userOf(names, row.completed_by) },
    assignees: { data: (names.assignees.get(row.id) ?? []).map((id) => userOf(names, id)).filter((user) => user !== null) },
  };
}

/** The projects of a page, each with its lists (in the project's list order) and their tasks. */
export function presentReportProjects(projects: readonly ReportProjectCount[], rows: readonly ReportTaskRow[], names: ReportNames, timezone: string): ReportProject[] {
  return projects.map((project) => {
    const byList = new Map<number, ReportTask[]>();
    for (const row of rows) {
      if (row.project_id !== project.id) continue;
      byList.set(row.task_list_id, [...(byList.get(row.task_list_id) ?? []), presentReportTask(row, names, timezone)]);
    }
    const listIds = [...byList.keys()].sort((a, b) => (names.lists.get(a)?.sort_order ?? 0) - (names.lists.get(b)?.sort_order ?? 0) || a - b);
    return {
      id: project.id,
      title: project.title,
      task_lists: { data: listIds.map((id) => ({ id, title: names.lists.get(id)?.title ?? "", tasks: { data: byList.get(id) ?? [] } })) },
      meta: { total_tasks: project.count },
    };
  });
}

/** The columns of a task export, in order. */
export const TASK_EXPORT_COLUMNS = ["Project", "Task List", "Task", "Status", "Assignees", "Start Date", "Due Date", "Created At", "Created By", "Completed At", "Completed By", "Estimation (hours)"];

function dayOf(stored: string | null, timezone: string): string {
  return toDateObject(stored, timezone)?.date ?? "";
}

function nameOf(names: ReportNames, id: number | null): string {
  return id === null ? "" : (names.users.get(id)?.display_name ?? "");
}

/** A task as one row of an export, cells in TASK_EXPORT_COLUMNS' order. */
export function taskExportRecord(row: ReportTaskRow, names: ReportNames, timezone: string): string[] {
  const status = ADVANCE_STATUS_LABELS[row.status as 0 | 1 | 2] ?? String(row.status);
  return [
    names.projects.get(row.project_id) ?? "",
    names.lists.get(row.task_list_id)?.title ?? "",
    row.title,
    status,
    (names.assignees.get(row.id) ?? []).map((id) => nameOf(names, id)).filter(Boolean).join(", "),
    dayOf(row.start_at, timezone),
    dayOf(row.due_date, timezone),
    dayOf(row.created_at, timezone),
    nameOf(names, row.created_by),
    dayOf(row.completed_at, timezone),
    nameOf(names, row.completed_by),
    (row.estimation / 60).toFixed(2),
  ];
}

/** The columns of the user-activities export. */
export const ACTIVITY_EXPORT_COLUMNS = ["Date", "Time", "Project", "Action", "Activity"];
