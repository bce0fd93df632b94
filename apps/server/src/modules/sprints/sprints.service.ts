import {
  SPRINT_MAX_DAYS,
  sprintDatesProblem,
  type CreateSprintBody,
  type GetSprintQuery,
  type ListSprintsQuery,
  type Pagination,
  type Sprint,
  type SprintBurndownAnswer,
  type UpdateSprintBody,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, invalidField, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { sprintBacklog } from "./sprint-backlog.js";
import { sprintBurndownReader } from "./sprint-history.js";
import { sprintReader } from "./sprint-reader.js";
import { sprintScope } from "./sprint-scope.js";
import { sprintPolicy } from "./sprints.policy.js";
import { sprintsRepository } from "./sprints.repository.js";

/** A page of sprints with its pagination (the usual block and `found_rows`). */
export interface SprintListing {
  sprints: Sprint[];
  pagination: Pagination & { found_rows: number };
}

/** Open sprints `refresh` answers at most: more than a screen could show. */
const REFRESH_LIMIT = 500;

/**
 * Sprints (README.md): listing and reading them for each reader, planning, changing and deleting them; the
 * changes to what they hold (`sprint-scope.ts`) and their burndown (`sprint-history.ts`).
 */
export function sprintsService(ctx: AppContext, access: ProjectAccessService) {
  const repository = sprintsRepository(ctx.db, ctx.kind);
  const reader = sprintReader(ctx, access);
  const scope = sprintScope(ctx, access, reader);
  const burndowns = sprintBurndownReader(ctx);
  const backlog = sprintBacklog(ctx, access);

  /** 400 on `projects` naming those the actor may not plan a sprint over (or that do not exist). */
  async function checkPlannable(actor: Actor, projectIds: readonly number[]): Promise<void> {
    if (projectIds.length === 0) return;
    const accesses = await access.accessToProjects(actor, projectIds);
    const strangers = projectIds.filter((id) => {
      const projectAccess = accesses.get(id);
      return !projectAccess || !sprintPolicy.canPlanIn(actor, projectAccess);
    });
    if (strangers.length > 0) throw invalidField("projects", say("sprints.choose_projects", { strangers: strangers.join(", ") }));
  }

  /** 400 on the date that moved when the sprint's dates, merged with an update, break the rules. */
  function checkDates(startAt: string, dueDate: string, changed: "start_at" | "due_date"): void {
    const problem = sprintDatesProblem(startAt, dueDate);
    if (problem === "due_before_start") throw invalidField(changed, say("sprints.due_before_start"));
    if (problem === "too_long") throw invalidField(changed, say("sprints.too_long", { max: SPRINT_MAX_DAYS }));
  }

  return {
    ...scope,
    ...backlog,

    /** `GET pm-pro/v2/sprints`: the sprints of the caller's projects (site managers: all), filtered and paged. */
    async listSprints(actor: Actor, query: ListSprintsQuery): Promise<SprintListing> {
      const page = pageRequest(query.page, query.per_page, query.per_page);
      const filter = { statuses: query.status, memberUserId: actor.isSiteManager ? null : actor.id, ...(query.project_id !== undefined && { projectId: query.project_id }) };
      const { rows, total } = await repository.listSprints(filter, page.limit ?? query.per_page, page.offset);
      const sprints = await reader.presentMany(actor, rows);
      return { sprints, pagination: { ...paginationMeta(page, total, sprints.length), found_rows: total } };
    },

    /** `GET pm-pro/v2/sprints/refresh`: the caller's active and planned sprints, counted afresh. */
    async refresh(actor: Actor): Promise<Sprint[]> {
      const filter = { statuses: ["active", "planned"], memberUserId: actor.isSiteManager ? null : actor.id };
      const { rows } = await repository.listSprints(filter, REFRESH_LIMIT, 0);
      return reader.presentMany(actor, rows);
    },

    /** `GET pm-pro/v2/sprints/{id}?with=tasks`: one sprint, with its tasks when asked. */
    async getSprint(actor: Actor, sprintId: number, query: GetSprintQuery): Promise<Sprint> {
      const sprint = await reader.requireReadable(actor, sprintId);
      return reader.present(actor, sprint, { withTasks: query.with.includes("tasks") });
    },

    /** `GET pm-pro/v2/sprints/{id}/burndown`: what remained each day, by count and estimation, against the ideal line. */
    async burndown(actor: Actor, sprintId: number): Promise<SprintBurndownAnswer["data"]> {
      return burndowns.burndown(await reader.requireReadable(actor, sprintId));
    },

    /** `POST pm-pro/v2/sprints`: a planned sprint over projects the caller manages or works on as a co-worker. */
    async createSprint(actor: Actor, input: CreateSprintBody): Promise<Sprint> {
      await checkPlannable(actor, input.projects);
      const at = nowUtc();
      const created = await transact(ctx, async (trx) => {
        const writer = sprintsRepository(trx, ctx.kind);
        const row = await writer.insertSprint({
          title: input.title, description: sanitizeRichText(input.description), goal: input.goal, status: "planned",
          start_at: input.start_at, due_date: input.due_date, started_at: null, started_day: null, completed_at: null, completed_day: null,
          carried_over_to: null, created_by: actor.id, created_at: at, updated_at: at,
        });
        await writer.setProjects(row.id, input.projects);
        return row;
      });
      return reader.present(actor, await reader.requireReadable(actor, created.id));
    },

    /**
     * `POST .../sprints/{id}/update`: the fields given. `projects` replaces the projects the caller can see
     * (those hidden from them stay); one still holding tasks of the sprint cannot be left out.
     */
    async updateSprint(actor: Actor, sprintId: number, input: UpdateSprintBody): Promise<Sprint> {
      const sprint = await reader.requireEditable(actor, sprintId);
      const { row } = sprint;
      const movesDates = input.start_at !== undefined || input.due_date !== undefined;
      if (row.status === "completed" && (movesDates || input.projects !== undefined)) throw new AppError("rule_broken", say("sprints.completed_keeps_dates"));
      if (movesDates) checkDates(input.start_at ?? row.start_at, input.due_date ?? row.due_date, input.due_date !== undefined ? "due_date" : "start_at");
      let projectIds: number[] | null = null;
      if (input.projects !== undefined) {
        const current = sprint.projects.map((project) => project.project_id);
        const seen = new Set(sprint.accesses.map((projectAccess) => projectAccess.projectId));
        projectIds = [...new Set([...input.projects, ...current.filter((id) => !seen.has(id))])];
        const kept = new Set(projectIds);
        await checkPlannable(actor, projectIds.filter((id) => !current.includes(id)));
        const holding = new Set(await repository.projectsWithTasks(sprintId));
        const dropped = sprint.projects.filter((project) => !kept.has(project.project_id) && holding.has(project.project_id));
        if (dropped.length > 0) throw invalidField("projects", say("sprints.project_still_has_tasks", { titles: dropped.map((project) => project.title).join(", ") }));
      }
      const changes = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
        ...(input.goal !== undefined && { goal: input.goal }),
        ...(input.start_at !== undefined && { start_at: input.start_at }),
        ...(input.due_date !== undefined && { due_date: input.due_date }),
        updated_at: nowUtc(),
      };
      await transact(ctx, async (trx) => {
        const writer = sprintsRepository(trx, ctx.kind);
        await writer.updateSprint(sprintId, changes);
        if (projectIds) await writer.setProjects(sprintId, projectIds);
      });
      return reader.present(actor, await reader.requireReadable(actor, sprintId));
    },

    /** `POST .../sprints/{id}/delete`: the sprint and its history go; its tasks stay, back in the backlog. */
    async deleteSprint(actor: Actor, sprintId: number): Promise<void> {
      await reader.requireEditable(actor, sprintId);
      await transact(ctx, (trx) => sprintsRepository(trx, ctx.kind).deleteSprint(sprintId));
    },
  };
}

export type SprintsService = ReturnType<typeof sprintsService>;
