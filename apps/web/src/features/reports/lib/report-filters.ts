import type { ReportExportKind, RouteName } from "@plotline/contracts";
import dayjs from "dayjs";

/** The report pages that list tasks through `GET pm/v2/tasks` with a filter modal. */
export type TaskReportKind = "overdue-tasks" | "completed-tasks" | "unassigned-tasks" | "milestone-tasks" | "report-user-task";

/** A report's filters as the address holds them (`?start_date=&end_date=&project_id=&user_id=&milestone=`). */
export interface ReportFilters {
  start_date: string;
  end_date: string;
  project_id: string;
  user_id: string;
  milestone: string;
  /** The project report's radio: -1 every task, 1 complete ones, 0 incomplete ones. */
  status: string;
}

/** The fields a report's filter modal shows, and which of them must be filled. */
export interface FilterFields {
  /** Label keys of the two pickers, or null for a report without dates. */
  dates: { start: "completed_start" | "due_start" | "start_date"; end: "completed_end" | "due_end" | "end_date" } | null;
  /** Whether the start date is required ('Start and Due date field is required'). */
  needsStart: boolean;
  project: "optional" | "required" | "none";
  user: "optional" | "required" | "none";
  milestone: boolean;
  /** The project report's status radio. */
  status?: boolean;
}

/** What a task report is: its route names, its filter modal, its export and the query it sends. */
export interface TaskReportDefinition {
  route: RouteName;
  pagination: RouteName;
  fields: FilterFields;
  /** Whether the default range (first of the month to today) applies when the address has no dates. */
  defaultRange: boolean;
  exportKind: ReportExportKind | null;
}

const DUE_DATES = { start: "due_start", end: "due_end" } as const;

export const TASK_REPORTS: Record<TaskReportKind, TaskReportDefinition> = {
  "overdue-tasks": {
    route: "overdue-tasks",
    pagination: "overdue_pagination",
    fields: { dates: DUE_DATES, needsStart: true, project: "optional", user: "optional", milestone: false },
    defaultRange: true,
    exportKind: "overdue-tasks",
  },
  "completed-tasks": {
    route: "completed-tasks",
    pagination: "completed_pagination",
    fields: { dates: { start: "completed_start", end: "completed_end" }, needsStart: true, project: "optional", user: "optional", milestone: false },
    defaultRange: true,
    exportKind: "completed-tasks",
  },
  "unassigned-tasks": {
    route: "unassigned-tasks",
    pagination: "unassigned_pagination",
    fields: { dates: DUE_DATES, needsStart: true, project: "optional", user: "none", milestone: false },
    defaultRange: true,
    exportKind: "unassigned",
  },
  // The milestone's tasks whatever their dates, unless a due range is chosen (the export reads it the same way).
  "milestone-tasks": {
    route: "milestone-tasks",
    pagination: "milestone_task_pagination",
    fields: { dates: DUE_DATES, needsStart: false, project: "required", user: "none", milestone: true },
    defaultRange: false,
    exportKind: "milestone",
  },
  // One co-worker's overdue tasks: the overdue report with the user fixed by the address.
  "report-user-task": {
    route: "report-user-task",
    pagination: "report_user_task_pagination",
    fields: { dates: DUE_DATES, needsStart: true, project: "optional", user: "none", milestone: false },
    defaultRange: true,
    exportKind: "overdue-tasks",
  },
};

/** The user-activities report's modal: dates, project and the co-worker, both the start and the user required. */
export const ACTIVITY_FIELDS: FilterFields = { dates: { start: "start_date", end: "end_date" }, needsStart: true, project: "optional", user: "required", milestone: false };

/** The Project Report's modal: a project (required) and the status radio. */
export const PROJECT_FIELDS: FilterFields = { dates: null, needsStart: false, project: "required", user: "none", milestone: false, status: true };

