import type { Activity, ListActivitiesQuery, Pagination } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { usersRepository } from "../users/users.repository.js";
import { activitiesRepository, type ActivityFilter, type ActivityVisibility } from "./activities.repository.js";
import { presentActivity } from "./activities.presenter.js";
import { readableScopes, readsEveryScope } from "./activity-recorder.js";

/**
 * Stored UTC bounds of the calendar days `from`..`to` (both inclusive) as read in the site's time zone,
 * which is how the API shows committed_at.
 */
export function dayRangeUtc(from: string | undefined, to: string | undefined, timezone: string): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  if (from) range.from = startOfDayUtc(from, timezone);
  if (to) range.to = endOfDayUtc(to, timezone);
  return range;
}

/** Reads `orderby` (`created_at ASC`, `committed_at:asc`, `desc`): oldest first only when it asks for it. */
function isAscending(orderby: string | undefined): boolean {
  return /\basc$/i.test(orderby?.trim() ?? "");
}

/** Which entries a reader may see across the given projects, decided per project by its capabilities. */
export function visibilityFor(accesses: Iterable<ProjectAccess>): ActivityVisibility {
  const visibility: ActivityVisibility = { fullProjects: [], limitedProjects: [] };
  for (const access of accesses) {
    if (access.isManager || readsEveryScope(access.can)) visibility.fullProjects.push(access.projectId);
    else visibility.limitedProjects.push({ projectId: access.projectId, scopes: readableScopes(access.can) });
  }
  return visibility;
}

/** The activity feeds: per project and across the caller's projects. A fixed number of queries per page. */
export function activitiesService(ctx: AppContext, access: ProjectAccessService) {
  const activities = activitiesRepository(ctx.db);
  const users = usersRepository(ctx.db);
  const tz = ctx.config.timezone;

  async function listVisible(visibility: ActivityVisibility, query: ListActivitiesQuery): Promise<{ activities: Activity[]; pagination: Pagination }> {
    const page = pageRequest(query.page, query.per_page, 20);
    const filter: ActivityFilter = {
      userId: query.user_id,
      ...(query.resource_type !== undefined && query.resource_id !== undefined && { resource: { type: query.resource_type, id: query.resource_id } }),
      ...dayRangeUtc(query.updated_at_start, query.updated_at, tz),
      limit: page.limit ?? 20,
      offset: page.offset,
      ascending: isAscending(query.orderby),
    };
    const { rows, total } = await activities.listActivities(visibility, filter);
    const withs = new Set(query.with);
    const [actorRows, projectRows] = await Promise.all([
      withs.has("actor") ? users.findUsersByIds([...new Set(rows.map((row) => row.actor_id))]) : Promise.resolve(null),
      withs.has("project") ? activities.findProjectTitles(rows.map((row) => row.project_id)) : Promise.resolve(null),
    ]);
    const extras = {
      timezone: tz,
      ...(actorRows && { actors: new Map(actorRows.map((user) => [user.id, user])) }),
      ...(projectRows && { projects: new Map(projectRows.map((project) => [project.id, project])) }),
    };
    return { activities: rows.map((row) => presentActivity(row, extras)), pagination: paginationMeta(page, total, rows.length) };
  }

  return {
    /** One project's feed; 403 for non-members. */
    async listProjectActivities(actor: Actor, projectId: number, query: ListActivitiesQuery) {
      const projectAccess = await access.requireAccess(actor, projectId);
      return listVisible(visibilityFor([projectAccess]), query);
    },

    /** Every project the caller belongs to (site managers: every project), newest first. */
    async listActivities(actor: Actor, query: ListActivitiesQuery) {
      if (actor.isSiteManager) return listVisible({ everyProject: true, fullProjects: [], limitedProjects: [] }, query);
      const accesses = await access.accessToMemberProjects(actor);
      return listVisible(visibilityFor(accesses.values()), query);
    },
  };
}

export type ActivitiesService = ReturnType<typeof activitiesService>;
