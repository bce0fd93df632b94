import {
  ADVANCE_FILTER_KEYS,
  ADVANCE_REPORT_MAX_FILTERS,
  type AdvanceFilter,
  type AdvanceFilterKey,
  type AdvanceReportQuery,
  type ReportExportKind,
  type ReportExportQuery,
} from "@plotline/contracts";
import { invalidField, say } from "../../lib/app-error.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";

/**
 * Reading the reports' filters: the advanced report's rows and an export's query, with the spec's messages.
 * Pure functions; what they return is what the repository searches.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a task report searches; every field narrows. */
export interface TaskReportSearch {
  /** Any of these statuses. */
  statuses?: readonly number[];
  projectIds?: readonly number[];
  assigneeIds?: readonly number[];
  /** Tasks with no assignee. */
  unassigned?: boolean;
  payable?: 0 | 1;
  milestoneId?: number;
  /** Due date between these days, both inclusive (calendar days, as stored). */
  dueFrom?: string;
  dueTo?: string;
  /** Due strictly before this day (overdue). */
  dueBefore?: string;
  /** Completed between these stored UTC instants, inclusive. */
  completedFrom?: string;
  completedTo?: string;
  /** Dated inside these days: start (or due) on or after `from`, due (or start) on or before `to`. */
  datedWithin?: { from: string; to: string };
}

/** An export's activity search: whose, where and when. */
export interface ActivityReportSearch {
  userId: number;
  projectId?: number;
  from: string;
  to: string;
}

