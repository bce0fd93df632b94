import { sql, type Kysely } from "kysely";
import type { Database, MilestoneRow } from "../../db/schema.js";

/** Which milestones of a project a listing covers. */
export interface MilestoneScope {
  projectId: number;
  /** Include private milestones (the reader holds view_private_milestone). */
  includePrivate: boolean;
  status?: number;
}

/** A list or discussion linked to a milestone, as the milestone shows it. */
export interface LinkedRow {
  id: number;
  title: string;
  milestone_id: number | null;
}

/** Queries on milestones and on what links to them. */
export function milestonesRepository(db: Kysely<Database>) {
  function scoped(scope: MilestoneScope) {
    return db
      .selectFrom("milestones")
      .where("project_id", "=", scope.projectId)
      .$if(!scope.includePrivate, (qb) => qb.where("privacy", "=", 0))
      .$if(scope.status !== undefined, (qb) => qb.where("status", "=", scope.status ?? 0));
  }

  return {
    /** By achieve date (undated last on both engines), then order, then id. */
    async listMilestones(scope: MilestoneScope, limit: number | null, offset: number): Promise<{ rows: MilestoneRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        scoped(scope)
          .selectAll()
          .orderBy(sql`case when achieve_date is null then 1 else 0 end`)
          .orderBy("achieve_date")
          .orderBy("sort_order")
          .orderBy("id")
          .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
          .execute(),
        scoped(scope).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    findMilestone(projectId: number, id: number): Promise<MilestoneRow | undefined> {
      return db.selectFrom("milestones").selectAll().where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
    },

    /** Task lists linked to the given milestones; private ones only when asked for. */
    findLinkedLists(milestoneIds: readonly number[], includePrivate: boolean): Promise<LinkedRow[]> {
      if (milestoneIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("task_lists").select(["id", "title", "milestone_id"])
        .where("milestone_id", "in", [...milestoneIds])
        .$if(!includePrivate, (qb) => qb.where("privacy", "=", 0))
        .orderBy("sort_order").orderBy("id")
        .execute();
    },

    /** Discussions linked to the given milestones; private ones only when asked for. */
    findLinkedDiscussions(milestoneIds: readonly number[], includePrivate: boolean): Promise<LinkedRow[]> {
      if (milestoneIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("discussions").select(["id", "title", "milestone_id"])
        .where("milestone_id", "in", [...milestoneIds])
        .$if(!includePrivate, (qb) => qb.where("privacy", "=", 0))
        .orderBy("id", "desc")
        .execute();
    },

    /** The order a new milestone takes: after every other one of the project. */
    async nextOrder(projectId: number): Promise<number> {
      const row = await db.selectFrom("milestones").select((eb) => eb.fn.max<number | null>("sort_order").as("max"))
        .where("project_id", "=", projectId).executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    insertMilestone(milestone: Omit<MilestoneRow, "id">): Promise<MilestoneRow> {
      return db.insertInto("milestones").values(milestone).returningAll().executeTakeFirstOrThrow();
    },

    updateMilestone(id: number, changes: Partial<Omit<MilestoneRow, "id" | "project_id">>): Promise<MilestoneRow | undefined> {
      return db.updateTable("milestones").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** Unlinks the milestone's lists and discussions, drops its comments, then the milestone itself. */
    async deleteMilestone(id: number): Promise<void> {
      await db.updateTable("task_lists").set({ milestone_id: null }).where("milestone_id", "=", id).execute();
      await db.updateTable("discussions").set({ milestone_id: null }).where("milestone_id", "=", id).execute();
      await db.deleteFrom("comments").where("commentable_type", "=", "milestone").where("commentable_id", "=", id).execute();
      await db.deleteFrom("milestones").where("id", "=", id).execute();
    },
  };
}

export type MilestonesRepository = ReturnType<typeof milestonesRepository>;
