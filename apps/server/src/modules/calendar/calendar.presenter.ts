import type { CalendarEvent, CalendarProject, CalendarUser, ProjectStatus } from "@plotline/contracts";
import { related } from "../../lib/envelope.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { calendarAbilities } from "./calendar.policy.js";
import type { CalendarListRow, CalendarMilestoneRow, CalendarPersonRow, CalendarTaskRow } from "./calendar.repository.js";
import { privacyFlagText } from "../privacy/privacy.rules.js";

/** Days already worked out: a month of events ends on the same few dozen days. */
const nextDays = new Map<string, string>();

/** The day after a `YYYY-MM-DD` day: a calendar's exclusive end. */
export function nextDay(day: string): string {
  let next = nextDays.get(day);
  if (next === undefined) {
    next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (nextDays.size >= 20_000) nextDays.clear();
    nextDays.set(day, next);
  }
  return next;
}

/** The fields of a person that an event or a row shows. */
export function presentPerson(row: CalendarPersonRow): CalendarUser {
  return { id: row.id, display_name: row.display_name, avatar_url: row.avatar_url };
}

/**
 * A task as a calendar event: from its start to its due date (end exclusive); with one date only, on that
 * day. Only tasks with at least one date reach here. All but the abilities, which depend on the reader and
 * come last (calendar.service.ts adds them).
 */
export function taskEventShared(row: CalendarTaskRow, assignees: readonly CalendarUser[]): Omit<CalendarEvent, "abilities"> {
  const days = [row.start_at, row.due_date].filter((day): day is string => day !== null).sort();
  const first = days[0] ?? "";
  const last = days[days.length - 1] ?? first;
  return {
    id: row.id,
    type: "task",
    title: row.title,
    project_id: row.project_id,
    start: first,
    end: nextDay(last),
    start_at: row.start_at,
    due_date: row.due_date,
    status: row.status,
    assignees: related([...assignees]),
    task_list: related({ id: row.task_list_id, title: row.list_title }),
    meta: { privacy: privacyFlagText(row.privacy) },
  };
}

/** A milestone as a one-day calendar event on its achieve date, all but the abilities. */
export function milestoneEventShared(row: CalendarMilestoneRow): Omit<CalendarEvent, "abilities"> {
  return {
    id: row.id,
    type: "milestone",
    title: row.title,
    project_id: row.project_id,
    start: row.achieve_date,
    end: nextDay(row.achieve_date),
    start_at: null,
    due_date: null,
    status: row.status,
    assignees: related([]),
    task_list: null,
    meta: { privacy: privacyFlagText(row.privacy) },
  };
}

/** A project with what the calendar's selects and New Task form need. */
export function presentCalendarProject(
  project: { id: number; title: string; status: string },
  lists: readonly CalendarListRow[],
  members: readonly CalendarUser[],
  access: ProjectAccess,
): CalendarProject {
  return {
    id: project.id,
    title: project.title,
    status: project.status as ProjectStatus,
    task_lists: related(lists.map((list) => ({ id: list.id, title: list.title, is_inbox: list.is_inbox === 1 }))),
    users: related([...members]),
    abilities: calendarAbilities.project(access),
  };
}
