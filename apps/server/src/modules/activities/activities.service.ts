import type { Activity, ListActivitiesQuery, Pagination } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { endOfDayUtc, startOfDayUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { activitiesRepository, type ActivityFilter, type ActivityVisibility } from "./activities.repository.js";
import { presentActivity, type ActivityExtras } from "./activities.presenter.js";
import type { ActivityLocale } from "./activity-catalogue.js";
import { readableScopes, readsEveryScope } from "../privacy/privacy.rules.js";

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

/** How the reader reads the sentences: English until users have a language setting to feed this. */
export interface ActivityReading {
  locale: ActivityLocale;
}

const ENGLISH: ActivityReading = { locale: "en" };

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

/** Whether a reader with this visibility may see a project's private lists (a manager, or `view_private_list`). */
function seesPrivateLists(visibility: ActivityVisibility): (projectId: number) => boolean {
  if (visibility.everyProject) return () => true;
  const projects = new Set(visibility.fullProjects);
  for (const entry of visibility.limitedProjects) if (entry.scopes.includes("view_private_list")) projects.add(entry.projectId);
  return (projectId) => projects.has(projectId);
}

/** The activity feeds: per project and across the caller's projects. A fixed number of queries per page. */
export function activitiesService(ctx: AppContext, access: ProjectAccessService) {
  const activities = activitiesRepository(ctx.db);
  const tz = ctx.config.timezone;

  async function listVisible(
    visibility: ActivityVisibility,
    query: ListActivitiesQuery,
    options: ActivityReading,
  ): Promise<{ activities: Activity[]; pagination: Pagination }> {
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
    // Actors are always read: sentences are rendered with their names, whether or not `with=actor` asks for them.
    const [actorRows, projectRows] = await Promise.all([
      rows.length > 0 ? findUsersByIds(ctx.db, [...new Set(rows.map((row) => row.actor_id))]) : Promise.resolve([]),
      withs.has("project") ? activities.findProjectTitles(rows.map((row) => row.project_id)) : Promise.resolve(null),
    ]);
    const extras: ActivityExtras = {
      timezone: tz,
      locale: options.locale,
      actorNames: new Map(actorRows.map((user) => [user.id, user.display_name])),
      seesPrivateLists: seesPrivateLists(visibility),
      ...(withs.has("actor") && { actors: new Map(actorRows.map((user) => [user.id, user])) }),
      ...(projectRows && { projects: new Map(projectRows.map((project) => [project.id, project])) }),
    };
    return { activities: rows.map((row) => presentActivity(row, extras)), pagination: paginationMeta(page, total, rows.length) };
  }

  return {
    /** One project's feed; 403 for non-members. */
    async listProjectActivities(actor: Actor, projectId: number, query: ListActivitiesQuery, options: ActivityReading = ENGLISH) {
      const projectAccess = await access.requireAccess(actor, projectId);
      return listVisible(visibilityFor([projectAccess]), query, options);
    },

    /** Every project the caller belongs to (site managers: every project), newest first. */
    async listActivities(actor: Actor, query: ListActivitiesQuery, options: ActivityReading = ENGLISH) {
      const projectId = query.project_id;
      if (actor.isSiteManager) {
        if (projectId !== undefined) return listVisible({ fullProjects: [projectId], limitedProjects: [] }, query, options);
        return listVisible({ everyProject: true, fullProjects: [], limitedProjects: [] }, query, options);
      }
      const accesses = await access.accessToMemberProjects(actor);
      const chosen = projectId === undefined ? [...accesses.values()] : [accesses.get(projectId)].filter((entry) => entry !== undefined);
      return listVisible(visibilityFor(chosen), query, options);
    },
  };
}

export type ActivitiesService = ReturnType<typeof activitiesService>;
