import {
  CALENDAR_MAX_EVENTS,
  UNASSIGNED_USER_ID,
  type CalendarEvent,
  type CalendarProjectsAnswer,
  type CalendarQuery,
  type CalendarResourceEvent,
  type CalendarUser,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { finishObject, openObject } from "../../lib/json-fragment.js";
import { readCache } from "../../shared/read-cache.js";
import { canSeeTaskList, groupByView, privacyViewOf, viewKey } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { calendarAbilities, type EventFacts } from "./calendar.policy.js";
import { milestoneEventShared, presentCalendarProject, presentPerson, taskEventShared } from "./calendar.presenter.js";
import { calendarRepository, type CalendarAssigneeRow, type CalendarListRow, type CalendarScope, type CalendarSearch } from "./calendar.repository.js";

/** Events of a calendar call, and whether more matched than one answer carries. */
export interface CalendarEvents {
  events: CalendarEvent[];
  truncated: boolean;
}

/** The user view: its rows and the events on them. */
export interface CalendarResource {
  resources: CalendarUser[];
  events: CalendarResourceEvent[];
  truncated: boolean;
}

/** Which projects a call covers: null for every project (a site manager without a project filter). */
interface ResolvedScope {
  scopes: CalendarScope[] | null;
  /** The projects in scope; null for every project. */
  projectIds: number[] | null;
  /** Access to the projects of the rows found; loaded after the rows when `scopes` is null. */
  accesses: ReadonlyMap<number, ProjectAccess> | null;
}

/**
 * Every table the calendar's events are read from: a commit to any of them (or a delete that cascades
 * into one) renews every kept answer.
 */
const CALENDAR_TABLES = ["project_members", "tasks", "task_lists", "task_assignees", "milestones", "users"];
/** Events kept at most, over every answer (a few hundred bytes each). */
const MAX_KEPT_EVENTS = 50_000;

/** An event as every reader with one view sees it: its JSON up to the abilities, with what they rest on. */
interface KeptEvent {
  head: string;
  kind: "task" | "milestone";
  projectId: number;
  /** What the abilities are worked out from. */
  facts: EventFacts;
  /** On the user view: the row (the person) it sits on. */
  resourceId?: number;
}

/** One calendar answer before abilities. */
interface KeptEvents {
  events: KeptEvent[];
  /** The user view's rows; empty for the events call. */
  resources: CalendarUser[];
  truncated: boolean;
  /** The projects of the events, whose access the abilities need. */
  projectIds: number[];
}

function keepEvent(
  shared: Omit<CalendarEvent, "abilities">,
  kind: KeptEvent["kind"],
  row: { project_id: number; created_by: number; privacy: number },
  move: EventFacts["move"],
  resourceId?: number,
): KeptEvent {
  const assigneeIds = kind === "task" ? (shared.assignees?.data.map((user) => user.id) ?? []) : [];
  return { head: openObject(shared), kind, projectId: row.project_id, facts: { created_by: row.created_by, privacy: row.privacy, assigneeIds, move }, resourceId };
}

function projectIdsOf(events: readonly KeptEvent[]): number[] {
  return [...new Set(events.map((event) => event.projectId))];
}

/** A kept event as `access` sees it, sent as its text: abilities come last, then the user view's row. */
function keptEventFor(access: ProjectAccess, event: KeptEvent): CalendarResourceEvent {
  const abilities = event.kind === "task" ? calendarAbilities.task(access, event.facts) : calendarAbilities.milestone(access, event.facts);
  const row = event.resourceId === undefined ? "" : `,"resource_id":${event.resourceId}`;
  return finishObject<CalendarResourceEvent>(event.head, `"abilities":${JSON.stringify(abilities)}${row}`);
}

/** The key of an answer: which projects, seen how, and the query. */
function cacheKey(call: "events" | "resource", scope: ResolvedScope, query: CalendarQuery): string {
  const scopes = scope.scopes?.map((group) => [viewKey(group.view), group.projectIds]) ?? "every project";
  return JSON.stringify([call, scopes, query]);
}

/** Groups projects by what the reader may see in them, so that the SQL has one branch per view. */
function groupScopes(accesses: Iterable<ProjectAccess>): CalendarScope[] {
  return groupByView([...accesses].map((access) => ({ projectId: access.projectId, view: privacyViewOf(access) })));
}

/** The unassigned row of the user view. */
const UNASSIGNED_ROW: CalendarUser = { id: UNASSIGNED_USER_ID, display_name: "Unassigned", avatar_url: null };

function assigneePerson(row: CalendarAssigneeRow): CalendarUser {
  return presentPerson({ id: row.user_id, display_name: row.display_name, avatar_url: row.avatar_url });
}

function byName(a: CalendarUser, b: CalendarUser): number {
  return a.display_name.localeCompare(b.display_name) || a.id - b.id;
}

/** The calendar: events in a range, the user view's rows, and the projects its filters offer. */
export function calendarService(ctx: AppContext, access: ProjectAccessService) {
  const repository = calendarRepository(ctx.db);
  // Answers by scope (projects and the reader's view of each) and query: a month is read again and again.
  const keptEvents = readCache<KeptEvents>(ctx.tables, { dependsOn: CALENDAR_TABLES, maxWeight: MAX_KEPT_EVENTS, weigh: (kept) => kept.events.length });

  async function resolveScope(actor: Actor, projectId: number | undefined): Promise<ResolvedScope> {
    if (projectId !== undefined) {
      const projectAccess = await access.requireAccess(actor, projectId);
      return { scopes: groupScopes([projectAccess]), projectIds: [projectId], accesses: new Map([[projectId, projectAccess]]) };
    }
    if (actor.isSiteManager) return { scopes: null, projectIds: null, accesses: null };
    const memberships = await access.accessToMemberProjects(actor);
    return { scopes: groupScopes(memberships.values()), projectIds: [...memberships.keys()], accesses: memberships };
  }

  function searchOf(scope: ResolvedScope, query: CalendarQuery): CalendarSearch {
    const users = query.users ?? [];
    return {
      scopes: scope.scopes,
      start: query.start,
      end: query.end,
      assigneeIds: users.filter((id) => id !== UNASSIGNED_USER_ID),
      unassigned: users.includes(UNASSIGNED_USER_ID),
    };
  }

  /** Tasks with their assignees (one statement, and one for the people named), and milestones (one more). */
  async function loadRows(search: CalendarSearch, withMilestones: boolean) {
    const limit = CALENDAR_MAX_EVENTS + 1;
    const [{ tasks, assignees }, milestones] = await Promise.all([
      repository.findTasks(search, limit),
      withMilestones ? repository.findMilestones(search, limit) : Promise.resolve([]),
    ]);
    // One object per person, however many events name them.
    const people = new Map<number, CalendarUser>();
    const assigneesOf = new Map<number, CalendarUser[]>();
    for (const row of assignees) {
      let person = people.get(row.user_id);
      if (!person) {
        person = assigneePerson(row);
        people.set(row.user_id, person);
      }
      const list = assigneesOf.get(row.task_id);
      if (list) list.push(person);
      else assigneesOf.set(row.task_id, [person]);
    }
    return { tasks, milestones, assigneesOf };
  }

  /** The events as `actor` sees them: each kept text with the reader's abilities, in projects they may enter. */
  async function eventsFor(actor: Actor, scope: ResolvedScope, kept: KeptEvents): Promise<CalendarResourceEvent[]> {
    const accesses = scope.accesses ?? (await access.accessToProjects(actor, kept.projectIds));
    return kept.events.flatMap((event) => {
      const projectAccess = accesses.get(event.projectId);
      return projectAccess ? [keptEventFor(projectAccess, event)] : [];
    });
  }

  return {
    /** `GET pm-pro/v2/calendar-events`: tasks and milestones in the range that the actor may see. */
    async listEvents(actor: Actor, query: CalendarQuery): Promise<CalendarEvents> {
      const scope = await resolveScope(actor, query.project_id);
      if (scope.scopes?.length === 0) return { events: [], truncated: false };
      const kept = await keptEvents.get(cacheKey("events", scope, query), async () => {
        const { tasks, milestones, assigneesOf } = await loadRows(searchOf(scope, query), true);
        const events = [
          ...tasks.map((row) => ({ shared: taskEventShared(row, assigneesOf.get(row.id) ?? []), row, kind: "task" as const })),
          ...milestones.map((row) => ({ shared: milestoneEventShared(row), row, kind: "milestone" as const })),
        ];
        // Tasks and milestones arrive each in order; together they sort by first day, tasks before milestones.
        // Days are `YYYY-MM-DD`: compared as plain strings, which is far quicker than localeCompare.
        events.sort(({ shared: a }, { shared: b }) => (a.start === b.start ? (a.type === b.type ? a.id - b.id : a.type === "task" ? -1 : 1) : a.start < b.start ? -1 : 1));
        const shown = events.slice(0, CALENDAR_MAX_EVENTS).map(({ shared, row, kind }) => keepEvent(shared, kind, row, "dates"));
        return { events: shown, resources: [], truncated: events.length > CALENDAR_MAX_EVENTS, projectIds: projectIdsOf(shown) };
      });
      return { events: await eventsFor(actor, scope, kept), truncated: kept.truncated };
    },

    /**
     * `GET pm-pro/v2/calendar-resource`: the user view. Rows are the members of the projects in scope (only
     * those named in `users` when it is given) plus an Unassigned row; a task sits on the row of each of its
     * assignees, or on Unassigned when it has none. Milestones belong to nobody and are not on it.
     */
    async listResource(actor: Actor, query: CalendarQuery): Promise<CalendarResource> {
      const scope = await resolveScope(actor, query.project_id);
      if (scope.scopes?.length === 0) return { resources: [], events: [], truncated: false };
      const kept = await keptEvents.get(cacheKey("resource", scope, query), async () => {
        const [{ tasks, assigneesOf }, members] = await Promise.all([loadRows(searchOf(scope, query), false), repository.findMembers(scope.projectIds)]);
        const wanted = query.users ? new Set(query.users) : null;
        const rows = new Map<number, CalendarUser>();
        for (const member of members) if (!wanted || wanted.has(member.id)) rows.set(member.id, presentPerson(member));
        // People who left a project keep a row while tasks there still name them.
        for (const list of assigneesOf.values()) {
          for (const person of list) if (!rows.has(person.id) && (!wanted || wanted.has(person.id))) rows.set(person.id, person);
        }
        const resources = [...rows.values()].sort(byName);
        const showUnassigned = !wanted || wanted.has(UNASSIGNED_USER_ID);
        if (showUnassigned) resources.push(UNASSIGNED_ROW);

        const events: KeptEvent[] = [];
        for (const row of tasks.slice(0, CALENDAR_MAX_EVENTS)) {
          const assignees = assigneesOf.get(row.id) ?? [];
          const shared = taskEventShared(row, assignees);
          const rowIds = assignees.length === 0 ? (showUnassigned ? [UNASSIGNED_USER_ID] : []) : assignees.map((user) => user.id).filter((id) => rows.has(id));
          for (const resourceId of rowIds) events.push(keepEvent(shared, "task", row, "dates_and_people", resourceId));
        }
        return { events, resources, truncated: tasks.length > CALENDAR_MAX_EVENTS, projectIds: projectIdsOf(events) };
      });
      return { resources: kept.resources, events: await eventsFor(actor, scope, kept), truncated: kept.truncated };
    },

    /**
     * `GET pm-pro/v2/calendar-projects`: every project the actor belongs to (site managers: every project),
     * each with the current lists they may see and its members; and everyone among those members.
     */
    async listProjects(actor: Actor): Promise<CalendarProjectsAnswer> {
      const accesses = actor.isSiteManager
        ? await access.accessToProjects(actor, await repository.findAllProjectIds())
        : await access.accessToMemberProjects(actor);
      const projectIds = [...accesses.keys()];
      const [projects, lists, members] = await Promise.all([
        repository.findProjects(projectIds),
        repository.findCurrentLists(projectIds),
        repository.findMembers(projectIds),
      ]);
      const users = new Map<number, CalendarUser>();
      const membersOf = new Map<number, CalendarUser[]>();
      for (const member of members) {
        const person = presentPerson(member);
        users.set(person.id, person);
        membersOf.set(member.project_id, [...(membersOf.get(member.project_id) ?? []), person]);
      }
      const listsOf = new Map<number, CalendarListRow[]>();
      for (const list of lists) listsOf.set(list.project_id, [...(listsOf.get(list.project_id) ?? []), list]);
      const presented = projects.flatMap((project) => {
        const projectAccess = accesses.get(project.id);
        if (!projectAccess) return [];
        const visibleLists = (listsOf.get(project.id) ?? []).filter((list) => canSeeTaskList(privacyViewOf(projectAccess), list));
        return [presentCalendarProject(project, visibleLists, membersOf.get(project.id) ?? [], projectAccess)];
      });
      presented.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
      return { projects: presented, users: [...users.values()].sort(byName), current_user_id: actor.id };
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;
