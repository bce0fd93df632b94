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
import { canSeeTaskList, groupByView, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { presentCalendarProject, presentMilestoneEvent, presentPerson, presentTaskEvent } from "./calendar.presenter.js";
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

  /** Tasks with their assignees (one statement), milestones (one more), and the access to each of their projects. */
  async function loadTasks(actor: Actor, scope: ResolvedScope, search: CalendarSearch, withMilestones: boolean) {
    const limit = CALENDAR_MAX_EVENTS + 1;
    const [{ tasks, assignees }, milestones] = await Promise.all([
      repository.findTasks(search, limit),
      withMilestones ? repository.findMilestones(search, limit) : Promise.resolve([]),
    ]);
    const accesses = scope.accesses ?? (await access.accessToProjects(actor, [...new Set([...tasks, ...milestones].map((row) => row.project_id))]));
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
    return { tasks, milestones, assigneesOf, accesses };
  }

  return {
    /** `GET pm-pro/v2/calendar-events`: tasks and milestones in the range that the actor may see. */
    async listEvents(actor: Actor, query: CalendarQuery): Promise<CalendarEvents> {
      const scope = await resolveScope(actor, query.project_id);
      if (scope.scopes?.length === 0) return { events: [], truncated: false };
      const { tasks, milestones, assigneesOf, accesses } = await loadTasks(actor, scope, searchOf(scope, query), true);
      const events: CalendarEvent[] = [];
      for (const row of tasks) {
        const projectAccess = accesses.get(row.project_id);
        if (projectAccess) events.push(presentTaskEvent(row, assigneesOf.get(row.id) ?? [], projectAccess));
      }
      for (const row of milestones) {
        const projectAccess = accesses.get(row.project_id);
        if (projectAccess) events.push(presentMilestoneEvent(row, projectAccess));
      }
      // Tasks and milestones arrive each in order; together they sort by first day, tasks before milestones.
      // Days are `YYYY-MM-DD`: compared as plain strings, which is far quicker than localeCompare.
      events.sort((a, b) => (a.start === b.start ? (a.type === b.type ? a.id - b.id : a.type === "task" ? -1 : 1) : a.start < b.start ? -1 : 1));
      return { events: events.slice(0, CALENDAR_MAX_EVENTS), truncated: events.length > CALENDAR_MAX_EVENTS };
    },

    /**
     * `GET pm-pro/v2/calendar-resource`: the user view. Rows are the members of the projects in scope (only
     * those named in `users` when it is given) plus an Unassigned row; a task sits on the row of each of its
     * assignees, or on Unassigned when it has none. Milestones belong to nobody and are not on it.
     */
    async listResource(actor: Actor, query: CalendarQuery): Promise<CalendarResource> {
      const scope = await resolveScope(actor, query.project_id);
      if (scope.scopes?.length === 0) return { resources: [], events: [], truncated: false };
      const [{ tasks, assigneesOf, accesses }, members] = await Promise.all([
        loadTasks(actor, scope, searchOf(scope, query), false),
        repository.findMembers(scope.projectIds),
      ]);
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

      const events: CalendarResourceEvent[] = [];
      for (const row of tasks.slice(0, CALENDAR_MAX_EVENTS)) {
        const projectAccess = accesses.get(row.project_id);
        if (!projectAccess) continue;
        const assignees = assigneesOf.get(row.id) ?? [];
        const event = presentTaskEvent(row, assignees, projectAccess);
        const rowIds = assignees.length === 0 ? (showUnassigned ? [UNASSIGNED_USER_ID] : []) : assignees.map((user) => user.id).filter((id) => rows.has(id));
        for (const resourceId of rowIds) events.push({ ...event, resource_id: resourceId });
      }
      return { resources, events, truncated: tasks.length > CALENDAR_MAX_EVENTS };
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
