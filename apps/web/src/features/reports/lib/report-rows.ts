import type { ReportProject, ReportTask, Task } from "@plotline/contracts";

/** A task as a report row shows it, whichever call brought it. */
export interface ReportRow {
  id: number;
  title: string;
  /** 0 incomplete, 1 complete, 2 pending. */
  status: number;
  project_id: number;
  task_list_id: number;
  start: string | null;
  due: string | null;
  created: string | null;
  completed: string | null;
  creator: string | null;
  completer: string | null;
  assignees: string[];
  /** Minutes. */
  estimation: number;
  payable: boolean;
}

/** Rows of one task list, under its project. */
export interface ReportListGroup {
  id: number;
  title: string | null;
  rows: ReportRow[];
}

/** A project's rows, list by list. */
export interface ReportProjectGroup {
  id: number;
  title: string | null;
  lists: ReportListGroup[];
  /** Tasks of the project that matched when only some are listed (the advanced report's cap). */
  total?: number;
}

/** A row from `GET pm/v2/tasks`; the completer's name is looked up among the users, when known. */
export function rowOfTask(task: Task, nameOf: (userId: number) => string | null): ReportRow {
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    project_id: task.project_id,
    task_list_id: task.task_list_id,
    start: task.start_at.date,
    due: task.due_date.date,
    created: task.created_at.date,
    completed: task.completed_at.date,
    creator: task.creator.data.display_name,
    completer: task.completed_by ? nameOf(task.completed_by) : null,
    assignees: task.assignees.data.map((user) => user.display_name),
    estimation: task.estimation,
    payable: task.payable,
  };
}

/** A row of the advanced report. */
export function rowOfReportTask(task: ReportTask): ReportRow {
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    project_id: task.project_id,
    task_list_id: task.task_list_id,
    start: task.start_at.date,
    due: task.due_date.date,
    created: task.created_at.date,
    completed: task.completed_at.date,
    creator: task.creator.data?.display_name ?? null,
    completer: task.completer.data?.display_name ?? null,
    assignees: task.assignees.data.map((user) => user.display_name),
    estimation: task.estimation,
    payable: task.payable,
  };
}

/**
 * A page of rows grouped by project, then by list, each in the order its first row came (the page's
 * order), titles looked up by id (null while unknown).
 */
export function groupRows(rows: readonly ReportRow[], projectTitle: (id: number) => string | null, listTitle: (id: number) => string | null): ReportProjectGroup[] {
  const projects = new Map<number, ReportProjectGroup>();
  for (const row of rows) {
    let project = projects.get(row.project_id);
    if (!project) {
      project = { id: row.project_id, title: projectTitle(row.project_id), lists: [] };
      projects.set(row.project_id, project);
    }
    let list = project.lists.find((candidate) => candidate.id === row.task_list_id);
    if (!list) {
      list = { id: row.task_list_id, title: listTitle(row.task_list_id), rows: [] };
      project.lists.push(list);
    }
    list.rows.push(row);
  }
  return [...projects.values()];
}

/** The advanced report's projects as groups. */
export function groupsOfAdvanceReport(projects: readonly ReportProject[]): ReportProjectGroup[] {
  return projects.map((project) => ({
    id: project.id,
    title: project.title,
    total: project.meta.total_tasks,
    lists: project.task_lists.data.map((list) => ({ id: list.id, title: list.title, rows: list.tasks.data.map(rowOfReportTask) })),
  }));
}

/** The word of a task status (0 incomplete, 1 complete, 2 pending), as the catalogue names it. */
export const STATUS_WORDS = { 0: "incomplete", 1: "complete", 2: "pending" } as const;

/** The catalogue's word for a status; anything unknown reads as incomplete. */
export function statusWord(status: number): (typeof STATUS_WORDS)[keyof typeof STATUS_WORDS] {
  return status === 1 || status === 2 ? STATUS_WORDS[status] : "incomplete";
}

/** Minutes as hours with up to two decimals ("1.5"). */
export function hoursOf(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}
