import {
  ROLE,
  type CreateProjectBody,
  type ListProjectsQuery,
  type Pagination,
  type Project,
  type ProjectStatus,
  type ProjectSummary,
  type UpdateProjectBody,
  type User,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { ProjectRow } from "./projects.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { departmentPeople, withCoWorkers } from "../departments/departments.service.js";
import { type AttachmentsService } from "../files/attachments.service.js";
import type { SiteSettingsService } from "../site-settings/site-settings.service.js";
import { presentUser } from "../users/users.presenter.js";
import { findUsersByIds, searchUsers } from "../users/users.service.js";
import type { ProjectAccess, ProjectAccessService } from "./project-access.js";
import { projectAbilities, projectPolicy } from "./projects.policy.js";
import { presentSharedProject } from "./projects.presenter.js";
import { projectsRepository, type MemberWithUser } from "./projects.repository.js";
import { EVERY_TABLE, readCache } from "../../shared/read-cache.js";
import { finishObject, openObject } from "../../lib/json-fragment.js";
import { privacyViewOf, viewKey, type PrivacyView } from "../privacy/privacy.rules.js";
import type { ProjectCountsProvider } from "../module.js";

/** Totals of the projects list tabs. */
export interface ProjectListMeta {
  total_incomplete: number;
  total_complete: number;
  total_pending: number;
  total_archived: number;
  total_favourite: number;
}

/** What a privacy view may see of the counts the modules add to one project, fields two modules share added up. */
function moduleCountsOf(
  view: PrivacyView,
  providers: readonly ProjectCountsProvider[],
  rowsByProvider: ReadonlyArray<ReadonlyArray<{ project_id: number }>>,
): Record<string, number> {
  const totals: Record<string, number> = {};
  providers.forEach((provider, index) => {
    for (const [field, count] of Object.entries(provider.visible(rowsByProvider[index] ?? [], view))) totals[field] = (totals[field] ?? 0) + count;
  });
  return totals;
}

/** What every reader of a project shares: its members, and each counts provider's raw rows of it. */
interface KeptProjectFacts {
  members: MemberWithUser[];
  countRows: ReadonlyArray<ReadonlyArray<{ project_id: number }>>;
}

/** The key of a project's kept JSON: with or without counts, as one privacy view sees it. */
function shownProjectKey(projectId: number, withCounts: boolean, view: PrivacyView): string {
  return `${projectId}|${withCounts ? "counts" : "members"}|${viewKey(view)}`;
}

/** The JSON of each access's abilities, by whether the reader may create projects (accesses are kept, unchanged). */
const abilitiesJsonOf = new WeakMap<ProjectAccess, { mayCreate?: string; mayNotCreate?: string }>();

/** A reader's own last fields of a project, as JSON members (`"favourite":…,"abilities":{…}`). */
function readerFieldsJson(favourite: boolean, access: ProjectAccess, canCreateProjects: boolean): string {
  let texts = abilitiesJsonOf.get(access);
  if (!texts) {
    texts = {};
    abilitiesJsonOf.set(access, texts);
  }
  const slot = canCreateProjects ? "mayCreate" : "mayNotCreate";
  const abilities = (texts[slot] ??= JSON.stringify(projectAbilities(access, canCreateProjects)));
  return `"favourite":${favourite},"abilities":${abilities}`;
}

/** Projects whose shared facts (and rows) are kept at most. */
const MAX_KEPT_PROJECTS = 5_000;
/** Users whose favourites are kept at most. */
const MAX_KEPT_FAVOURITES = 10_000;

/** Projects, their members and favourites. */
export function projectsService(
  ctx: AppContext,
  deps: {
    access: ProjectAccessService;
    siteSettings: SiteSettingsService;
    /** The files module's service, read when a project is deleted (files are built after projects). */
    attachments: () => AttachmentsService;
    /** What the modules count in a project, for `meta` (tasks, lists, comments, files ...: each its own). */
    countProviders: () => readonly ProjectCountsProvider[];
  },
) {
  const { access, siteSettings, attachments, countProviders } = deps;
  const projects = projectsRepository(ctx.db);
  const tz = ctx.config.timezone;
  // Counts are read from many modules' tables, and nearly every change writes one: any commit renews them.
  const projectFacts = readCache<KeptProjectFacts>(ctx.tables, { dependsOn: [EVERY_TABLE], maxWeight: MAX_KEPT_PROJECTS });
  // Each project's JSON as a privacy view sees it, but for the reader's own last fields (see openObject).
  const shownProjects = readCache<{ head: string }>(ctx.tables, { dependsOn: [EVERY_TABLE], maxWeight: MAX_KEPT_PROJECTS });
  // A project's own row, and each user's favourites: read by every project page, changed rarely.
  const projectRows = readCache<ProjectRow>(ctx.tables, { dependsOn: ["projects"], maxWeight: MAX_KEPT_PROJECTS });
  // Each user's pages of the projects list, with the tabs' totals: every user's first screen.
  const projectPages = readCache<{ rows: ProjectRow[]; tabs: Awaited<ReturnType<typeof projects.countByStatus>> }>(ctx.tables, {
    dependsOn: ["projects", "project_members", "favourite_projects"],
    maxWeight: MAX_KEPT_PROJECTS,
    weigh: (kept) => kept.rows.length + 1,
  });
  const favouritesOf = readCache<{ projectIds: ReadonlySet<number> }>(ctx.tables, { dependsOn: ["favourite_projects"], maxWeight: MAX_KEPT_FAVOURITES });

  /** Which of these projects the user marked as favourites, from the user's kept favourites. */
  async function favouriteIds(userId: number, ids: readonly number[]): Promise<Set<number>> {
    const kept = await favouritesOf.get(String(userId), async () => ({ projectIds: new Set(await projects.findAllFavouriteIds(userId)) }));
    return new Set(ids.filter((id) => kept.projectIds.has(id)));
  }

  /**
   * Each project's members and (when asked) the modules' raw counts, the same for every reader: from the
   * cache where it holds, else in a fixed number of queries for all the missing projects at once.
   */
  async function sharedFactsOf(ids: readonly number[], withCounts: boolean): Promise<Map<number, KeptProjectFacts>> {
    const providers = withCounts ? countProviders() : [];
    const keyOf = (id: number) => `${id}|${withCounts ? "counts" : "members"}`;
    const stamp = await projectFacts.stamp();
    const found = new Map<number, KeptProjectFacts>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = projectFacts.peek(keyOf(id), stamp);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const [members, moduleRows] = await Promise.all([projects.findMembers(missing), Promise.all(providers.map((provider) => provider.count(missing)))]);
    for (const id of missing) {
      const facts: KeptProjectFacts = {
        members: members.filter((member) => member.project_id === id),
        countRows: moduleRows.map((rows) => rows.filter((row) => row.project_id === id)),
      };
      projectFacts.put(keyOf(id), stamp, facts);
      found.set(id, facts);
    }
    return found;
  }

  /**
   * Presents rows with members, favourites, abilities and (when asked) counts: a fixed number of queries.
   * What a privacy view shares is kept as JSON under `stamp`, taken before any row is read; `rowsOf` reads
   * the rows of the projects whose JSON is not kept.
   */
  async function presentMany(
    actor: Actor,
    ids: readonly number[],
    rowsOf: (ids: readonly number[]) => Promise<readonly ProjectRow[]>,
    withCounts: boolean,
    stamp: string,
    accesses?: Map<number, ProjectAccess>,
  ): Promise<Project[]> {
    const [favourites, resolved, canCreateProjects] = await Promise.all([
      favouriteIds(actor.id, ids),
      accesses ?? access.accessToProjects(actor, ids),
      siteSettings.canCreateProjects(actor),
    ]);
    const heads = new Map<number, string>();
    const missing = new Map<number, PrivacyView>();
    for (const id of ids) {
      const projectAccess = resolved.get(id);
      if (!projectAccess) continue;
      const view = privacyViewOf(projectAccess);
      const kept = shownProjects.peek(shownProjectKey(id, withCounts, view), stamp);
      if (kept === undefined) missing.set(id, view);
      else heads.set(id, kept.head);
    }
    if (missing.size > 0) {
      const providers = withCounts ? countProviders() : [];
      const [rows, facts] = await Promise.all([rowsOf([...missing.keys()]), sharedFactsOf([...missing.keys()], withCounts)]);
      for (const row of rows) {
        const view = missing.get(row.id);
        const shared = facts.get(row.id);
        if (!view || !shared) continue;
        const moduleCounts = withCounts ? moduleCountsOf(view, providers, shared.countRows) : undefined;
        const head = openObject(presentSharedProject(row, { members: shared.members, moduleCounts, timezone: tz }));
        shownProjects.put(shownProjectKey(row.id, withCounts, view), stamp, { head });
        heads.set(row.id, head);
      }
    }
    return ids.flatMap((id) => {
      const projectAccess = resolved.get(id);
      const head = heads.get(id);
      if (!projectAccess || head === undefined) return [];
      return [finishObject<Project>(head, readerFieldsJson(favourites.has(id), projectAccess, canCreateProjects))];
    });
  }

  /** Checks, before anything is written, that every given member is a real user listed once. */
  async function validateMembers(members: ReadonlyArray<{ user_id: number; role_id: number }>): Promise<void> {
    const seen = new Set<number>();
    for (const member of members) {
      // One row per user and project: a repeat would fail on the primary key half-way through.
      if (seen.has(member.user_id)) throw invalidField("assignees", say("projects.user_listed_twice", { user_id: member.user_id }));
      seen.add(member.user_id);
    }
    const ids = [...seen];
    const found = await findUsersByIds(ctx.db, ids);
    const missing = ids.filter((id) => !found.some((user) => user.id === id));
    if (missing.length > 0) throw invalidField("assignees", say("common.unknown_user_id", { missing: missing.join(", ") }));
  }

  /**
   * The department a project form chose (null = none) and the people who join as co-workers: all of its
   * people when the department is new to the project, nobody when it was already chosen (so people removed
   * since are not added back). Undefined when the form did not send one.
   */
  async function departmentChoice(departmentId: number | undefined, currentId: number | null): Promise<{ id: number | null; people: number[] } | undefined> {
    if (departmentId === undefined) return undefined;
    if (departmentId === 0) return { id: null, people: [] };
    if (departmentId === currentId) return { id: departmentId, people: [] };
    const integrationOn = (await siteSettings.value("hrm_integration")) === "1";
    return { id: departmentId, people: await departmentPeople(ctx.db, departmentId, integrationOn) };
  }

  /** A project's row, kept; 404 when there is none. */
  function projectRow(projectId: number): Promise<ProjectRow> {
    return projectRows.get(String(projectId), async () => {
      const found = await projects.findProject(projectId);
      if (!found) throw new AppError("not_found", say("common.project_not_found"));
      return found;
    });
  }

  async function getOne(actor: Actor, projectId: number): Promise<Project> {
    const [projectAccess, stamp] = await Promise.all([access.requireAccess(actor, projectId), shownProjects.stamp()]);
    const [project] = await presentMany(actor, [projectId], async () => [await projectRow(projectId)], true, stamp, new Map([[projectId, projectAccess]]));
    if (!project) throw new AppError("not_found", say("common.project_not_found"));
    return project;
  }

  return {
    async listProjects(actor: Actor, query: ListProjectsQuery): Promise<{ projects: Project[]; pagination: Pagination; meta: ProjectListMeta }> {
      const page = pageRequest(query.page, query.per_page, 10);
      const base = { memberId: actor.isSiteManager ? null : actor.id, viewerId: actor.id, title: query.title };
      const scope = { ...base, status: query.status === "favourite" ? undefined : query.status, favouritesOnly: query.status === "favourite" };
      const stamp = await shownProjects.stamp();
      const { rows, tabs } = await projectPages.get(JSON.stringify([scope, page.limit, page.offset]), async () => {
        const [found, counted] = await Promise.all([projects.findPage(scope, page.limit, page.offset), projects.countByStatus(base)]);
        return { rows: found, tabs: counted };
      });
      const total = scope.favouritesOnly
        ? tabs.favourites
        : scope.status
          ? (tabs.byStatus.get(scope.status) ?? 0)
          : [...tabs.byStatus.values()].reduce((sum, count) => sum + count, 0);
      return {
        projects: await presentMany(actor, rows.map((row) => row.id), async () => rows, query.with.includes("meta"), stamp),
        pagination: paginationMeta(page, total, rows.length),
        meta: {
          total_incomplete: tabs.byStatus.get("incomplete") ?? 0,
          total_complete: tabs.byStatus.get("complete") ?? 0,
          total_pending: tabs.byStatus.get("pending") ?? 0,
          total_archived: tabs.byStatus.get("archived") ?? 0,
          total_favourite: tabs.favourites,
        },
      };
    },

    getProject: getOne,

    async createProject(actor: Actor, input: CreateProjectBody): Promise<Project> {
      if (!(await siteSettings.canCreateProjects(actor))) throw forbidden(say("projects.cannot_create_projects"));
      await validateMembers(input.assignees);
      const department = await departmentChoice(input.department_id, null);
      const listed = [{ user_id: actor.id, role_id: ROLE.manager }, ...input.assignees.filter((member) => member.user_id !== actor.id)];
      const members = withCoWorkers(listed, department?.people ?? []);
      const now = nowUtc();
      const row = await transact(ctx, async (trx) => {
        const repo = projectsRepository(trx);
        const created = await repo.insertProject({
          title: input.title,
          description: sanitizeRichText(input.description),
          status: input.status,
          color: input.color ?? null,
          department_id: department?.id ?? null,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceMembers(created.id, members, now);
        await repo.insertInbox(created.id, actor.id, now);
        await recordEvent(trx, actor, { name: "project.created", payload: { projectId: created.id, id: created.id, title: created.title, privacyScope: null } });
        return created;
      });
      access.forget(actor, row.id);
      return getOne(actor, row.id);
    },

    async updateProject(actor: Actor, projectId: number, input: UpdateProjectBody): Promise<Project> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!projectPolicy.canEdit(projectAccess)) throw forbidden(say("projects.who_may_change"));
      if (input.assignees) {
        await validateMembers(input.assignees);
        if (!input.assignees.some((member) => member.role_id === ROLE.manager)) {
          throw invalidField("assignees", say("projects.project_needs_at_least_one_manager"));
        }
      }
      const department = input.department_id === undefined ? undefined : await departmentChoice(input.department_id, (await projects.findProject(projectId))?.department_id ?? null);
      const joining = department?.people ?? [];
      const now = nowUtc();
      await transact(ctx, async (trx) => {
        const repo = projectsRepository(trx);
        const before = await repo.findProject(projectId);
        const updated = await repo.updateProject(projectId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.color !== undefined && { color: input.color }),
          ...(department && { department_id: department.id }),
          updated_at: now,
        });
        if (!updated) throw new AppError("not_found", say("common.project_not_found"));
        if (input.assignees) {
          const members = withCoWorkers(input.assignees, joining);
          await repo.replaceMembers(projectId, members, now);
          // Former members keep no task assignments or comment notifications in this project.
          await repo.removeFormerMembersTraces(projectId, members.map((member) => member.user_id));
        } else if (joining.length > 0) {
          await repo.addMembers(projectId, withCoWorkers([], joining), now);
        }
        const changes = before ? fieldChanges(["title", "description", "status", "color", "department_id"], before, updated) : {};
        await recordEvent(trx, actor, { name: "project.updated", payload: { projectId, id: projectId, title: updated.title, privacyScope: null, changes } });
      });
      access.forget(actor, projectId);
      return getOne(actor, projectId);
    },

    async deleteProject(actor: Actor, projectId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!projectPolicy.canDelete(projectAccess)) throw forbidden(say("projects.who_may_delete"));
      // The stored bytes of its files and attachments go too.
      await attachments().deleteProjectWithFiles(projectId, () => projects.deleteProject(projectId));
    },

    async setFavourite(actor: Actor, projectId: number, favourite: boolean): Promise<Project> {
      await access.requireAccess(actor, projectId);
      await projects.setFavourite(actor.id, projectId, favourite, nowUtc());
      return getOne(actor, projectId);
    },

    /** Users who share a project with the actor (site managers: everyone), all of them on one page. */
    async assignedUsers(actor: Actor): Promise<{ users: User[]; pagination: Pagination }> {
      const rows = actor.isSiteManager
        ? (await searchUsers(ctx.db, { limit: null, offset: 0 })).rows
        : await projects.findUsersSharingProjects(actor.id);
      return { users: rows.map(presentUser), pagination: paginationMeta(pageRequest(1, -1, -1), rows.length, rows.length) };
    },

    /** Every project the actor may enter, for pickers, all of them on one page. */
    async allProjects(actor: Actor): Promise<{ projects: ProjectSummary[]; pagination: Pagination }> {
      const { rows, total } = await projects.listProjects({ memberId: actor.isSiteManager ? null : actor.id, viewerId: actor.id }, null, 0);
      return {
        projects: rows.map((row) => ({ id: row.id, title: row.title, status: row.status as ProjectStatus })),
        pagination: paginationMeta(pageRequest(1, -1, -1), total, rows.length),
      };
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
