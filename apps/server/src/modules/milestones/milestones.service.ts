import type { CreateMilestoneBody, ListMilestonesQuery, Milestone, Pagination, UpdateMilestoneBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { MilestoneRow } from "./milestones.tables.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { rescopeActivities } from "../activities/activity-recorder.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { capabilitiesToSee, isPrivate, privacyScopeOf, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { milestonePolicy } from "./milestones.policy.js";
import { presentMilestone } from "./milestones.presenter.js";
import { milestonesRepository } from "./milestones.repository.js";

/** The activity scope of a milestone: private ones are hidden from readers without view_private_milestone. */
function scopeOf(row: Pick<MilestoneRow, "privacy">): string | null {
  return privacyScopeOf(capabilitiesToSee({ kind: "milestone", privacy: row.privacy }));
}

/** Milestones of a project, with the lists and discussions linked to them. */
export function milestonesService(ctx: AppContext, access: ProjectAccessService) {
  const milestones = milestonesRepository(ctx.db);
  const tz = ctx.config.timezone;

  /** Presents rows with creators and linked records in a fixed number of queries. */
  async function presentMany(projectAccess: ProjectAccess, rows: MilestoneRow[]): Promise<Milestone[]> {
    const ids = rows.map((row) => row.id);
    const [creators, lists, discussions] = await Promise.all([
      findUsersByIds(ctx.db, rows.map((row) => row.created_by)),
      milestones.findLinkedLists(ids, privacyViewOf(projectAccess)),
      milestones.findLinkedDiscussions(ids, privacyViewOf(projectAccess)),
    ]);
    const extras = { access: projectAccess, users: new Map(creators.map((user) => [user.id, user])), lists, discussions, timezone: tz };
    return rows.map((row) => presentMilestone(row, extras));
  }

  /** A milestone the actor may see, or 404 (a private one is not admitted to exist). */
  async function loadVisible(projectAccess: ProjectAccess, milestoneId: number): Promise<MilestoneRow> {
    const row = await milestones.findMilestone(projectAccess.projectId, milestoneId);
    if (!row || !milestonePolicy.canSee(projectAccess, row)) throw notFound(say("milestones.milestone_not_found"));
    return row;
  }

  async function presentOne(projectAccess: ProjectAccess, row: MilestoneRow): Promise<Milestone> {
    const [milestone] = await presentMany(projectAccess, [row]);
    if (!milestone) throw notFound(say("milestones.milestone_not_found"));
    return milestone;
  }

  return {
    async listMilestones(actor: Actor, projectId: number, query: ListMilestonesQuery): Promise<{ milestones: Milestone[]; pagination: Pagination }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const page = pageRequest(query.page, query.per_page, -1);
      const { rows, total } = await milestones.listMilestones(
        { projectId, view: privacyViewOf(projectAccess), status: query.status },
        page.limit,
        page.offset,
      );
      return { milestones: await presentMany(projectAccess, rows), pagination: paginationMeta(page, total, rows.length) };
    },

    async getMilestone(actor: Actor, projectId: number, milestoneId: number): Promise<Milestone> {
      const projectAccess = await access.requireAccess(actor, projectId);
      return presentOne(projectAccess, await loadVisible(projectAccess, milestoneId));
    },

    async createMilestone(actor: Actor, projectId: number, input: CreateMilestoneBody): Promise<Milestone> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!milestonePolicy.canCreate(projectAccess)) throw forbidden(say("milestones.cannot_create_milestones"));
      if (input.privacy && !milestonePolicy.canMakePrivate(projectAccess)) throw forbidden(say("milestones.cannot_make_milestones_private"));
      const now = nowUtc();
      const row = await transact(ctx, async (trx) => {
        const repo = milestonesRepository(trx);
        const created = await repo.insertMilestone({
          project_id: projectId,
          title: input.title,
          description: sanitizeRichText(input.description),
          achieve_date: input.achieve_date ?? null,
          status: input.status,
          privacy: input.privacy ? 1 : 0,
          sort_order: input.order ?? (await repo.nextOrder(projectId)),
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await recordEvent(trx, actor, {
          name: "milestone.created", payload: { projectId, id: created.id, title: created.title, privacyScope: scopeOf(created) },
        });
        return created;
      });
      return presentOne(projectAccess, row);
    },

    async updateMilestone(actor: Actor, projectId: number, milestoneId: number, input: UpdateMilestoneBody): Promise<Milestone> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const current = await loadVisible(projectAccess, milestoneId);
      if (!milestonePolicy.canEdit(projectAccess, current)) throw forbidden(say("milestones.who_may_change"));
      if (input.privacy && !isPrivate(current.privacy) && !milestonePolicy.canMakePrivate(projectAccess)) {
        throw forbidden(say("milestones.cannot_make_milestones_private"));
      }
      const row = await transact(ctx, async (trx) => {
        const updated = await milestonesRepository(trx).updateMilestone(milestoneId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
          ...(input.achieve_date !== undefined && { achieve_date: input.achieve_date }),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.privacy !== undefined && { privacy: input.privacy ? 1 : 0 }),
          ...(input.order !== undefined && { sort_order: input.order }),
          updated_at: nowUtc(),
        });
        if (!updated) throw notFound(say("milestones.milestone_not_found"));
        // Its earlier history, comments included, follows the milestone's new privacy.
        // Re-scoping stays in the change's transaction rather than in a subscriber: an entry's scope is who may
        // read it, and after commit a record just made private would show its history until (or, with a
        // failing subscriber, long after) the subscriber ran; a late retry could even undo a newer change.
        if (updated.privacy !== current.privacy) await rescopeActivities(trx, { projectId, subject: "milestone", ids: [milestoneId], scope: scopeOf(updated) });
        await recordEvent(trx, actor, {
          name: "milestone.updated",
          payload: {
            projectId, id: milestoneId, title: updated.title, privacyScope: scopeOf(updated),
            changes: fieldChanges(["title", "description", "achieve_date", "status", "privacy", "sort_order"], current, updated),
          },
        });
        return updated;
      });
      return presentOne(projectAccess, row);
    },

    async deleteMilestone(actor: Actor, projectId: number, milestoneId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const current = await loadVisible(projectAccess, milestoneId);
      if (!milestonePolicy.canDelete(projectAccess, current)) throw forbidden(say("milestones.who_may_delete"));
      await transact(ctx, async (trx) => {
        await milestonesRepository(trx).deleteMilestone(milestoneId);
        await recordEvent(trx, actor, {
          name: "milestone.deleted", payload: { projectId, id: milestoneId, title: current.title, privacyScope: scopeOf(current) },
        });
      });
    },
  };
}

export type MilestonesService = ReturnType<typeof milestonesService>;
