import {
  ROLE,
  type Comment,
  type CommentableType,
  type CommentEventPayload,
  type CreateCommentBody,
  type ListCommentsQuery,
  type Pagination,
  type UndoTicket,
  type UpdateCommentBody,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { CommentRow } from "./comments.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say, type Said } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { richTextToPlain, sanitizeRichText } from "../../lib/rich-text.js";
import { resourcePhrase } from "../activities/activity-recorder.js";
import { privacyScopeOf, type PrivateCapability } from "../privacy/privacy.rules.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { type AttachmentsService, type AttachmentTarget } from "../files/attachments.service.js";
import type { UploadedFile } from "../files/files.upload.js";
import { capabilitiesFor, type ProjectAccess, type ProjectAccessService } from "../projects/project-access.js";
import type { TrashService } from "../trash/trash.service.js";
import { findUsersByIds } from "../users/users.service.js";
import { capabilitiesToSee, commentPolicy } from "./comments.policy.js";
import { presentComment } from "./comments.presenter.js";
import { commentsRepository, type MemberCapabilityRow } from "./comments.repository.js";
import { mentionedUserIds } from "./mentions.js";

/** The 404 message of each kind of record a comment may be on. */
const NOT_FOUND: Record<CommentableType, Said> = {
  task: say("tasks.task_not_found"),
  task_list: say("common.task_list_not_found"),
  discussion_board: say("discussions.discussion_not_found"),
  milestone: say("milestones.milestone_not_found"),
  file: say("common.file_not_found"),
};

/** The record a comment is on, as the actor may see it. */
interface Target {
  type: CommentableType;
  id: number;
  title: string;
  /** The capabilities needed to see it (and so to be told about comments on it). */
  needed: PrivateCapability[];
}

/** Whether a member may see a record hidden behind `needed`, by the same order of checks as ProjectAccess. */
function memberSees(member: MemberCapabilityRow, needed: readonly PrivateCapability[]): boolean {
  if (member.manage_pm === 1 || member.role_id === ROLE.manager) return true;
  const role = member.role_id === ROLE.client ? "client" : member.role_id === ROLE.co_worker ? "co_worker" : null;
  if (!role) return false;
  const capabilities = capabilitiesFor(role, member.capabilities);
  return needed.every((capability) => capabilities[capability]);
}

/** Comments on tasks, lists, discussions, milestones and files, with mentions, the users they notify and attached files. */
export function commentsService(
  ctx: AppContext,
  access: ProjectAccessService,
  attachments: AttachmentsService,
  trash: TrashService,
) {
  const comments = commentsRepository(ctx.db);
  const tz = ctx.config.timezone;

  /** The commentable, or 404 when it is not in this project or the actor may not see it. */
  async function loadTarget(projectAccess: ProjectAccess, type: CommentableType, id: number): Promise<Target> {
    const row = await comments.findCommentable(projectAccess.projectId, type, id);
    if (!row) throw notFound(NOT_FOUND[type]);
    const needed = capabilitiesToSee(type, row);
    if (!commentPolicy.canSeeTarget(projectAccess.can, needed)) throw notFound(NOT_FOUND[type]);
    return { type, id, title: row.title, needed };
  }

  /** A comment of this project whose commentable the actor may see, or 404. */
  async function loadComment(projectAccess: ProjectAccess, commentId: number): Promise<{ comment: CommentRow; target: Target }> {
    const comment = await comments.findComment(projectAccess.projectId, commentId);
    if (!comment) throw notFound(say("comments.comment_not_found"));
    // A comment whose record the actor may not see (or that is gone) is itself not admitted to exist.
    const target = await loadTarget(projectAccess, comment.commentable_type as CommentableType, comment.commentable_id).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "not_found" ? notFound(say("comments.comment_not_found")) : error;
    });
    return { comment, target };
  }

  /** Sanitised HTML; 400 on `content` when no text is left. */
  function cleanContent(content: string): string {
    const html = sanitizeRichText(content);
    if (richTextToPlain(html) === "") throw invalidField("content", say("comments.comment_cannot_empty"));
    return html;
  }

  /** Chosen and mentioned users, kept only when they are members who may see the commentable. */
  async function notifiable(projectId: number, candidates: readonly number[], target: Target): Promise<number[]> {
    const unique = [...new Set(candidates)];
    const members = await comments.findMembers(projectId, unique);
    const allowed = new Set(members.filter((member) => memberSees(member, target.needed)).map((member) => member.user_id));
    return unique.filter((id) => allowed.has(id));
  }

  async function presentMany(projectAccess: ProjectAccess, rows: CommentRow[]): Promise<Comment[]> {
    const [creators, notifyUsers, files] = await Promise.all([
      findUsersByIds(ctx.db, rows.map((row) => row.created_by)),
      comments.findNotifyUsers(rows.map((row) => row.id)),
      attachments.listFor("comment", rows.map((row) => row.id)),
    ]);
    const extras = { access: projectAccess, users: new Map(creators.map((user) => [user.id, user])), notifyUsers, files, timezone: tz };
    return rows.map((row) => presentComment(row, extras));
  }

  async function presentOne(projectAccess: ProjectAccess, row: CommentRow): Promise<Comment> {
    const [comment] = await presentMany(projectAccess, [row]);
    if (!comment) throw notFound(say("comments.comment_not_found"));
    return comment;
  }

  /** How the activities about a comment's attachments are filed: under the record commented on. */
  function attachmentTarget(comment: CommentRow, target: Target): AttachmentTarget {
    return {
      projectId: comment.project_id, type: "comment", id: comment.id, phrase: `a comment on ${resourcePhrase(target.type, target.title)}`,
      privacyScope: privacyScopeOf(target.needed), subject: { type: target.type, id: target.id },
    };
  }

  /** What every event about a comment carries. */
  function eventPayload(comment: CommentRow, target: Target): CommentEventPayload {
    return {
      projectId: comment.project_id,
      id: comment.id,
      on: { type: target.type, id: target.id, title: target.title },
      // A comment is seen by whoever sees the record it is on.
      privacyScope: privacyScopeOf(target.needed),
    };
  }

  function record(trx: AppContext["db"], actor: Actor, name: "comment.created" | "comment.updated", comment: CommentRow, target: Target) {
    return recordEvent(trx, actor, { name, payload: eventPayload(comment, target) });
  }

  return {
    async listComments(actor: Actor, projectId: number, query: ListCommentsQuery): Promise<{ comments: Comment[]; pagination: Pagination }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      await loadTarget(projectAccess, query.commentable_type, query.commentable_id);
      const page = pageRequest(query.page, query.per_page, 50);
      const { rows, total } = await comments.listComments(projectId, query.commentable_type, query.commentable_id, page.limit ?? 50, page.offset);
      return { comments: await presentMany(projectAccess, rows), pagination: paginationMeta(page, total, rows.length) };
    },

    /** Adds a comment; `uploads` (multipart `files[]`) are stored as its attachments in the same transaction. */
    async createComment(actor: Actor, projectId: number, input: CreateCommentBody, uploads: readonly UploadedFile[] = []): Promise<Comment> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const content = cleanContent(input.content);
      const target = await loadTarget(projectAccess, input.commentable_type, input.commentable_id);
      const notify = await notifiable(projectId, [...input.notify_users, ...mentionedUserIds(content)], target);
      const now = nowUtc();
      const row = await attachments.write(projectId, { uploads }, (apply) => transact(ctx, async (trx) => {
        const repo = commentsRepository(trx);
        const created = await repo.insertComment({
          project_id: projectId,
          commentable_type: target.type,
          commentable_id: target.id,
          content,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceNotifyUsers(created.id, notify);
        await record(trx, actor, "comment.created", created, target);
        await apply(trx, actor, attachmentTarget(created, target));
        return created;
      }));
      return presentOne(projectAccess, row);
    },

    /** Changes a comment; `uploads` are added to its attachments and `files_to_delete` removed from them. */
    async updateComment(actor: Actor, projectId: number, commentId: number, input: UpdateCommentBody, uploads: readonly UploadedFile[] = []): Promise<Comment> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const { comment, target } = await loadComment(projectAccess, commentId);
      if (!commentPolicy.canEdit(projectAccess, comment)) throw forbidden(say("comments.who_may_change"));
      const content = cleanContent(input.content);
      // Without a new list the users told before stay; new mentions are added either way.
      const chosen = input.notify_users ?? (await comments.findNotifyUsers([commentId])).get(commentId) ?? [];
      const notify = await notifiable(projectId, [...chosen, ...mentionedUserIds(content)], target);
      const changes = { uploads, remove: input.files_to_delete ?? [] };
      const row = await attachments.write(projectId, changes, (apply) => transact(ctx, async (trx) => {
        const repo = commentsRepository(trx);
        const updated = await repo.updateComment(commentId, { content, updated_at: nowUtc() });
        if (!updated) throw notFound(say("comments.comment_not_found"));
        await repo.replaceNotifyUsers(commentId, notify);
        await record(trx, actor, "comment.updated", updated, target);
        await apply(trx, actor, attachmentTarget(updated, target));
        return updated;
      }));
      return presentOne(projectAccess, row);
    },

    /** Deletes a comment with its attachments into the trash: the answer's ticket brings it back (trash module). */
    async deleteComment(actor: Actor, projectId: number, commentId: number): Promise<UndoTicket> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const { comment, target } = await loadComment(projectAccess, commentId);
      if (!commentPolicy.canDelete(projectAccess, comment)) throw forbidden(say("comments.who_may_delete"));
      return trash.discard(actor, {
        projectId, kind: "comment", roots: { comments: [commentId] }, events: [{ name: "comment.deleted", payload: eventPayload(comment, target) }],
      });
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;

/** How many comments each of the given records has, by id (absent: none); for the modules that show counts. */
export function countComments(db: Kysely<Database>, type: CommentableType, ids: readonly number[]): Promise<Map<number, number>> {
  return commentsRepository(db).countComments(type, ids);
}
