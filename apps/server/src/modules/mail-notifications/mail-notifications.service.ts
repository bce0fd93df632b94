import { isCommentableType, type CommentableType } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { nowUtc, parseStored, toStoredTimestamp } from "../../lib/dates.js";
import type { MailService } from "../mail/mail.service.js";
import type { PreferencesService } from "../preferences/preferences.service.js";
import { privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { isMailItemKind, MAIL_JOB_RETRIES, PREFERENCE_OF, PROJECT_FILES } from "./mail-items.js";
import { commentAsText, presentNotice, type MailItemView } from "./mail-notifications.presenter.js";
import { mailNotificationsRepository, type MailGroup, type WrittenItem } from "./mail-notifications.repository.js";
import type { MailNotificationItemRow } from "./mail-notifications.tables.js";
import { actorWithoutSession } from "../users/user-actor.js";

/** The `mail.notify` job's payload: the group whose items it sends. */
export type NoticeJob = MailGroup;

/** Items kept after they were sent, for their keys to stop a repeated event or edit from telling anyone twice. */
const KEEP_FINISHED_DAYS = 30;

/** How long past its wait an item no job took is left before the sweep enqueues its group again. */
const STRANDED_AFTER_MS = 5 * 60_000;

/** The job key of a group: a second enqueue while its job waits adds nothing. */
export function noticeJobKey(group: MailGroup): string {
  return `${group.userId}:${group.groupType}:${group.groupId}:${group.actorId}`;
}

/**
 * Mail notices: each group of items (one recipient, one record, one actor) is one mail, sent by the job
 * `mail.notify` a while after the group's first change (`PLOTLINE_MAIL_WAIT_SECONDS`), so that what the same
 * person does to one record meanwhile goes out together. What a mail may say is decided when it is sent:
 * the recipient's choices in Your account, and the privacy rules with their access to the project now.
 */
export function mailNotificationsService(ctx: AppContext, deps: { mail: MailService; preferences: PreferencesService; access: ProjectAccessService }) {
  const waitMs = ctx.config.mailWaitSeconds * 1000;

  /** Enqueues each group's job once (keyed), to run the wait after the group's first change. */
  async function enqueueGroups(written: readonly WrittenItem[], transaction: Kysely<Database>): Promise<void> {
    const firstOf = new Map<string, WrittenItem>();
    for (const item of written) {
      const key = noticeJobKey(item);
      const seen = firstOf.get(key);
      if (!seen || item.createdAt < seen.createdAt) firstOf.set(key, item);
    }
    for (const [key, item] of firstOf) {
      const group: MailGroup = { userId: item.userId, groupType: item.groupType, groupId: item.groupId, actorId: item.actorId };
      const runAt = new Date(parseStored(item.createdAt).getTime() + waitMs);
      await ctx.jobs.enqueue("mail.notify", group, { key, runAt, retries: MAIL_JOB_RETRIES, transaction });
    }
  }

  /** The views of what the recipient may see and wants among the items; the others are left out. */
  async function viewsOf(userId: number, items: readonly MailNotificationItemRow[]): Promise<{ views: MailItemView[]; recipient: { email: string; name: string } } | null> {
    const [user] = await findUsersByIds(ctx.db, [userId]);
    const projectId = items[0]?.project_id;
    if (!user || projectId === undefined) return null;
    const choices = (await deps.preferences.emailNotificationsOf([userId])).get(userId);
    const wanted = items.filter((item) => isMailItemKind(item.kind) && choices?.[PREFERENCE_OF[item.kind]] === true && isCommentableType(item.record_type));
    if (wanted.length === 0) return null;
    const access = (await deps.access.accessToProjects(actorWithoutSession(user), [projectId])).get(projectId);
    if (!access) return null;
    const view = privacyViewOf(access);
    const repo = mailNotificationsRepository(ctx.db);
    const visible = new Map<string, Set<number>>();
    for (const type of new Set(wanted.map((item) => item.record_type as CommentableType))) {
      visible.set(type, await repo.findVisibleIds(type, wanted.filter((item) => item.record_type === type).map((item) => item.record_id), view));
    }
    const shown = wanted.filter((item) => visible.get(item.record_type)?.has(item.record_id));
    const [records, comments] = await Promise.all([
      repo.findRecords(shown.map((item) => ({ type: item.record_type as CommentableType, id: item.record_id }))),
      repo.findCommentTexts(shown.flatMap((item) => (item.comment_id === null ? [] : [item.comment_id]))),
    ]);
    const recordOf = new Map(records.map((record) => [`${record.type}:${record.id}`, record]));
    const views: MailItemView[] = [];
    for (const item of shown) {
      const record = recordOf.get(`${item.record_type}:${item.record_id}`);
      // A comment deleted since says nothing any more.
      const comment = item.comment_id === null ? null : comments.get(item.comment_id);
      if (!record || !isMailItemKind(item.kind) || comment === undefined) continue;
      views.push({ kind: item.kind, record, comment: comment === null ? null : commentAsText(comment) });
    }
    return views.length === 0 ? null : { views, recipient: { email: user.email, name: user.display_name } };
  }

  return {
    /**
     * Enqueues the jobs of the groups these new items belong to, in the transaction that wrote them (an event
     * subscriber's `db`): items and jobs commit together or not at all, on both engines. A group whose job
     * waits already is not enqueued again (the key); one whose job has started gets a new job, which sends
     * what came after.
     */
    sendLater(written: readonly WrittenItem[], transaction: Kysely<Database>): Promise<void> {
      return enqueueGroups(written, transaction);
    },

    /**
     * The `mail.notify` job: takes the group's waiting items and sends the recipient one mail with those
     * they may see and want; the rest are marked skipped. Running it again sends nothing twice, except a
     * mail whose sending succeeded just before the process died.
     */
    async sendGroup(group: MailGroup, jobId: string): Promise<"sent" | "skipped" | "none"> {
      const repo = mailNotificationsRepository(ctx.db);
      await repo.claimGroup(group, jobId);
      const items = await repo.findClaimed(jobId);
      if (items.length === 0) return "none";
      const decided = await viewsOf(group.userId, items);
      if (!decided) {
        await repo.finishItems(items.map((item) => item.id), "skipped", nowUtc());
        return "skipped";
      }
      const projectId = items[0]?.project_id ?? 0;
      const [actor] = group.actorId > 0 ? await findUsersByIds(ctx.db, [group.actorId]) : [];
      const isFilesArea = group.groupType === PROJECT_FILES;
      const subject = isFilesArea ? null : (decided.views.find((view) => view.record.type === group.groupType && view.record.id === group.groupId)?.record ?? decided.views[0]?.record ?? null);
      const message = presentNotice({
        recipient: decided.recipient,
        actorName: actor?.display_name ?? "Someone",
        projectId,
        projectTitle: (await repo.findProjectTitle(projectId)) ?? "",
        subject,
        items: decided.views,
        urlOf: (link) => deps.mail.recordUrl(link),
      });
      await deps.mail.send(message);
      await repo.finishItems(items.map((item) => item.id), "sent", nowUtc());
      return "sent";
    },

    /**
     * The `mail.sweep` job: enqueues again the groups whose items no job took. On PostgreSQL an item can
     * commit just after its group's job, already due, claimed the group's items (its own enqueue was deduped
     * by that waiting job): without this sweep it would wait for the group's next change.
     */
    async sweepStranded(now: Date = new Date()): Promise<number> {
      const before = toStoredTimestamp(new Date(now.getTime() - waitMs - STRANDED_AFTER_MS));
      const groups = await mailNotificationsRepository(ctx.db).findStrandedGroups(before);
      for (const { createdAt: _createdAt, ...group } of groups) {
        await ctx.jobs.enqueue("mail.notify", group, { key: noticeJobKey(group), retries: MAIL_JOB_RETRIES });
      }
      return groups.length;
    },

    /** The daily clean-up: deletes the items finished more than 30 days ago. */
    pruneFinished(now: Date = new Date()): Promise<number> {
      return mailNotificationsRepository(ctx.db).deleteFinishedBefore(toStoredTimestamp(new Date(now.getTime() - KEEP_FINISHED_DAYS * 86_400_000)));
    },
  };
}

export type MailNotificationsService = ReturnType<typeof mailNotificationsService>;
