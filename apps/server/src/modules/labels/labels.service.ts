import type { CreateLabelBody, Label, UpdateLabelBody } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { LabelRow } from "./labels.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { labelPolicy } from "./labels.policy.js";
import { presentLabel } from "./labels.presenter.js";
import { labelsRepository, type TaskLabelRow } from "./labels.repository.js";

const MANAGE_MESSAGE = say("labels.who_may_manage_labels");

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
    if (!label || label.project_id !== projectId) throw notFound(say("labels.label_not_found"));
    return label;
  }

  /** Names are unique in a project, ignoring case, so that the task picker never shows two alike. */
  async function checkUniqueTitle(projectId: number, title: string, exceptId?: number): Promise<void> {
    if (await labels.findLabelNamed(projectId, title, exceptId)) {
      const message = say("labels.label_named_already_exists", { title });
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
      const row = await transact(ctx, async (trx) => {
        const created = await labelsRepository(trx).insertLabel({
          project_id: projectId,
          title: input.title,
          description: input.description,
          color: input.color,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await recordEvent(trx, actor, {
          name: "label.created", payload: { projectId, id: created.id, title: created.title, privacyScope: null, color: created.color },
        });
        return created;
      });
      return presentLabel(row, projectAccess, tz);
    },

    async updateLabel(actor: Actor, projectId: number, labelId: number, input: UpdateLabelBody): Promise<Label> {
      const projectAccess = await requireManager(actor, projectId);
      const current = await requireLabel(projectId, labelId);
      if (input.title !== undefined && input.title.toLowerCase() !== current.title.toLowerCase()) await checkUniqueTitle(projectId, input.title, labelId);
      const row = await transact(ctx, async (trx) => {
        const updated = await labelsRepository(trx).updateLabel(labelId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.color !== undefined && { color: input.color }),
          updated_at: nowUtc(),
        });
        if (!updated) throw notFound(say("labels.label_not_found"));
        await recordEvent(trx, actor, {
          name: "label.updated",
          payload: {
            projectId, id: labelId, title: updated.title, privacyScope: null, color: updated.color,
            changes: fieldChanges(["title", "description", "color"], current, updated),
          },
        });
        return updated;
      });
      return presentLabel(row, projectAccess, tz);
    },

    async deleteLabel(actor: Actor, projectId: number, labelId: number): Promise<void> {
      await requireManager(actor, projectId);
      const current = await requireLabel(projectId, labelId);
      await transact(ctx, async (trx) => {
        await labelsRepository(trx).deleteLabel(labelId);
        await recordEvent(trx, actor, { name: "label.deleted", payload: { projectId, id: labelId, title: current.title, privacyScope: null } });
      });
    },
  };
}

export type LabelsService = ReturnType<typeof labelsService>;

// The label reads and writes of tasks, which never import the labels repository. They take the caller's
// database or transaction, so a task's labels change in the task's own transaction.

/** Which of the given label ids exist in the project. */
export function findLabelIds(db: Kysely<Database>, projectId: number, ids: readonly number[]): Promise<Set<number>> {
  return labelsRepository(db).findLabelIds(projectId, ids);
}

/** The labels of the given tasks, one row per task and label. */
export function findLabelsOfTasks(db: Kysely<Database>, taskIds: readonly number[]): Promise<TaskLabelRow[]> {
  return labelsRepository(db).findLabelsOfTasks(taskIds);
}

/** Sets a task's labels to exactly `labelIds` (labels of its project). */
export function replaceTaskLabels(db: Kysely<Database>, taskId: number, projectId: number, labelIds: readonly number[]): Promise<void> {
  return labelsRepository(db).replaceTaskLabels(taskId, projectId, labelIds);
}
