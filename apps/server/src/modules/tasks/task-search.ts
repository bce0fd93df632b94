import { statusesOf, type ListTasksQuery } from "@plotline/contracts";
import { invalidField, say } from "../../lib/app-error.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";
import { groupByView, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { DateCondition, ProjectScope, TaskSearch } from "./task-pages.repository.js";

const OPERATORS: Record<string, DateCondition["op"]> = {
  equal: "=",
  less_than: "<",
  greater_than: ">",
  less_than_equal: "<=",
  greater_than_equal: ">=",
  null: "null",
  not_null: "not_null",
};

type DateFilterInput = NonNullable<ListTasksQuery["due_date"]>;

/** `due_date=2026-01-01` or `due_date[operator]=less_than&due_date[date]=...` as a condition. */
export function toDateCondition(field: string, filter: DateFilterInput | undefined): DateCondition | undefined {
  if (filter === undefined) return undefined;
  if (typeof filter === "string") return { op: "=", date: filter };
  const op = OPERATORS[filter.operator] ?? "=";
  if (op !== "null" && op !== "not_null" && !filter.date) throw invalidField(field, say("tasks.give_date_compare_with", { field }));
  return { op, date: filter.date };
}

/** Groups projects by what the reader may see in them, so that the search has one branch per view. */
export function scopesFor(accesses: Iterable<ProjectAccess>): ProjectScope[] {
  return groupByView([...accesses].map((access) => ({ projectId: access.projectId, view: privacyViewOf(access) })));
}

/** The filters of a tasks query, apart from which projects it covers. */
export function searchFilters(query: ListTasksQuery, timezone: string): Omit<TaskSearch, "scopes"> {
  const users = query.users === undefined ? undefined : Array.isArray(query.users) ? query.users : [query.users];
  const priorities = query.priority === undefined ? undefined : Array.isArray(query.priority) ? query.priority : [query.priority];
  return {
    assigneeIds: users?.filter((id) => id > 0),
    unassigned: users?.includes(0) || undefined,
    statuses: query.status === undefined ? undefined : statusesOf(query.status),
    startAt: toDateCondition("start_at", query.start_at),
    dueDate: toDateCondition("due_date", query.due_date),
    dueFrom: query.due_date_start,
    completedFrom: query.completed_at_start ? startOfDayUtc(query.completed_at_start, timezone) : undefined,
    completedTo: query.completed_at ? endOfDayUtc(query.completed_at, timezone) : undefined,
    milestoneId: query.milestone,
    taskListId: query.task_list_id,
    taskId: query.id,
    title: query.title || undefined,
    // Sorted and without repeats, so that the same filter written in any order is one kept search.
    priorities: priorities && [...new Set(priorities)].sort((a, b) => a - b),
    order: query.orderby,
  };
}

/** `project_id` as a list of ids, or undefined when not given. */
export function projectIdsOf(query: ListTasksQuery): number[] | undefined {
  if (query.project_id === undefined) return undefined;
  return Array.isArray(query.project_id) ? query.project_id : [query.project_id];
}