function isDay(value: unknown): value is string {
  return typeof value === "string" && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Ids from `5`, `"5"`, `"5,7"` or `[5, "7"]`; null when any is not a positive whole number or there are none. */
function idsOf(value: unknown): number[] | null {
  const parts = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  const ids = parts.map((part) => (typeof part === "string" ? part.trim() : part)).map((part) => (typeof part === "string" && /^\d+$/.test(part) ? Number(part) : part));
  if (ids.length === 0 || ids.length > 100 || !ids.every((id): id is number => typeof id === "number" && Number.isInteger(id) && id > 0 && id <= 2_147_483_647)) return null;
  return [...new Set(ids)];
}

function oneOf<T extends number>(value: unknown, allowed: readonly T[]): T | null {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return (allowed as readonly number[]).includes(number) ? (number as T) : null;
}

/** The rows as sent: bracket rows (an array, or an object keyed 0, 1, ...) or the same list as JSON text. */
function rowsOf(filters: AdvanceReportQuery["filters"]): unknown[] {
  if (filters === undefined) return [];
  if (Array.isArray(filters)) return filters;
  if (typeof filters === "string") {
    if (filters.trim() === "") return [];
    try {
      const parsed: unknown = JSON.parse(filters);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Falls through to the message below.
    }
    throw invalidField("filters", say("reports.filters_not_readable"));
  }
  return Object.values(filters);
}

function readRow(row: unknown): AdvanceFilter {
  if (typeof row !== "object" || row === null || !("skey" in row)) throw invalidField("filters", say("reports.filters_not_readable"));
  const { skey, svalue } = row as { skey: unknown; svalue?: unknown };
  if (typeof skey !== "string" || !(ADVANCE_FILTER_KEYS as readonly string[]).includes(skey)) {
    throw invalidField("filters", say("reports.unknown_filter_key", { skey: String(skey).slice(0, 40) }));
  }
  const key = skey as AdvanceFilterKey;
  if (svalue === undefined || svalue === null || svalue === "") throw invalidField(key, say("reports.filter_needs_value", { skey: key }));
  switch (key) {
    case "assigned":
    case "project": {
      const ids = idsOf(svalue);
      if (!ids) throw invalidField(key, say("reports.filter_needs_value", { skey: key }));
      return { skey: key, svalue: ids };
    }
    case "status": {
      const status = oneOf(svalue, [0, 1, 2] as const);
      if (status === null) throw invalidField(key, say("reports.status_must_be"));
      return { skey: key, svalue: status };
    }
    case "payable": {
      const payable = oneOf(svalue, [0, 1] as const);
      if (payable === null) throw invalidField(key, say("reports.payable_must_be"));
      return { skey: key, svalue: payable };
    }
    case "time": {
      const range = svalue as { start_at?: unknown; due_date?: unknown };
      if (typeof range !== "object" || !isDay(range.start_at) || !isDay(range.due_date) || range.start_at > range.due_date) {
        throw invalidField(key, say("reports.time_needs_dates"));
      }
      return { skey: key, svalue: { start_at: range.start_at, due_date: range.due_date } };
    }
  }
}

/** The advanced report's filter rows, checked: at least one, at most five, each key once. */
export function readAdvanceFilters(filters: AdvanceReportQuery["filters"]): AdvanceFilter[] {
  const rows = rowsOf(filters);
  if (rows.length === 0) throw invalidField("filters", say("reports.filters_required"));
  if (rows.length > ADVANCE_REPORT_MAX_FILTERS) throw invalidField("filters", say("reports.too_many_filters", { max: ADVANCE_REPORT_MAX_FILTERS }));
  const read = rows.map(readRow);
  const seen = new Set<string>();
  for (const filter of read) {
    if (seen.has(filter.skey)) throw invalidField("filters", say("reports.filter_key_used_twice", { skey: filter.skey }));
    seen.add(filter.skey);
  }
  return read;
}

/** The search the advanced report's filters stand for. */
export function advanceSearch(filters: readonly AdvanceFilter[]): TaskReportSearch {
  const search: TaskReportSearch = {};
  for (const filter of filters) {
    if (filter.skey === "assigned") search.assigneeIds = filter.svalue;
    else if (filter.skey === "project") search.projectIds = filter.svalue;
    else if (filter.skey === "status") search.statuses = [filter.svalue];
    else if (filter.skey === "payable") search.payable = filter.svalue;
    else search.datedWithin = { from: filter.svalue.start_at, to: filter.svalue.due_date };
  }
  return search;
}

/** The range of an export: start required (except the milestone report), end today when not given, not before the start. */
function rangeOf(kind: ReportExportKind, query: ReportExportQuery, today: string): { from?: string; to: string } {
  if (kind !== "milestone" && !query.start_date) throw invalidField("start_date", say("reports.start_due_date_field_required"));
  const to = query.end_date ?? today;
  if (query.start_date && to < query.start_date) throw invalidField("end_date", say("reports.end_date_before_start_date"));
  return { from: query.start_date, to };
}

/** An export's query checked with the report pages' messages, as the task search it stands for. */
export function taskExportSearch(kind: Exclude<ReportExportKind, "user-activities">, query: ReportExportQuery, today: string, timezone: string): TaskReportSearch {
  if (kind === "milestone") {
    if (query.project_id === undefined) throw invalidField("project_id", say("reports.please_choose_project"));
    if (query.milestone === undefined) throw invalidField("milestone", say("reports.please_choose_milestone"));
  }
  const range = rangeOf(kind, query, today);
  const common: TaskReportSearch = {
    ...(query.project_id !== undefined && { projectIds: [query.project_id] }),
    ...(query.user_id !== undefined && { assigneeIds: [query.user_id] }),
  };
  switch (kind) {
    case "completed-tasks":
      return { ...common, statuses: [1], completedFrom: startOfDayUtc(range.from ?? range.to, timezone), completedTo: endOfDayUtc(range.to, timezone) };
    case "overdue-tasks":
      return { ...common, statuses: [0, 2], dueFrom: range.from, dueTo: range.to, dueBefore: today };
    case "unassigned":
      return { ...common, assigneeIds: undefined, unassigned: true, statuses: [0, 2], dueFrom: range.from, dueTo: range.to };
    case "milestone":
      return { ...common, milestoneId: query.milestone, ...(range.from !== undefined && { dueFrom: range.from, dueTo: range.to }) };
  }
}

/** The user-activities export's query checked: a start day and a user. */
export function activityExportSearch(query: ReportExportQuery, today: string): ActivityReportSearch {
  const range = rangeOf("user-activities", query, today);
  if (query.user_id === undefined) throw invalidField("user_id", say("reports.please_select_user"));
  return { userId: query.user_id, projectId: query.project_id, from: range.from ?? range.to, to: range.to };
}
