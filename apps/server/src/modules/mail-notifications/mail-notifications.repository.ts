import type { CommentableType } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { visibleDiscussions, visibleFiles, visibleMilestones, visibleTaskLists, visibleTasks, type FilesDatabase } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { MailNotificationItemRow, NewMailNotificationItem } from "./mail-notifications.tables.js";

/** Items written per statement: 11 values each, far below both engines' cap on bound parameters. */
const INSERT_BATCH = 200;

/** A group's identity: one recipient, one record, one actor. */
export interface MailGroup {
  userId: number;
  groupType: string;
  groupId: number;
  actorId: number;
}

/** An item just written, with what its group's job needs. */
export interface WrittenItem extends MailGroup {
  createdAt: string;
}

/** A record an item points at, as the mail names and links it now. */
export interface RecordFacts {
  type: CommentableType;
  id: number;
  projectId: number;
  title: string;
  /** For an item of the files area: its kind (`doc`, `link`, `pro_file`) and its folder (0 for the root). */
  fileType: string | null;
  folderId: number;
}

/** The tables of the records an item may be about, by kind name. */
const RECORD_TABLES = {
  task: "tasks",
  task_list: "task_lists",
  milestone: "milestones",
  discussion_board: "discussions",
  file: "project_files",
} as const satisfies Record<CommentableType, keyof FilesDatabase>;

