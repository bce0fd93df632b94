import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { visibleDiscussions, visibleMilestones, visibleTaskLists } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { MilestoneRow } from "./milestones.tables.js";

/** Which milestones of a project a listing covers. */
export interface MilestoneScope {
  projectId: number;
  /** The reader's view: private milestones only when it shows them. */
  view: PrivacyView;
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
      .where((eb) => visibleMilestones(eb, scope.view))
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

    /** How many milestones each project has, by privacy flag: the raw rows of the projects' `total_milestones`. */
    async countForProjects(projectIds: readonly number[]): Promise<Array<{ project_id: number; privacy: number; count: number }>> {
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("milestones").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
          .where("project_id", "in", chunk).groupBy(["project_id", "privacy"]).execute());
      return rows.map((row) => ({ project_id: Number(row.project_id), privacy: Number(row.privacy), count: Number(row.count) }));
    },

    findMilestone(projectId: number, id: number): Promise<MilestoneRow | undefined> {
      return db.selectFrom("milestones").selectAll().where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
    },

    /** Task lists linked to the given milestones that the reader sees. */
    findLinkedLists(milestoneIds: readonly number[], view: PrivacyView): Promise<LinkedRow[]> {
      if (milestoneIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("task_lists").select(["id", "title", "milestone_id"])
        .where("milestone_id", "in", [...milestoneIds])
        .where((eb) => visibleTaskLists(eb, view))
        .orderBy("sort_order").orderBy("id")
        .execute();
    },

    /** Discussions linked to the given milestones that the reader sees. */
    findLinkedDiscussions(milestoneIds: readonly number[], view: PrivacyView): Promise<LinkedRow[]> {
      if (milestoneIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("discussions").select(["id", "title", "milestone_id"])
        .where("milestone_id", "in", [...milestoneIds])
        .where((eb) => visibleDiscussions(eb, view))
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
