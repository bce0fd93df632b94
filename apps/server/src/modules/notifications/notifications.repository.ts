import type { CommentableType } from "@plotline/contracts";
import { sql, type Expression, type ExpressionBuilder, type JoinBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";
import { chunkIds } from "../../db/sql-helpers.js";
import { inViewScopes, visibleDiscussions, visibleFiles, visibleMilestones, visibleTaskLists, visibleTasks, type FilesDatabase } from "../privacy/privacy.filters.js";
import type { PrivacyView, ViewScope } from "../privacy/privacy.rules.js";
import type { UserRow } from "../users/users.tables.js";
import type { NotificationRow } from "./notifications.tables.js";

/** An entry to write. */
export type NewNotification = Omit<NotificationRow, "id" | "read_at">;

/**
 * Which records a reader may see entries about: null for every record (site managers), otherwise the
 * projects they are a member of, grouped by privacy view. An empty list sees nothing.
 */
export type NotificationVisibility = readonly ViewScope[] | null;

/** An entry as listed: the row with its record's title and its project, as they are now. */
export interface ListedNotificationRow extends NotificationRow {
  subject_title: string;
  project_id: number;
  project_title: string;
  /** For an item of the files area: its kind (`doc`, `link`, `pro_file`) and its folder (0 for the root). */
  file_type: string | null;
  file_folder_id: number | null;
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

/** The database with the files module's table, read here to show and hide entries about files. */
type InboxDatabase = FilesDatabase;

/** The tables of the records other than tasks an entry may be about, each with its kind's name. */
const OTHER_SUBJECTS = [
  { table: "task_lists", type: "task_list" },
  { table: "milestones", type: "milestone" },
  { table: "discussions", type: "discussion_board" },
  { table: "project_files", type: "file" },
] as const satisfies ReadonlyArray<{ table: keyof InboxDatabase; type: CommentableType }>;

type OtherSubjectTable = (typeof OTHER_SUBJECTS)[number]["table"];
type SubjectTable = "tasks" | OtherSubjectTable;

/**
 * Entries about anything but a task. Written literally, not bound, so that both engines read them through
 * the partial index `notifications_other_idx`, which holds only these (few) rows.
 */
const ABOUT_OTHER = sql<SqlBool>`notifications.subject_type <> 'task'`;

/**
 * Records of one table the reader may see by its kind's rule, over the projects they belong to, each read
 * with its own view; only that the row is there for a site manager. `eb` is over the entries with the
 * table joined from the left, whose columns are the table's own: the rule, written for the table alone,
 * applies as it is.
 */
function visibleSubject<TB extends SubjectTable>(
  eb: ExpressionBuilder<InboxDatabase, "notifications" | TB>,
  table: TB,
  visibility: NotificationVisibility,
  rule: (eb: ExpressionBuilder<InboxDatabase, TB>, view: PrivacyView) => Expression<SqlBool>,
): Expression<SqlBool> {
  const there = eb(sql.ref(`${table}.id`), "is not", null);
  if (visibility === null) return there;
  // A literal false cannot be bound on SQLite; a comparison that never holds reads the same on both engines.
  if (visibility.length === 0) return sql<SqlBool>`1 = 0`;
  const own = eb as unknown as ExpressionBuilder<InboxDatabase, TB>;
  return eb.and([there, inViewScopes(own, sql.ref(`${table}.project_id`), visibility, rule)]);
}

/**
 * Entries about records the reader may see now, each kind by its own rule, read through the record's row
 * (see `withSubjects`): a record made private (a task also by its list, a file by a folder above it), a
 * project the reader left, or a record gone hides its entries, and they show again when that is undone.
 */
function visibleTo(eb: ExpressionBuilder<InboxDatabase, "notifications" | SubjectTable>, visibility: NotificationVisibility): Expression<SqlBool> {
  return eb.or([
    visibleSubject(eb, "tasks", visibility, visibleTasks),
    visibleOther(eb, visibility),
  ]);
}

/** Entries about lists, milestones, discussions and files the reader may see now. */
function visibleOther(eb: ExpressionBuilder<InboxDatabase, "notifications" | SubjectTable>, visibility: NotificationVisibility): Expression<SqlBool> {
  return eb.or([
    visibleSubject(eb, "task_lists", visibility, visibleTaskLists),
    visibleSubject(eb, "milestones", visibility, visibleMilestones),
    visibleSubject(eb, "discussions", visibility, visibleDiscussions),
    visibleSubject(eb, "project_files", visibility, visibleFiles),
  ]);
}

/** Queries of the Inbox and of task following. */
export function notificationsRepository(base: Kysely<Database>) {
  const db: Kysely<InboxDatabase> = base.withTables<Pick<InboxDatabase, "project_files">>();

  /**
   * A user's entries with the row of the record each is about: one join by primary key per kind, the kind
   * named by `subject_type` (a task's through `task_id`); for files, an item of the files area only.
   */
  function withSubjects(userId: number) {
    const on = (table: OtherSubjectTable, type: CommentableType) =>
      (join: JoinBuilder<InboxDatabase, "notifications" | OtherSubjectTable>) =>
        join.onRef(`${table}.id`, "=", "notifications.subject_id").on("notifications.subject_type", "=", type);
    return db
      .selectFrom("notifications")
      .leftJoin("tasks", "tasks.id", "notifications.task_id")
      .leftJoin("task_lists", on("task_lists", "task_list"))
      .leftJoin("milestones", on("milestones", "milestone"))
      .leftJoin("discussions", on("discussions", "discussion_board"))
      .leftJoin("project_files", (join) => on("project_files", "file")(join).on("project_files.fileable_type", "is", null))
      .where("notifications.user_id", "=", userId);
  }

  /** A user's entries about records they may see. */
  function visibleEntries(userId: number, visibility: NotificationVisibility) {
    return withSubjects(userId).where((eb) => visibleTo(eb, visibility));
  }

  /** Visible entries with their record's title and project, and for a file what its link needs. */
  function listedEntries(userId: number, visibility: NotificationVisibility) {
    return visibleEntries(userId, visibility)
      .innerJoin("projects", (join) => join.on(sql<SqlBool>`projects.id = coalesce(tasks.project_id, task_lists.project_id, milestones.project_id, discussions.project_id, project_files.project_id)`))
      .selectAll("notifications")
      .select([
        sql<string>`coalesce(tasks.title, task_lists.title, milestones.title, discussions.title, project_files.title)`.as("subject_title"),
        "projects.id as project_id",
        "projects.title as project_title",
        "project_files.type as file_type",
        "project_files.parent_id as file_folder_id",
      ]);
  }

  /**
   * How many visible entries the user has, and how many are unread (only unread rows read when
   * `unreadOnly`). Counted in two parts of one statement, so that neither joins what it cannot hold: the
   * task entries (nearly all) through the task alone, the others through the partial index that holds only
   * them, with their four tables.
   */
  async function countEntries(userId: number, visibility: NotificationVisibility, unreadOnly: boolean): Promise<{ total: number; unread: number }> {
    const counts = (eb: ExpressionBuilder<InboxDatabase, "notifications">) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.sum<number | string | null>(eb.case().when("notifications.read_at", "is", null).then(1).else(0).end()).as("unread"),
    ];
    // A cross join with the condition in the where clause: the same inner join to PostgreSQL, and to SQLite
    // an order it keeps, from the user's entries to their tasks; left to choose, it walks every task of the
    // reader's projects and looks each up in the entries, three times slower.
    const tasks = db.selectFrom("notifications")
      .crossJoin("tasks")
      .whereRef("tasks.id", "=", "notifications.task_id")
      .where("notifications.user_id", "=", userId)
      .where((eb) => visibleSubject(eb, "tasks", visibility, visibleTasks))
      .$if(unreadOnly, (qb) => qb.where("notifications.read_at", "is", null)).select(counts);
    const others = withSubjects(userId).where(ABOUT_OTHER).where((eb) => visibleOther(eb, visibility))
      .$if(unreadOnly, (qb) => qb.where("notifications.read_at", "is", null)).select(counts);
    const rows = await tasks.unionAll(others).execute();
    return {
      total: rows.reduce((sum, row) => sum + Number(row.total), 0),
      unread: rows.reduce((sum, row) => sum + Number(row.unread ?? 0), 0),
    };
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

    /**
     * Deletes the entries whose list, milestone, discussion or file is gone (a task's go with it through the
     * foreign key); answers how many. Such entries are hidden already: this only keeps the table lean.
     */
    async deleteOrphans(): Promise<number> {
      let deleted = 0;
      for (const { table, type } of OTHER_SUBJECTS) {
        const result = await db.deleteFrom("notifications")
          .where("subject_type", "=", type)
          .where((eb) => eb.not(eb.exists(eb.selectFrom(table).select(`${table}.id`).whereRef(`${table}.id`, "=", "notifications.subject_id"))))
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
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
      return listedEntries(userId, visibility)
        .$if(page.unreadOnly, (qb) => qb.where("notifications.read_at", "is", null))
        .orderBy("notifications.id", "desc")
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /** How many visible entries the user has, and how many of them are unread: one pass over their rows. */
    countVisible(userId: number, visibility: NotificationVisibility): Promise<{ total: number; unread: number }> {
      return countEntries(userId, visibility, false);
    },

    /** How many of the user's visible entries are unread (the bell's count), reading only unread rows. */
    async countUnread(userId: number, visibility: NotificationVisibility): Promise<number> {
      return (await countEntries(userId, visibility, true)).unread;
    },

    /** One of the user's entries, when its record is visible to them. */
    findVisible(userId: number, visibility: NotificationVisibility, id: number): Promise<ListedNotificationRow | undefined> {
      return listedEntries(userId, visibility)
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
     * entries stay unread: the user has not seen them, and they show as new if their record shows again.
     */
    async markAllRead(userId: number, visibility: NotificationVisibility, upToId: number | undefined, at: string): Promise<number> {
      const result = await db
        .updateTable("notifications")
        .set({ read_at: at })
        .where("notifications.user_id", "=", userId)
        .where("notifications.read_at", "is", null)
        .$if(upToId !== undefined, (qb) => qb.where("notifications.id", "<=", upToId ?? 0))
        .where("notifications.id", "in", visibleEntries(userId, visibility).select("notifications.id"))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
