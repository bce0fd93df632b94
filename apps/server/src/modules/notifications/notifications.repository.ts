import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";
import { chunkIds } from "../../db/sql-helpers.js";
import { inViewScopes, visibleTasks } from "../privacy/privacy.filters.js";
import type { ViewScope } from "../privacy/privacy.rules.js";
import type { UserRow } from "../users/users.tables.js";
import type { NotificationRow } from "./notifications.tables.js";

/** An entry to write. */
export type NewNotification = Omit<NotificationRow, "id" | "read_at">;

/**
 * Which tasks a reader may see entries about: null for every task (site managers), otherwise the projects
 * they are a member of, grouped by privacy view. An empty list sees nothing.
 */
export type NotificationVisibility = readonly ViewScope[] | null;

/** An entry as listed: the row with its task's title and its project, as they are now. */
export interface ListedNotificationRow extends NotificationRow {
  task_title: string;
  project_id: number;
  project_title: string;
}

/** A task as the rules about following and entries need it. */
export interface TaskFacts {
  id: number;
  project_id: number;
  title: string;
  privacy: number;
  list_privacy: number;
}

/** Rows written per statement: well under both engines' cap on bound parameters. */
const INSERT_BATCH = 200;

/**
 * Entries about tasks the reader may see now, read through the task's row: a task made private, moved to a
 * private list or in a project the reader left hides its entries, and they show again when that is undone.
 */
function visibleTo(eb: ExpressionBuilder<Database, "tasks">, visibility: NotificationVisibility): Expression<SqlBool> {
  if (visibility === null) return eb.and([]);
  // A literal false cannot be bound on SQLite; a comparison that never holds reads the same on both engines.
  if (visibility.length === 0) return sql<SqlBool>`1 = 0`;
  return inViewScopes(eb, "tasks.project_id", visibility, visibleTasks);
}

