import type { ListNotificationsQuery, Notification, Pagination, ReadAllNotificationsBody, ReadAllNotificationsResult, TaskFollowing } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { notFound, say } from "../../lib/app-error.js";
import { nowUtc, toDateObject } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { dayAfter, dueKey, entriesFor, taskSubject } from "./notification-entries.js";
import { notificationPolicy } from "./notifications.policy.js";
import { presentFollowing, presentNotification } from "./notifications.presenter.js";
import { notificationsRepository, type ListedNotificationRow, type NotificationVisibility, type TaskFacts } from "./notifications.repository.js";

/** Entries on a page when `per_page` is not given. */
const DEFAULT_PER_PAGE = 20;

/** A page of the Inbox, with the reader's unread count. */
export interface NotificationListing {
  notifications: Notification[];
  pagination: Pagination;
  unread: number;
}

/**
 * The Inbox (its entries are written by the module's event subscribers and its daily due-date job) and
 * task following. Every read decides visibility from the reader's memberships as they are now.
 */
export function notificationsService(ctx: AppContext, access: ProjectAccessService) {
  const notifications = notificationsRepository(ctx.db);
  const tz = ctx.config.timezone;

  async function visibilityOf(actor: Actor): Promise<NotificationVisibility> {
    if (actor.isSiteManager) return notificationPolicy.visibility(true, []);
    return notificationPolicy.visibility(false, (await access.accessToMemberProjects(actor)).values());
  }

  async function presentRows(rows: readonly ListedNotificationRow[]): Promise<Notification[]> {
    const actorIds = [...new Set(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])))];
    const actors = actorIds.length > 0 ? await findUsersByIds(ctx.db, actorIds) : [];
    const extras = { actors: new Map(actors.map((user) => [user.id, user])), timezone: tz };
    return rows.map((row) => presentNotification(row, extras));
  }

  /** The task, or 404 when it is not in the project or the actor may not see it (a hidden task is not admitted to exist). */
  async function requireFollowableTask(actor: Actor, projectId: number, taskId: number): Promise<TaskFacts> {
    const projectAccess = await access.requireAccess(actor, projectId);
    const task = await notifications.findTask(taskId);
    if (!task || !notificationPolicy.canFollow(projectAccess, task)) throw notFound(say("tasks.task_not_found"));
    return task;
  }

  async function followingOf(actor: Actor, taskId: number): Promise<TaskFollowing> {
    return presentFollowing(taskId, actor.id, await notifications.findFollowers(taskId));
  }

  return {
    /** `GET pm/v2/notifications`: the caller's entries about what they may see, newest first. */
    async listNotifications(actor: Actor, query: ListNotificationsQuery): Promise<NotificationListing> {
      const visibility = await visibilityOf(actor);
      const page = pageRequest(query.page, query.per_page, DEFAULT_PER_PAGE);
      const unreadOnly = query.unread === true;
      // Unread only (the header bell asks so every half minute): both numbers are the unread count, read
      // from the unread rows alone; otherwise one pass over all the reader's rows counts both.
      const [rows, counts] = await Promise.all([
        notifications.listVisible(actor.id, visibility, { unreadOnly, limit: page.limit ?? DEFAULT_PER_PAGE, offset: page.offset }),
        unreadOnly
          ? notifications.countUnread(actor.id, visibility).then((unread) => ({ total: unread, unread }))
          : notifications.countVisible(actor.id, visibility),
      ]);
      return { notifications: await presentRows(rows), pagination: paginationMeta(page, counts.total, rows.length), unread: counts.unread };
    },

    /** Marks one of the caller's entries read; 404 for another user's, or one about a task they may not see now. */
    async markRead(actor: Actor, id: number): Promise<Notification> {
      const visibility = await visibilityOf(actor);
      const row = await notifications.findVisible(actor.id, visibility, id);
      if (!row) throw notFound(say("notifications.notification_not_found"));
      if (row.read_at === null) {
        const at = nowUtc();
        await notifications.markRead(actor.id, id, at);
        row.read_at = at;
      }
      const [presented] = await presentRows([row]);
      if (!presented) throw notFound(say("notifications.notification_not_found"));
      return presented;
    },

    /** Marks the caller's unread entries read (up to `up_to_id` when given); answers how many and what is left. */
    async markAllRead(actor: Actor, body: ReadAllNotificationsBody): Promise<ReadAllNotificationsResult> {
      const visibility = await visibilityOf(actor);
      const marked = await notifications.markAllRead(actor.id, visibility, body?.up_to_id, nowUtc());
      return { marked, unread: await notifications.countUnread(actor.id, visibility) };
    },

    /** Follows a task the caller may see; following it again changes nothing. */
    async follow(actor: Actor, projectId: number, taskId: number): Promise<TaskFollowing> {
      await requireFollowableTask(actor, projectId, taskId);
      await notifications.addFollowers(taskId, [actor.id], nowUtc());
      return followingOf(actor, taskId);
    },

    /** Stops following a task; not following it is not an error. */
    async unfollow(actor: Actor, projectId: number, taskId: number): Promise<TaskFollowing> {
      await requireFollowableTask(actor, projectId, taskId);
      await notifications.removeFollower(taskId, actor.id);
      return followingOf(actor, taskId);
    },

    /** Who follows a task the caller may see, and whether the caller does. */
    async listFollowers(actor: Actor, projectId: number, taskId: number): Promise<TaskFollowing> {
      await requireFollowableTask(actor, projectId, taskId);
      return followingOf(actor, taskId);
    },

    /** The daily sweep: deletes the entries about lists, milestones, discussions and files that are gone. */
    sweepOrphans(): Promise<number> {
      return notifications.deleteOrphans();
    },

    /**
     * The daily job: a `due_soon` entry for each assignee of each open task due tomorrow (the site's
     * calendar day after `now`). Running it again the same day writes nothing new. Answers the entries due.
     */
    async notifyDueTomorrow(now: Date = new Date()): Promise<number> {
      const today = toDateObject(nowUtc(now), tz)?.date ?? nowUtc(now).slice(0, 10);
      const tomorrow = dayAfter(today);
      const at = nowUtc(now);
      const due = await notifications.findDueAssignments(tomorrow);
      const rows = due.flatMap(({ task_id, user_id }) =>
        entriesFor([user_id], { type: "due_soon", subject: taskSubject(task_id), actorId: null, sourceKey: dueKey(task_id, tomorrow), dueOn: tomorrow, at }),
      );
      await notifications.insertNotifications(rows);
      return rows.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