/** Queries of the mail notices: the people an event concerns, the items, and the records they are about. */
export function mailNotificationsRepository(base: Kysely<Database>) {
  const db: Kysely<FilesDatabase> = base.withTables<Pick<FilesDatabase, "project_files">>();

  return {
    // ---- Read when an event is handed out, through its transaction.

    /** The assignees of these tasks and when each was assigned; a task deleted since is absent. */
    async findAssignments(taskIds: readonly number[]): Promise<Map<number, Array<{ userId: number; assignedAt: string }>>> {
      const rows = await inChunks(taskIds, (chunk) =>
        db.selectFrom("tasks").leftJoin("task_assignees", "task_assignees.task_id", "tasks.id")
          .select(["tasks.id as task_id", "task_assignees.user_id", "task_assignees.assigned_at"])
          .where("tasks.id", "in", chunk).execute());
      const byTask = new Map<number, Array<{ userId: number; assignedAt: string }>>();
      for (const row of rows) {
        const list = byTask.get(row.task_id) ?? [];
        if (row.user_id !== null && row.assigned_at !== null) list.push({ userId: row.user_id, assignedAt: row.assigned_at });
        byTask.set(row.task_id, list);
      }
      return byTask;
    },

    /** Who a task concerns: its creator and its assignees; null when it is gone. */
    async findTaskPeople(taskId: number): Promise<{ creatorId: number; assigneeIds: number[] } | null> {
      const task = await db.selectFrom("tasks").select("created_by").where("id", "=", taskId).executeTakeFirst();
      if (!task) return null;
      const assignees = await db.selectFrom("task_assignees").select("user_id").where("task_id", "=", taskId).orderBy("user_id").execute();
      return { creatorId: task.created_by, assigneeIds: assignees.map((row) => row.user_id) };
    },

    /** A comment's text and the users it tells (the ids chosen and mentioned, kept to members who may see it). */
    async findComment(commentId: number): Promise<{ content: string; notifyUserIds: number[] } | null> {
      const comment = await db.selectFrom("comments").select("content").where("id", "=", commentId).executeTakeFirst();
      if (!comment) return null;
      const notify = await db.selectFrom("comment_notify_users").select("user_id").where("comment_id", "=", commentId).orderBy("user_id").execute();
      return { content: comment.content, notifyUserIds: notify.map((row) => row.user_id) };
    },

    /** Every member of a project. */
    async findMemberIds(projectId: number): Promise<number[]> {
      const rows = await db.selectFrom("project_members").select("user_id").where("project_id", "=", projectId).orderBy("user_id").execute();
      return rows.map((row) => row.user_id);
    },

    /** Writes items, skipping those whose (user, key) is already there; answers the ones written. */
    async insertItems(items: readonly NewMailNotificationItem[]): Promise<WrittenItem[]> {
      const written: WrittenItem[] = [];
      for (let start = 0; start < items.length; start += INSERT_BATCH) {
        const rows = await db
          .insertInto("mail_notification_items")
          .values(items.slice(start, start + INSERT_BATCH))
          .onConflict((oc) => oc.columns(["user_id", "source_key"]).doNothing())
          .returning(["user_id", "group_type", "group_id", "actor_id", "created_at"])
          .execute();
        written.push(...rows.map((row) => ({ userId: row.user_id, groupType: row.group_type, groupId: row.group_id, actorId: row.actor_id, createdAt: row.created_at })));
      }
      return written;
    },

    // ---- Read by the jobs.

    /**
     * Takes a group's waiting items for one job: only items no job has taken, so two jobs of one group
     * (one waiting, one started earlier) never send the same item. Answers how many were taken.
     */
    async claimGroup(group: MailGroup, jobId: string): Promise<number> {
      const result = await db
        .updateTable("mail_notification_items")
        .set({ claimed_by: jobId })
        .where("user_id", "=", group.userId)
        .where("group_type", "=", group.groupType)
        .where("group_id", "=", group.groupId)
        .where("actor_id", "=", group.actorId)
        .where("sent_at", "is", null)
        .where("claimed_by", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The items a job took and has not finished: those it just claimed, or those of its own earlier run. */
    findClaimed(jobId: string): Promise<MailNotificationItemRow[]> {
      return db.selectFrom("mail_notification_items").selectAll().where("claimed_by", "=", jobId).where("sent_at", "is", null).orderBy("id").execute();
    },

    /** Marks items done: `sent`, or `skipped` (nothing the recipient may see or wants). */
    async finishItems(ids: readonly number[], outcome: "sent" | "skipped", at: string): Promise<void> {
      await inChunks(ids, async (chunk) => {
        await db.updateTable("mail_notification_items").set({ sent_at: at, outcome }).where("id", "in", chunk).execute();
        return [];
      });
    },

    /** Deletes the items done before `before`; answers how many. */
    /** The groups with items no job has taken, written before `before`: their job went by without them. */
    async findStrandedGroups(before: string): Promise<Array<MailGroup & { createdAt: string }>> {
      const rows = await db
        .selectFrom("mail_notification_items")
        .select(["user_id", "group_type", "group_id", "actor_id"])
        .select((eb) => eb.fn.min("created_at").as("created_at"))
        .where("claimed_by", "is", null)
        .where("sent_at", "is", null)
        .where("created_at", "<", before)
        .groupBy(["user_id", "group_type", "group_id", "actor_id"])
        .execute();
      return rows.map((row) => ({ userId: row.user_id, groupType: row.group_type, groupId: row.group_id, actorId: row.actor_id, createdAt: String(row.created_at) }));
    },

    async deleteFinishedBefore(before: string): Promise<number> {
      const result = await db.deleteFrom("mail_notification_items").where("sent_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The records of these kinds and ids that are still there, with their titles and projects. */
    async findRecords(records: ReadonlyArray<{ type: CommentableType; id: number }>): Promise<RecordFacts[]> {
      const found: RecordFacts[] = [];
      for (const type of Object.keys(RECORD_TABLES) as CommentableType[]) {
        const ids = [...new Set(records.filter((record) => record.type === type).map((record) => record.id))];
        if (ids.length === 0) continue;
        if (type === "file") {
          const rows = await db.selectFrom("project_files").select(["id", "project_id", "title", "type", "parent_id"]).where("id", "in", ids).execute();
          found.push(...rows.map((row) => ({ type, id: row.id, projectId: row.project_id, title: row.title, fileType: row.type, folderId: Number(row.parent_id) })));
          continue;
        }
        const rows = await db.selectFrom(RECORD_TABLES[type]).select(["id", "project_id", "title"]).where("id", "in", ids).execute();
        found.push(...rows.map((row) => ({ type, id: row.id, projectId: row.project_id, title: row.title, fileType: null, folderId: 0 })));
      }
      return found;
    },

    /**
     * The ids among these records of one kind that a reader with this view may see, by the kind's rule of
     * `privacy.filters.ts`: the same filters the Inbox reads with.
     */
    async findVisibleIds(type: CommentableType, ids: readonly number[], view: PrivacyView): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const unique = [...new Set(ids)];
      let rows: Array<{ id: number }>;
      switch (type) {
        case "task":
          rows = await db.selectFrom("tasks").select("id").where("id", "in", unique).where((eb) => visibleTasks(eb, view)).execute();
          break;
        case "task_list":
          rows = await db.selectFrom("task_lists").select("id").where("id", "in", unique).where((eb) => visibleTaskLists(eb, view)).execute();
          break;
        case "milestone":
          rows = await db.selectFrom("milestones").select("id").where("id", "in", unique).where((eb) => visibleMilestones(eb, view)).execute();
          break;
        case "discussion_board":
          rows = await db.selectFrom("discussions").select("id").where("id", "in", unique).where((eb) => visibleDiscussions(eb, view)).execute();
          break;
        case "file":
          rows = await db.selectFrom("project_files").select("id").where("id", "in", unique).where((eb) => visibleFiles(eb, view)).execute();
          break;
      }
      return new Set(rows.map((row) => row.id));
    },

    /** Comments still there, with their text. */
    async findCommentTexts(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await inChunks(ids, (chunk) => db.selectFrom("comments").select(["id", "content"]).where("id", "in", chunk).execute());
      return new Map(rows.map((row) => [row.id, row.content]));
    },

    /** A project's title; null when it is gone. */
    async findProjectTitle(projectId: number): Promise<string | null> {
      const row = await db.selectFrom("projects").select("title").where("id", "=", projectId).executeTakeFirst();
      return row?.title ?? null;
    },
  };
}