/** The default range: the first of the current month to today, as `YYYY-MM-DD`. */
export function defaultRange(today: string): { start_date: string; end_date: string } {
  return { start_date: dayjs(today).startOf("month").format("YYYY-MM-DD"), end_date: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d*$/;

/** The filters of the address, dropped when malformed, with the default range where the report has one. */
export function readFilters(search: URLSearchParams, today: string, withDefaultRange: boolean): ReportFilters {
  const day = (key: string) => (DAY.test(search.get(key) ?? "") ? (search.get(key) as string) : "");
  const id = (key: string) => (ID.test(search.get(key) ?? "") ? (search.get(key) as string) : "");
  const hasDates = search.has("start_date") || search.has("end_date");
  const range = withDefaultRange && !hasDates ? defaultRange(today) : { start_date: day("start_date"), end_date: day("end_date") };
  const status = search.get("status") ?? "";
  return { ...range, project_id: id("project_id"), user_id: id("user_id"), milestone: id("milestone"), status: ["1", "0"].includes(status) ? status : "-1" };
}

/** The filters written back to the address; empty ones stay out, an empty range is kept as such. */
export function filtersSearch(filters: ReportFilters): string {
  const params = new URLSearchParams();
  params.set("start_date", filters.start_date);
  params.set("end_date", filters.end_date);
  for (const key of ["project_id", "user_id", "milestone"] as const) if (filters[key]) params.set(key, filters[key]);
  if (filters.status !== "-1") params.set("status", filters.status);
  return params.toString();
}

/** Validation message keys of the modal, by field, in the spec's wording. */
export type FilterErrors = Partial<Record<"start_date" | "user_id" | "project_id" | "milestone", "start_required" | "user_required" | "project_required" | "milestone_required">>;

/** Checks a filter modal's values against the report's rules; an empty object when they pass. */
export function checkFilters(fields: FilterFields, filters: ReportFilters): FilterErrors {
  const errors: FilterErrors = {};
  if (fields.dates && fields.needsStart && !filters.start_date) errors.start_date = "start_required";
  if (fields.user === "required" && !filters.user_id) errors.user_id = "user_required";
  if (fields.project === "required" && !filters.project_id) errors.project_id = "project_required";
  else if (fields.milestone && !filters.milestone) errors.milestone = "milestone_required";
  return errors;
}

/** The day after `day`. */
function nextDay(day: string): string {
  return dayjs(day).add(1, "day").format("YYYY-MM-DD");
}

type Query = Record<string, string | number | undefined>;

/** The `GET pm/v2/tasks` query of a task report (the server's reports README lists each). */
export function taskReportQuery(kind: TaskReportKind, filters: ReportFilters, today: string, userId?: number): Query {
  const project = filters.project_id || undefined;
  const start = filters.start_date || undefined;
  const end = filters.end_date || today;
  switch (kind) {
    case "overdue-tasks":
    case "report-user-task": {
      // Overdue means due before today, whatever the end of the range.
      const before = nextDay(end) < today ? nextDay(end) : today;
      const users = kind === "report-user-task" ? userId : filters.user_id || undefined;
      return { status: "incomplete", due_date_start: start, "due_date[operator]": "less_than", "due_date[date]": before, project_id: project, users };
    }
    case "completed-tasks":
      return { status: 1, completed_at_start: start, completed_at: end, project_id: project, users: filters.user_id || undefined };
    case "unassigned-tasks":
      return { users: 0, status: "incomplete", due_date_start: start, "due_date[operator]": "less_than_equal", "due_date[date]": end, project_id: project };
    case "milestone-tasks":
      return {
        project_id: project,
        milestone: filters.milestone || undefined,
        ...(start ? { due_date_start: start, "due_date[operator]": "less_than_equal", "due_date[date]": end } : {}),
      };
  }
}

/**
 * The export address of a report: `GET /api/pm-pro/v2/users/{me}/advance-report/{kind}/{csv|pdf}/` with the
 * page's filters; the overdue PDF at the documents' `overdue-tasks-PDF`. Opened by navigation, so the file
 * downloads under the name the server gives it (Content-Disposition).
 */
export function exportUrl(meId: number, kind: ReportExportKind, format: "csv" | "pdf", filters: Partial<ReportFilters>): string {
  const tail = kind === "overdue-tasks" && format === "pdf" ? "overdue-tasks-PDF" : `${kind}/${format}/`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/pm-pro/v2/users/${meId}/advance-report/${tail}${query ? `?${query}` : ""}`;
}

/** The page number of the address (`pages/:current_page_number`), 1 when absent or malformed. */
export function pageOf(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
