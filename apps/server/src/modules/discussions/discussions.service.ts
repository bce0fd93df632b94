import type { CreateDiscussionBody, Discussion, ListDiscussionsQuery, Pagination, UpdateDiscussionBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { DiscussionRow } from "./discussions.tables.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { rescopeActivities, resourcePhrase } from "../activities/activity-recorder.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { countComments } from "../comments/comments.service.js";
import { type AttachmentsService, type AttachmentTarget } from "../files/attachments.service.js";
import type { UploadedFile } from "../files/files.upload.js";
import { canSeeMilestone, capabilitiesToSee, privacyScopeOf, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { discussionPolicy } from "./discussions.policy.js";
import { presentDiscussion } from "./discussions.presenter.js";
import { discussionsRepository } from "./discussions.repository.js";

/** The activity scope of a discussion: private ones are hidden from readers without view_private_message. */
function scopeOf(row: Pick<DiscussionRow, "privacy">): string | null {
  return privacyScopeOf(capabilitiesToSee({ kind: "discussion", privacy: row.privacy }));
}

/** The record attachments of a discussion are filed under. */
function attachmentTarget(row: DiscussionRow): AttachmentTarget {
  return {
    projectId: row.project_id, type: "discussion_board", id: row.id, phrase: resourcePhrase("discussion_board", row.title),
    privacyScope: scopeOf(row), subject: { type: "discussion_board", id: row.id },
  };
}

/** Discussions (message boards) of a project, with their attached files. */
export function discussionsService(
  ctx: AppContext,
  access: ProjectAccessService,
  attachments: AttachmentsService,
) {
  const discussions = discussionsRepository(ctx.db);
  const tz = ctx.config.timezone;

  /** Presents rows with creators, milestones and comment counts in a fixed number of queries. */
  async function presentMany(projectAccess: ProjectAccess, rows: DiscussionRow[]): Promise<Discussion[]> {
    const milestoneIds = rows.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id]));
    const ids = rows.map((row) => row.id);
    const [creators, milestones, commentCounts, { files, counts: fileCounts }] = await Promise.all([
      findUsersByIds(ctx.db, rows.map((row) => row.created_by)),
      discussions.findMilestones(projectAccess.projectId, milestoneIds),
      countComments(ctx.db, "discussion_board", ids),
      attachments.listAndCountFor("discussion_board", ids),
    ]);
    const view = privacyViewOf(projectAccess);
    const extras = {
      access: projectAccess,
      users: new Map(creators.map((user) => [user.id, user])),
      milestones: new Map(milestones.filter((m) => canSeeMilestone(view, m)).map((m) => [m.id, m])),
      commentCounts,
      files,
      fileCounts,
      timezone: tz,
    };
    return rows.map((row) => presentDiscussion(row, extras));
  }

  async function presentOne(projectAccess: ProjectAccess, row: DiscussionRow): Promise<Discussion> {
    const [discussion] = await presentMany(projectAccess, [row]);
    if (!discussion) throw notFound(say("discussions.discussion_not_found"));
    return discussion;
  }

  /** A discussion the actor may see, or 404 (a private one is not admitted to exist). */
  async function loadVisible(projectAccess: ProjectAccess, discussionId: number): Promise<DiscussionRow> {
    const row = await discussions.findDiscussion(projectAccess.projectId, discussionId);
    if (!row || !discussionPolicy.canSee(projectAccess, row)) throw notFound(say("discussions.discussion_not_found"));
    return row;
  }

  /** The milestone id to store: null for 0, else one of this project's milestones that the actor may see (400 otherwise). */
  async function resolveMilestone(projectAccess: ProjectAccess, milestoneId: number): Promise<number | null> {
    if (milestoneId === 0) return null;
    const [milestone] = await discussions.findMilestones(projectAccess.projectId, [milestoneId]);
    if (!milestone || !canSeeMilestone(privacyViewOf(projectAccess), milestone)) {
      throw invalidField("milestone", say("discussions.milestone_does_not_exist_project"));
    }
    return milestone.id;
  }

  return {
    async listDiscussions(actor: Actor, projectId: number, query: ListDiscussionsQuery): Promise<{ discussions: Discussion[]; pagination: Pagination }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const page = pageRequest(query.page, query.per_page, 20);
      const { rows, total } = await discussions.listDiscussions(projectId, privacyViewOf(projectAccess), page.limit, page.offset);
      return { discussions: await presentMany(projectAccess, rows), pagination: paginationMeta(page, total, rows.length) };
    },

    async getDiscussion(actor: Actor, projectId: number, discussionId: number): Promise<Discussion> {
      const projectAccess = await access.requireAccess(actor, projectId);
      return presentOne(projectAccess, await loadVisible(projectAccess, discussionId));
    },

    /** Starts a discussion; `uploads` (multipart `files[]`) are stored as its attachments in the same transaction. */
    async createDiscussion(actor: Actor, projectId: number, input: CreateDiscussionBody, uploads: readonly UploadedFile[] = []): Promise<Discussion> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!discussionPolicy.canCreate(projectAccess)) throw forbidden(say("discussions.cannot_create_discussions"));
      const milestoneId = await resolveMilestone(projectAccess, input.milestone);
      const now = nowUtc();
      const row = await attachments.write(projectId, { uploads }, (apply) => transact(ctx, async (trx) => {
        const created = await discussionsRepository(trx).insertDiscussion({
          project_id: projectId,
          title: input.title,
          description: sanitizeRichText(input.description),
          privacy: input.privacy ? 1 : 0,
          sort_order: 0,
          milestone_id: milestoneId,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await recordEvent(trx, actor, {
          name: "discussion.created", payload: { projectId, id: created.id, title: created.title, privacyScope: scopeOf(created) },
        });
        await apply(trx, actor, attachmentTarget(created));
        return created;
      }));
      return presentOne(projectAccess, row);
    },

    /** Changes a discussion; `uploads` are added to its attachments and `files_to_delete` removed from them. */
    async updateDiscussion(actor: Actor, projectId: number, discussionId: number, input: UpdateDiscussionBody, uploads: readonly UploadedFile[] = []): Promise<Discussion> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const current = await loadVisible(projectAccess, discussionId);
      if (!discussionPolicy.canEdit(projectAccess, current)) throw forbidden(say("discussions.who_may_change"));
      const milestoneId = input.milestone === undefined ? undefined : await resolveMilestone(projectAccess, input.milestone);
      const changes = { uploads, remove: input.files_to_delete ?? [] };
      const row = await attachments.write(projectId, changes, (apply) => transact(ctx, async (trx) => {
        const updated = await discussionsRepository(trx).updateDiscussion(discussionId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
          ...(input.privacy !== undefined && { privacy: input.privacy ? 1 : 0 }),
          ...(milestoneId !== undefined && { milestone_id: milestoneId }),
          updated_at: nowUtc(),
        });
        if (!updated) throw notFound(say("discussions.discussion_not_found"));
        // Its earlier history, comments included, follows the discussion's new privacy.
        // Re-scoping stays in the change's transaction rather than in a subscriber: an entry's scope is who may
        // read it, and after commit a record just made private would show its history until (or, with a
        // failing subscriber, long after) the subscriber ran; a late retry could even undo a newer change.
        if (updated.privacy !== current.privacy) {
          await rescopeActivities(trx, { projectId, subject: "discussion_board", ids: [discussionId], scope: scopeOf(updated) });
        }
        await recordEvent(trx, actor, {
          name: "discussion.updated",
          payload: {
            projectId, id: discussionId, title: updated.title, privacyScope: scopeOf(updated),
            changes: fieldChanges(["title", "description", "privacy", "milestone_id"], current, updated),
          },
        });
        await apply(trx, actor, attachmentTarget(updated));
        return updated;
      }));
      return presentOne(projectAccess, row);
    },

    async deleteDiscussion(actor: Actor, projectId: number, discussionId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const current = await loadVisible(projectAccess, discussionId);
      if (!discussionPolicy.canDelete(projectAccess, current)) throw forbidden(say("discussions.who_may_delete"));
      await transact(ctx, async (trx) => {
        await discussionsRepository(trx).deleteDiscussion(discussionId);
        await recordEvent(trx, actor, {
          name: "discussion.deleted", payload: { projectId, id: discussionId, title: current.title, privacyScope: scopeOf(current) },
        });
      });
      // Its attachments and its comments' go with it, rows and bytes.
      await attachments.purgeOrphans(projectId);
    },
  };
}

export type DiscussionsService = ReturnType<typeof discussionsService>;
