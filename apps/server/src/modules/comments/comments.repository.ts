import type { CommentableType } from "@plotline/contracts";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { CommentRow } from "./comments.tables.js";
import { inChunks } from "../../db/sql-helpers.js";
import { isPrivate } from "../privacy/privacy.rules.js";

/** The record a comment is on, with the privacy flags that decide who may see it. */
export interface CommentableRow {
  id: number;
  title: string;
  privacy: number;
  /** For a task: the privacy of its list; 0 otherwise. */
  list_privacy: number;
}

/** How many comments a project has on records of one kind with the same privacy flags. */
export interface CommentCountRow {
  project_id: number;
  /** The kind of record commented on (`task`, `task_list`, `discussion_board`, `milestone`). */
  commentable_type: string;
  /** The privacy flag of the record commented on. */
  privacy: number;
  /** For a comment on a task: the privacy flag of the task's list; 0 otherwise. */
  list_privacy: number;
  count: number;
}

/** A project member as notification filtering needs it. */
export interface MemberCapabilityRow {
  user_id: number;
  role_id: number;
  /** The user's site-wide manager flag. */
  manage_pm: number;
  /** The project's capability overrides (JSON), if any. */
  capabilities: string | null;
}

/** Queries on comments, the users they notify, and the records they are on (read only). */
export function commentsRepository(db: Kysely<Database>) {
  /**
   * A file item, private when it or any folder above it is private: the folder chain is walked in one
   * recursive query (depth-capped; the move rule keeps the tree free of cycles). Attachments take no
   * comments: they belong to the thread of the record holding them.
   */
  async function findFile(projectId: number, id: number): Promise<CommentableRow | undefined> {
    const result = await sql<{ id: number; title: string; privacy: number }>`
      with recursive chain(id, parent_id, privacy, depth) as (
        select id, parent_id, privacy, 0 from project_files where id = ${id} and project_id = ${projectId} and fileable_type is null
        union all
        select f.id, f.parent_id, f.privacy, c.depth + 1 from project_files f
          join chain c on f.id = c.parent_id
          where c.parent_id <> 0 and f.project_id = ${projectId} and c.depth < 200
      )
      select chain.id, f.title, chain.privacy from chain join project_files f on f.id = ${id}`.execute(db);
    const item = result.rows.find((row) => Number(row.id) === id);
    if (!item) return undefined;
    // The item and every folder above it: private when any of them is (the privacy module's rule).
    return { id, title: item.title, privacy: result.rows.some((row) => isPrivate(Number(row.privacy))) ? 1 : 0, list_privacy: 0 };
  }

  return {
    /** The commentable of one project, or undefined. */
    async findCommentable(projectId: number, type: CommentableType, id: number): Promise<CommentableRow | undefined> {
      switch (type) {
        case "task":
          return db.selectFrom("tasks").innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
            .select(["tasks.id", "tasks.title", "tasks.privacy", "task_lists.privacy as list_privacy"])
            .where("tasks.project_id", "=", projectId).where("tasks.id", "=", id).executeTakeFirst();
        case "task_list":
          return db.selectFrom("task_lists").select(["id", "title", "privacy", "privacy as list_privacy"])
            .where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
        case "discussion_board":
          return db.selectFrom("discussions").select(["id", "title", "privacy", "privacy as list_privacy"])
            .where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
        case "milestone":
          return db.selectFrom("milestones").select(["id", "title", "privacy", "privacy as list_privacy"])
            .where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
        case "file":
          return findFile(projectId, id);
      }
    },

    /** One page of the comments on a record, oldest first, with their total (from the counts the triggers keep). */
    async listComments(projectId: number, type: CommentableType, id: number, limit: number, offset: number): Promise<{ rows: CommentRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db.selectFrom("comments").selectAll()
          .where("project_id", "=", projectId).where("commentable_type", "=", type).where("commentable_id", "=", id)
          .orderBy("id").limit(limit).offset(offset).execute(),
        db.selectFrom("comment_counts").select("count")
          .where("project_id", "=", projectId).where("commentable_type", "=", type).where("commentable_id", "=", id).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    /**
     * Comment counts of records of one kind (`task`, `task_list`, `discussion_board`, ...), from the counts
     * the triggers keep (comments.counters.migration.ts): one query per 500 records.
     */
    async countComments(type: CommentableType, ids: readonly number[]): Promise<Map<number, number>> {
      const rows = await inChunks(ids, (chunk) =>
        db.selectFrom("comment_counts")
          .select(["commentable_id", (eb) => eb.fn.sum<number>("count").as("count")])
          .where("commentable_type", "=", type)
          .where("commentable_id", "in", chunk)
          .where("count", "<>", 0)
          .groupBy("commentable_id")
          .execute());
      return new Map(rows.map((row) => [row.commentable_id, Number(row.count)]));
    },

    /**
     * The raw rows of the projects' `total_comments`, grouped by the privacy of the record commented on (for
     * a task also its list's), so each reader's privacy applies. Comments on files take their privacy from
     * the folders above the file: the files module counts those.
     */
    async countForProjects(projectIds: readonly number[]): Promise<CommentCountRow[]> {
      const targetPrivacy = sql<number>`coalesce(${sql.ref("tasks.privacy")}, ${sql.ref("task_lists.privacy")}, ${sql.ref("discussions.privacy")}, ${sql.ref("milestones.privacy")}, 0)`;
      const targetListPrivacy = sql<number>`coalesce(${sql.ref("lists_of_tasks.privacy")}, 0)`;
      // Each record's count, as the triggers keep it, joined once to the record for its privacy.
      const rows = await inChunks(projectIds, (chunk) => {
        const perTarget = db.selectFrom("comment_counts")
          .select(["project_id", "commentable_type", "commentable_id", "count"])
          .where("project_id", "in", chunk).where("commentable_type", "<>", "file").where("count", "<>", 0);
        return db.selectFrom(perTarget.as("c"))
          .leftJoin("tasks", (join) => join.onRef("tasks.id", "=", "c.commentable_id").on("c.commentable_type", "=", "task"))
          .leftJoin("task_lists as lists_of_tasks", "lists_of_tasks.id", "tasks.task_list_id")
          .leftJoin("task_lists", (join) => join.onRef("task_lists.id", "=", "c.commentable_id").on("c.commentable_type", "=", "task_list"))
          .leftJoin("discussions", (join) => join.onRef("discussions.id", "=", "c.commentable_id").on("c.commentable_type", "=", "discussion_board"))
          .leftJoin("milestones", (join) => join.onRef("milestones.id", "=", "c.commentable_id").on("c.commentable_type", "=", "milestone"))
          .select(["c.project_id", "c.commentable_type", targetPrivacy.as("privacy"), targetListPrivacy.as("list_privacy"), (eb) => eb.fn.sum<number>("c.count").as("count")])
          .groupBy(["c.project_id", "c.commentable_type", targetPrivacy, targetListPrivacy]).execute();
      });
      return rows.map((row) => ({
        project_id: Number(row.project_id), commentable_type: row.commentable_type, privacy: Number(row.privacy), list_privacy: Number(row.list_privacy), count: Number(row.count),
      }));
    },

    findComment(projectId: number, id: number): Promise<CommentRow | undefined> {
      return db.selectFrom("comments").selectAll().where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
    },

    async findNotifyUsers(commentIds: readonly number[]): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      const rows = await inChunks(commentIds, (chunk) =>
        db.selectFrom("comment_notify_users").select(["comment_id", "user_id"]).where("comment_id", "in", chunk).orderBy("user_id").execute());
      for (const row of rows) result.set(row.comment_id, [...(result.get(row.comment_id) ?? []), row.user_id]);
      return result;
    },

    /** The project's members among the given users, with what decides whether they may see a private record. */
    findMembers(projectId: number, userIds: readonly number[]): Promise<MemberCapabilityRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("project_members")
        .innerJoin("users", "users.id", "project_members.user_id")
        .leftJoin("project_settings", (join) =>
          join.onRef("project_settings.project_id", "=", "project_members.project_id").on("project_settings.key", "=", "capabilities"))
        .select(["project_members.user_id", "project_members.role_id", "users.manage_pm", "project_settings.value as capabilities"])
        .where("project_members.project_id", "=", projectId)
        .where("project_members.user_id", "in", [...new Set(userIds)])
        .execute();
    },

    insertComment(comment: Omit<CommentRow, "id">): Promise<CommentRow> {
      return db.insertInto("comments").values(comment).returningAll().executeTakeFirstOrThrow();
    },

    updateComment(id: number, changes: Pick<CommentRow, "content" | "updated_at">): Promise<CommentRow | undefined> {
      return db.updateTable("comments").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async replaceNotifyUsers(commentId: number, userIds: readonly number[]): Promise<void> {
      await db.deleteFrom("comment_notify_users").where("comment_id", "=", commentId).execute();
      if (userIds.length === 0) return;
      await db.insertInto("comment_notify_users").values([...new Set(userIds)].map((user_id) => ({ comment_id: commentId, user_id }))).execute();
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
