import type { Timesheet, TimesheetQuery, TimesheetRow, User } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { forbidden, notFound, say } from "../../lib/app-error.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import { dayOf, daysFrom, mondayOf } from "./time-days.js";
import { timePolicy } from "./time-tracker.policy.js";
import { presentTimeUser, presentViewer } from "./time-tracker.presenter.js";
import type { TimesheetCell, TimeTrackerRepository } from "./time-tracker.repository.js";

// One collator for every comparison: `localeCompare` with options builds one per call, which made sorting
// a month of a busy sheet most of its answer's time.
const titles = new Intl.Collator("en", { sensitivity: "base" });

/** Rows by project title, then task title (ignoring case), then id: the order a sheet is read in. */
function byProjectThenTask(a: TimesheetRow, b: TimesheetRow): number {
  return titles.compare(a.task.project_title, b.task.project_title) || titles.compare(a.task.title, b.task.title) || a.task.id - b.task.id;
}

/**
 * Whose sheet it is, and which projects the caller may read it in: null for every project (their own sheet,
 * or a site manager's reading), else the projects the caller manages and the owner is a member of. Reading
 * another member's sheet is for site managers and the managers of a project both are in (403 otherwise).
 */
async function ownerOf(repository: TimeTrackerRepository, actor: Actor, ownerId: number): Promise<{ user: User; managedProjects: ReadonlySet<number> | null }> {
  if (ownerId === actor.id) return { user: presentViewer(actor), managedProjects: null };
  const row = await repository.findUser(ownerId);
  if (!row) throw notFound(say("users.user_not_found"));
  if (actor.isSiteManager) return { user: presentTimeUser(row), managedProjects: null };
  const managed = new Set(await repository.findManagedProjectsOf(actor.id, ownerId));
  if (managed.size === 0) throw forbidden(say("time_tracker.who_may_see_timesheet"));
  return { user: presentTimeUser(row), managedProjects: managed };
}

/**
 * `GET pm-pro/v2/timesheet`: a user's stopped time over `days` days from `start` (this week's Monday in the
 * site's time zone by default), one row per task, with totals by day and in all. Only tasks the caller may
 * see are shown, and on someone else's sheet only those of projects the caller manages. The logs are read
 * in one statement through the (user, day) index, whatever the range.
 */
export function timesheetOf(deps: { repository: TimeTrackerRepository; access: ProjectAccessService; timezone: string }) {
  const { repository, access, timezone } = deps;
  return async (actor: Actor, query: TimesheetQuery): Promise<Timesheet> => {
    const start = query.start ?? mondayOf(dayOf(new Date(), timezone));
    const days = daysFrom(start, query.days);
    const end = days[days.length - 1] ?? start;
    const ownerId = query.user_id ?? actor.id;
    const editable = ownerId === actor.id;
    const { user, managedProjects } = await ownerOf(repository, actor, ownerId);
    const cells = await repository.timesheetCells(ownerId, start, end);
    const accesses = await access.accessToProjects(actor, [...new Set(cells.map((cell) => cell.project_id))]);

    const rows = new Map<number, TimesheetRow>();
    const rowOf = (cell: TimesheetCell): TimesheetRow | null => {
      const known = rows.get(cell.task_id);
      if (known) return known;
      if (managedProjects && !managedProjects.has(cell.project_id)) return null;
      const projectAccess = accesses.get(cell.project_id);
      if (!projectAccess || !taskPolicy.canSee(privacyView(projectAccess), cell, { privacy: cell.list_privacy })) return null;
      const row: TimesheetRow = {
        task: {
          id: cell.task_id,
          title: cell.title,
          status: cell.status,
          parent_id: cell.parent_id,
          project_id: cell.project_id,
          project_title: cell.project_title,
          task_list_id: cell.task_list_id,
        },
        days: {},
        total: 0,
        can_add:
          editable &&
          timePolicy.canLog(projectAccess, cell.assignee_id !== null) &&
          timePolicy.isOpenForTime({ status: cell.status, listStatus: cell.list_status }),
      };
      rows.set(cell.task_id, row);
      return row;
    };

    const totals: Record<string, number> = Object.fromEntries(days.map((day) => [day, 0]));
    let total = 0;
    for (const cell of cells) {
      const row = rowOf(cell);
      if (!row) continue;
      row.days[cell.day] = (row.days[cell.day] ?? 0) + cell.seconds;
      row.total += cell.seconds;
      totals[cell.day] = (totals[cell.day] ?? 0) + cell.seconds;
      total += cell.seconds;
    }
    return { user: { data: user }, days, rows: [...rows.values()].sort(byProjectThenTask), totals: { days: totals, total }, editable };
  };
}
