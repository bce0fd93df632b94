import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { inViewScopes, visibleTasks } from "../privacy/privacy.filters.js";
import type { ViewScope } from "../privacy/privacy.rules.js";

/** Projects whose tasks the digest tells of: not those completed or archived. */
const ACTIVE_PROJECT_STATUSES = ["incomplete", "pending"];
/** Task statuses that are still to do: incomplete and pending. */
const OPEN_STATUSES = [0, 2];

/** The days a digest is about: today, and yesterday as UTC instants (`from` inclusive, `to` exclusive). */
export interface DigestDays {
  today: string;
  yesterdayFrom: string;
  yesterdayTo: string;
}

/** A task a digest lists. */
export interface DigestTaskRow {
  id: number;
  title: string;
  project_id: number;
  project_title: string;
  due_date: string | null;
  completed_by: number | null;
}

/** Queries of the daily digest. */
export function digestRepository(db: Kysely<Database>) {
  return {
    /**
     * Who might have a digest today: the assignees of open tasks due today or earlier, and the members of
     * projects with a task completed yesterday (active projects only). The digest's job decides with
     * privacy; a user here may still get none.
     */
    async findCandidates(days: DigestDays): Promise<number[]> {
      const due = db
        .selectFrom("task_assignees")
        .innerJoin("tasks", "tasks.id", "task_assignees.task_id")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .innerJoin("project_members", (join) => join.onRef("project_members.project_id", "=", "tasks.project_id").onRef("project_members.user_id", "=", "task_assignees.user_id"))
        .select("task_assignees.user_id")
        .where("tasks.status", "in", OPEN_STATUSES)
        .where("tasks.due_date", "<=", days.today)
        .where("projects.status", "in", ACTIVE_PROJECT_STATUSES);
      const completed = db
        .selectFrom("project_members")
        .innerJoin("projects", "projects.id", "project_members.project_id")
        .select("project_members.user_id")
        .where("projects.status", "in", ACTIVE_PROJECT_STATUSES)
        .where((eb) => eb.exists(eb.selectFrom("tasks").select("tasks.id")
          .whereRef("tasks.project_id", "=", "project_members.project_id")
          .where("tasks.status", "=", 1)
          .where("tasks.completed_at", ">=", days.yesterdayFrom)
          .where("tasks.completed_at", "<", days.yesterdayTo)));
      const rows = await due.union(completed).execute();
      return [...new Set(rows.map((row) => row.user_id))].sort((a, b) => a - b);
    },

    /** Writes the day's digest rows of these users, those already there left alone. */
    async insertDigests(userIds: readonly number[], day: string, at: string): Promise<void> {
      await inChunks(userIds, async (chunk) => {
        await db.insertInto("mail_digests").values(chunk.map((userId) => ({ user_id: userId, day, created_at: at })))
          .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing()).execute();
        return [];
      });
    },

    /** The users of the day's digests that no job has taken yet. */
    async findWaiting(day: string): Promise<number[]> {
      const rows = await db.selectFrom("mail_digests").select("user_id").where("day", "=", day).where("claimed_by", "is", null).where("sent_at", "is", null).orderBy("user_id").execute();
      return rows.map((row) => row.user_id);
    },

    /** Takes a digest for one job (or finds it already its own); false when another job has it or it is done. */
    async claim(userId: number, day: string, jobId: string): Promise<boolean> {
      const result = await db
        .updateTable("mail_digests")
        .set({ claimed_by: jobId })
        .where("user_id", "=", userId)
        .where("day", "=", day)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_by", "=", jobId)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks a digest done. */
    async finish(userId: number, day: string, outcome: "sent" | "empty", at: string): Promise<void> {
      await db.updateTable("mail_digests").set({ sent_at: at, outcome }).where("user_id", "=", userId).where("day", "=", day).execute();
    },

    /** Deletes digest rows of days before `day`. */
    async deleteBefore(day: string): Promise<void> {
      await db.deleteFrom("mail_digests").where("day", "<", day).execute();
    },

    /** Open tasks assigned to the user, due today or earlier, that they may see; at most `limit`, earliest first. */
    findDueTasks(userId: number, days: DigestDays, scopes: readonly ViewScope[], limit: number): Promise<DigestTaskRow[]> {
      if (scopes.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("tasks")
        .innerJoin("task_assignees", "task_assignees.task_id", "tasks.id")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .select(["tasks.id", "tasks.title", "tasks.project_id", "projects.title as project_title", "tasks.due_date", "tasks.completed_by"])
        .where("task_assignees.user_id", "=", userId)
        .where("tasks.status", "in", OPEN_STATUSES)
        .where("tasks.due_date", "<=", days.today)
        .where("projects.status", "in", ACTIVE_PROJECT_STATUSES)
        .where((eb) => inViewScopes(eb, "tasks.project_id", scopes, visibleTasks))
        .orderBy("tasks.due_date")
        .orderBy("tasks.id")
        .limit(limit)
        .execute();
    },

    /** Tasks of these projects completed yesterday that the user may see; at most `limit`. */
    findCompletedTasks(days: DigestDays, scopes: readonly ViewScope[], limit: number): Promise<DigestTaskRow[]> {
      if (scopes.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("tasks")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .select(["tasks.id", "tasks.title", "tasks.project_id", "projects.title as project_title", "tasks.due_date", "tasks.completed_by"])
        .where("tasks.status", "=", 1)
        .where("tasks.completed_at", ">=", days.yesterdayFrom)
        .where("tasks.completed_at", "<", days.yesterdayTo)
        .where("projects.status", "in", ACTIVE_PROJECT_STATUSES)
        .where((eb) => inViewScopes(eb, "tasks.project_id", scopes, visibleTasks))
        .orderBy("tasks.project_id")
        .orderBy("tasks.completed_at")
        .limit(limit)
        .execute();
    },
  };
}
