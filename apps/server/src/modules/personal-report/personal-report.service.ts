import { PERSONAL_REPORT_MAX_DAYS, usDateToIso, type PersonalReportEnvelope, type PersonalReportFor, type PersonalReportQuery } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, say } from "../../lib/app-error.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import type { TaskTypesService } from "../task-types/task-types.service.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import type { TimeTrackerService } from "../time-tracker/time-tracker.service.js";
import type { UsersService } from "../users/users.service.js";
import { presentPersonalReport, type LoggedTime, type ReportedUser } from "./personal-report.presenter.js";
import { personalReportRepository, type CompletedTaskRow } from "./personal-report.repository.js";

/** The services the report reads through. */
export interface PersonalReportDeps {
  access: ProjectAccessService;
  moduleStates: ModuleStatesService;
  taskTypes: TaskTypesService;
  timeTracker: TimeTrackerService;
  users: UsersService;
}

/** The range of a report: YYYY-MM-DD days, both included. */
interface ReportRange {
  start: string;
  end: string;
  days: number;
}

const DAY_MS = 86_400_000;

function readDay(field: "startDate" | "endDate", value: string): string {
  const day = usDateToIso(value.trim());
  if (!day) throw invalidField(field, say("personal_report.date_format"));
  return day;
}

/** The query's MM/DD/YYYY dates as a range; the end defaults to the start (a one-day report). */
function readRange(query: PersonalReportQuery): ReportRange {
  if (!query.startDate?.trim()) throw invalidField("startDate", say("personal_report.start_date_required"));
  const start = readDay("startDate", query.startDate);
  const end = query.endDate?.trim() ? readDay("endDate", query.endDate) : start;
  if (end < start) throw invalidField("endDate", say("personal_report.end_before_start"));
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > PERSONAL_REPORT_MAX_DAYS) throw invalidField("endDate", say("personal_report.range_too_long", { max: PERSONAL_REPORT_MAX_DAYS }));
  return { start, end, days };
}

/** `users` as distinct ids in the order given; the caller when absent or empty. */
function readUsers(users: string | undefined, actorId: number): number[] {
  if (!users?.trim()) return [actorId];
  const parts = users.split(",").map((part) => part.trim());
  if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) throw invalidField("users", say("personal_report.users_format"));
  return [...new Set(parts.map(Number))];
}

/**
 * The personal estimate report (README.md): what some users completed in a range, with its estimations and
 * the time they logged, as the reader may see it.
 */
export function personalReportService(ctx: AppContext, deps: PersonalReportDeps) {
  const { access, moduleStates, taskTypes, timeTracker, users } = deps;
  const repository = personalReportRepository(ctx.db);
  const timezone = ctx.config.timezone;

  /**
   * A reported user, and the projects the reader may read their work in: null for every project the reader
   * is in (their own report, or a site manager's reading), else the projects the reader manages that the
   * user is a member of; 403 when there is none. A user the reader may not see at all (no shared project)
   * is the users module's 404, so ids cannot be probed.
   */
  async function readable(actor: Actor, userId: number): Promise<{ user: ReportedUser; projects: ReadonlySet<number> | null }> {
    const found = await users.getUser(actor, userId);
    const user = { id: found.id, display_name: found.display_name, avatar_url: found.avatar_url };
    if (userId === actor.id || actor.isSiteManager) return { user, projects: null };
    const managed = new Set(await timeTracker.managedProjectsOf(actor.id, userId));
    if (managed.size === 0) throw forbidden(say("personal_report.who_may_see"));
    return { user, projects: managed };
  }

  /** Sub-tasks are reported instead of tasks when the module is on and the users estimated some. */
  async function reportForOf(rows: readonly CompletedTaskRow[]): Promise<PersonalReportFor> {
    if (!rows.some((row) => row.parent_id !== 0 && row.estimation > 0)) return "task";
    return (await moduleStates.isActive("sub_tasks")) ? "sub_task" : "task";
  }

  return {
    /** `GET pm-pro/v2/report-summary?type=user`: the report of `users` (the caller by default). */
    async personalReport(actor: Actor, query: PersonalReportQuery): Promise<PersonalReportEnvelope> {
      const range = readRange(query);
      const userIds = readUsers(query.users, actor.id);
      const readers = await Promise.all(userIds.map((id) => readable(actor, id)));
      const scopes = new Map(readers.map((reader) => [reader.user.id, reader.projects]));

      const completed = await repository.findCompletedTasks(userIds, startOfDayUtc(range.start, timezone), endOfDayUtc(range.end, timezone));
      const cells = (await Promise.all(userIds.map(async (userId) => (await timeTracker.loggedTimeOf(userId, range.start, range.end)).map((cell) => ({ ...cell, user_id: userId }))))).flat();
      const accesses = await access.accessToProjects(actor, [...new Set([...completed, ...cells].map((row) => row.project_id))]);

      // What the reader may see of a user's work: a project they may read it in, and a task its privacy shows them.
      const isVisible = (userId: number, task: { project_id: number; privacy: number; list_privacy: number }) => {
        const projects = scopes.get(userId);
        if (projects && !projects.has(task.project_id)) return false;
        const projectAccess = accesses.get(task.project_id);
        return projectAccess !== undefined && taskPolicy.canSee(privacyView(projectAccess), task, { privacy: task.list_privacy });
      };
      const visible = completed.filter((row) => isVisible(row.user_id, row));
      const logged: LoggedTime[] = cells
        .filter((cell) => isVisible(cell.user_id, cell))
        .map((cell) => ({ user_id: cell.user_id, task_id: cell.task_id, project_id: cell.project_id, seconds: cell.seconds }));
      const typeTitles = new Map((await taskTypes.listTaskTypes(actor)).map((type) => [type.id, type.title]));

      return {
        data: presentPersonalReport({
          users: readers.map((reader) => reader.user),
          completed: visible,
          logged,
          typeTitles,
          reportFor: await reportForOf(visible),
          days: range.days,
          timezone,
        }),
        meta: { start_date: range.start, end_date: range.end, days: range.days },
      };
    },
  };
}

export type PersonalReportService = ReturnType<typeof personalReportService>;
