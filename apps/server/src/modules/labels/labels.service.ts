import type { CreateLabelBody, Label, UpdateLabelBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { LabelRow } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { recordActivity } from "../activities/activity-recorder.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { labelPolicy } from "./labels.policy.js";
import { presentLabel } from "./labels.presenter.js";
import { labelsRepository } from "./labels.repository.js";

const MANAGE_MESSAGE = "Only the project's managers can manage its labels.";

/** A project's labels: the list every member reads, and the changes its managers make, each with its activity. */
export function labelsService(ctx: AppContext, access: ProjectAccessService) {
  const labels = labelsRepository(ctx.db);
  const tz = ctx.config.timezone;

  async function requireManager(actor: Actor, projectId: number): Promise<ProjectAccess> {
    const projectAccess = await access.requireAccess(actor, projectId);
    if (!labelPolicy.canManage(projectAccess)) throw forbidden(MANAGE_MESSAGE);
    return projectAccess;
  }

  async function requireLabel(projectId: number, labelId: number): Promise<LabelRow> {
    const label = await labels.findLabel(labelId);
    if (!label || label.project_id !== projectId) throw notFound("Label");
    return label;
  }

  /** Names are unique in a project, ignoring case, so that the task picker never shows two alike. */
  async function checkUniqueTitle(projectId: number, title: string, exceptId?: number): Promise<void> {
    if (await labels.findLabelNamed(projectId, title, exceptId)) {
      const message = `A label named ${title} already exists in this project.`;
      throw new AppError("conflict", message, { params: { title: [message] } });
    }
  }

  return {
    async listLabels(actor: Actor, projectId: number): Promise<{ labels: Label[]; canCreate: boolean }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const rows = await labels.listLabels(projectId);
      return { labels: rows.map((row) => presentLabel(row, projectAccess, tz)), canCreate: labelPolicy.canManage(projectAccess) };
    },

    async createLabel(actor: Actor, projectId: number, input: CreateLabelBody): Promise<Label> {
      const projectAccess = await requireManager(actor, projectId);
      await checkUniqueTitle(projectId, input.title);
      const now = nowUtc();
      const row = await ctx.db.transaction().execute(async (trx) => {
        const created = await labelsRepository(trx).insertLabel({
          project_id: projectId,
          title: input.title,
          description: input.description,
          color: input.color,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await recordActivity(trx, actor, {
          projectId, type: "create", resource: "label", resourceId: created.id, title: created.title, meta: { color: created.color },
        });
        return created;
      });
      return presentLabel(row, projectAccess, tz);
    },

    async updateLabel(actor: Actor, projectId: number, labelId: number, input: UpdateLabelBody): Promise<Label> {
      const projectAccess = await requireManager(actor, projectId);
      const current = await requireLabel(projectId, labelId);
      if (input.title !== undefined && input.title.toLowerCase() !== current.title.toLowerCase()) await checkUniqueTitle(projectId, input.title, labelId);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const updated = await labelsRepository(trx).updateLabel(labelId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.color !== undefined && { color: input.color }),
          updated_at: nowUtc(),
        });
        if (!updated) throw notFound("Label");
        await recordActivity(trx, actor, {
          projectId, type: "update", resource: "label", resourceId: labelId, title: updated.title,
          meta: { ...(updated.title !== current.title && { from_title: current.title }), color: updated.color },
        });
        return updated;
      });
      return presentLabel(row, projectAccess, tz);
    },

    async deleteLabel(actor: Actor, projectId: number, labelId: number): Promise<void> {
      await requireManager(actor, projectId);
      const current = await requireLabel(projectId, labelId);
      await ctx.db.transaction().execute(async (trx) => {
        await labelsRepository(trx).deleteLabel(labelId);
        await recordActivity(trx, actor, { projectId, type: "delete", resource: "label", resourceId: labelId, title: current.title });
      });
    },
  };
}

export type LabelsService = ReturnType<typeof labelsService>;