/** Queries of the Inbox and of task following. */
export function notificationsRepository(db: Kysely<Database>) {
  /** A user's entries joined to their task and project, only those about tasks they may see. */
  function visibleEntries(userId: number, visibility: NotificationVisibility) {
    return db
      .selectFrom("notifications")
      .innerJoin("tasks", "tasks.id", "notifications.task_id")
      .where("notifications.user_id", "=", userId)
      .where((eb) => visibleTo(eb, visibility));
  }

  /** The followers of these tasks, by task. */
  async function findFollowerIdsOf(taskIds: readonly number[]): Promise<Map<number, number[]>> {
    const byTask = new Map<number, number[]>();
    for (const chunk of chunkIds(taskIds)) {
      const rows = await db.selectFrom("task_followers").select(["task_id", "user_id"]).where("task_id", "in", chunk).orderBy("user_id").execute();
      for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row.user_id]);
    }
    return byTask;
  }

  /** Makes users follow tasks (a follow already there stays as it is). */
  async function addFollows(follows: ReadonlyArray<{ taskId: number; userId: number }>, at: string): Promise<void> {
    const unique = new Map(follows.map((follow) => [`${follow.taskId}:${follow.userId}`, follow]));
    const rows = [...unique.values()].map((follow) => ({ task_id: follow.taskId, user_id: follow.userId, created_at: at }));
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await db.insertInto("task_followers").values(rows.slice(start, start + INSERT_BATCH))
        .onConflict((oc) => oc.columns(["task_id", "user_id"]).doNothing()).execute();
    }
  }

  return {
    findFollowerIdsOf,
    addFollows,

    /** The task with its list's privacy, or undefined when it is gone. */
    findTask(taskId: number): Promise<TaskFacts | undefined> {
      return db
        .selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select(["tasks.id", "tasks.project_id", "tasks.title", "tasks.privacy", "task_lists.privacy as list_privacy"])
        .where("tasks.id", "=", taskId)
        .executeTakeFirst();
    },

    /**
     * The assignees of these tasks with when each was assigned, by task, in one query; a task that no
     * longer exists is absent, one without assignees maps to [].
     */
    async findAssignmentsOf(taskIds: readonly number[]): Promise<Map<number, Array<{ userId: number; assignedAt: string }>>> {
      const byTask = new Map<number, Array<{ userId: number; assignedAt: string }>>();
      for (const chunk of chunkIds(taskIds)) {
        const rows = await db
          .selectFrom("tasks")
          .leftJoin("task_assignees", "task_assignees.task_id", "tasks.id")
          .select(["tasks.id", "task_assignees.user_id", "task_assignees.assigned_at"])
          .where("tasks.id", "in", chunk)
          .orderBy("task_assignees.user_id")
          .execute();
        for (const row of rows) {
          const assignments = byTask.get(row.id) ?? [];
          if (row.user_id !== null && row.assigned_at !== null) assignments.push({ userId: row.user_id, assignedAt: row.assigned_at });
          byTask.set(row.id, assignments);
        }
      }
      return byTask;
    },



    /** The users following a task. */
    async findFollowerIds(taskId: number): Promise<number[]> {
      return (await findFollowerIdsOf([taskId])).get(taskId) ?? [];
    },

    /** The users following a task, as user rows, by name. */
    findFollowers(taskId: number): Promise<UserRow[]> {
      return db
        .selectFrom("task_followers")
        .innerJoin("users", "users.id", "task_followers.user_id")
        .selectAll("users")
        .where("task_followers.task_id", "=", taskId)
        .orderBy("users.display_name")
        .orderBy("users.id")
        .execute();
    },

    /** Whether the user follows the task. */
    async isFollowing(taskId: number, userId: number): Promise<boolean> {
      const row = await db.selectFrom("task_followers").select("user_id").where("task_id", "=", taskId).where("user_id", "=", userId).executeTakeFirst();
      return row !== undefined;
    },

    /** A comment's text and the users it tells (chosen and mentioned), or undefined when it is gone. */
    async findComment(commentId: number): Promise<{ content: string; notifyUserIds: number[] } | undefined> {
      const comment = await db.selectFrom("comments").select("content").where("id", "=", commentId).executeTakeFirst();
      if (!comment) return undefined;
      const notify = await db.selectFrom("comment_notify_users").select("user_id").where("comment_id", "=", commentId).orderBy("user_id").execute();
      return { content: comment.content, notifyUserIds: notify.map((row) => row.user_id) };
    },

    /** Makes the users follow the task; those who already do are left as they are. */
    async addFollowers(taskId: number, userIds: readonly number[], at: string): Promise<void> {
      await addFollows(userIds.map((userId) => ({ taskId, userId })), at);
    },

    async removeFollower(taskId: number, userId: number): Promise<void> {
      await db.deleteFrom("task_followers").where("task_id", "=", taskId).where("user_id", "=", userId).execute();
    },

    /** Writes entries; one whose user and source key were written before (a repeated delivery) is skipped. */
    async insertNotifications(rows: readonly NewNotification[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await db
          .insertInto("notifications")
          .values(rows.slice(start, start + INSERT_BATCH))
          .onConflict((oc) => oc.columns(["user_id", "source_key"]).doNothing())
          .execute();
      }
    },

    /** Open tasks (incomplete or pending) due on `day`, with each of their assignees. */
    findDueAssignments(day: string): Promise<Array<{ task_id: number; user_id: number }>> {
      return db
        .selectFrom("tasks")
        .innerJoin("task_assignees", "task_assignees.task_id", "tasks.id")
        .select(["tasks.id as task_id", "task_assignees.user_id"])
        .where("tasks.due_date", "=", day)
        .where("tasks.status", "in", [0, 2])
        .orderBy("tasks.id")
        .orderBy("task_assignees.user_id")
        .execute();
    },

    /** A page of the user's visible entries, newest first. */
    listVisible(
      userId: number,
      visibility: NotificationVisibility,
      page: { unreadOnly: boolean; limit: number; offset: number },
    ): Promise<ListedNotificationRow[]> {
      return visibleEntries(userId, visibility)
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .selectAll("notifications")
        .select(["tasks.title as task_title", "tasks.project_id", "projects.title as project_title"])
        .$if(page.unreadOnly, (qb) => qb.where("notifications.read_at", "is", null))
        .orderBy("notifications.id", "desc")
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /** How many visible entries the user has, and how many of them are unread: one pass over their rows. */
    async countVisible(userId: number, visibility: NotificationVisibility): Promise<{ total: number; unread: number }> {
      const row = await visibleEntries(userId, visibility)
        .select((eb) => [
          eb.fn.countAll<number | string>().as("total"),
          eb.fn.sum<number | string | null>(eb.case().when("notifications.read_at", "is", null).then(1).else(0).end()).as("unread"),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread ?? 0) };
    },

    /** How many of the user's visible entries are unread (the bell's count), reading only unread rows. */
    async countUnread(userId: number, visibility: NotificationVisibility): Promise<number> {
      const row = await visibleEntries(userId, visibility)
        .where("notifications.read_at", "is", null)
        .select((eb) => eb.fn.countAll<number | string>().as("unread"))
        .executeTakeFirstOrThrow();
      return Number(row.unread);
    },

    /** One of the user's entries, when its task is visible to them. */
    findVisible(userId: number, visibility: NotificationVisibility, id: number): Promise<ListedNotificationRow | undefined> {
      return visibleEntries(userId, visibility)
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .selectAll("notifications")
        .select(["tasks.title as task_title", "tasks.project_id", "projects.title as project_title"])
        .where("notifications.id", "=", id)
        .executeTakeFirst();
    },

    /** Marks one entry read, unless it already is (the first time it was read stays). */
    async markRead(userId: number, id: number, at: string): Promise<void> {
      await db.updateTable("notifications").set({ read_at: at })
        .where("id", "=", id).where("user_id", "=", userId).where("read_at", "is", null)
        .execute();
    },

    /**
     * Marks the user's unread visible entries read, up to `upToId` when given; answers how many. Hidden
     * entries stay unread: the user has not seen them, and they show as new if their task shows again.
     */
    async markAllRead(userId: number, visibility: NotificationVisibility, upToId: number | undefined, at: string): Promise<number> {
      const result = await db
        .updateTable("notifications")
        .set({ read_at: at })
        .where("notifications.user_id", "=", userId)
        .where("notifications.read_at", "is", null)
        .$if(upToId !== undefined, (qb) => qb.where("notifications.id", "<=", upToId ?? 0))
        .$if(visibility !== null, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb.selectFrom("tasks").select("tasks.id").whereRef("tasks.id", "=", "notifications.task_id").where((inner) => visibleTo(inner, visibility)),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
