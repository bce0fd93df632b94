import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { visibleDiscussions } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { DiscussionRow } from "./discussions.tables.js";

/** A milestone as a discussion links to it. */
export interface MilestoneRefRow {
  id: number;
  title: string;
  achieve_date: string | null;
  privacy: number;
}

/** Queries on discussions (message boards). */
export function discussionsRepository(db: Kysely<Database>) {
  function scoped(projectId: number, view: PrivacyView) {
    return db
      .selectFrom("discussions")
      .where("project_id", "=", projectId)
      .where((eb) => visibleDiscussions(eb, view));
  }

  return {
    /** Newest first. */
    async listDiscussions(projectId: number, view: PrivacyView, limit: number | null, offset: number): Promise<{ rows: DiscussionRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        scoped(projectId, view)
          .selectAll()
          .orderBy("id", "desc")
          .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
          .execute(),
        scoped(projectId, view).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** How many discussions each project has, by privacy flag: the raw rows of the projects' `total_discussion_boards`. */
    async countForProjects(projectIds: readonly number[]): Promise<Array<{ project_id: number; privacy: number; count: number }>> {
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("discussions").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
          .where("project_id", "in", chunk).groupBy(["project_id", "privacy"]).execute());
      return rows.map((row) => ({ project_id: Number(row.project_id), privacy: Number(row.privacy), count: Number(row.count) }));
    },

    findDiscussion(projectId: number, id: number): Promise<DiscussionRow | undefined> {
      return db.selectFrom("discussions").selectAll().where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
    },

    /** Milestones of one project among the given ids. */
    findMilestones(projectId: number, ids: readonly number[]): Promise<MilestoneRefRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom("milestones").select(["id", "title", "achieve_date", "privacy"])
        .where("project_id", "=", projectId).where("id", "in", [...new Set(ids)]).execute();
    },

    insertDiscussion(discussion: Omit<DiscussionRow, "id">): Promise<DiscussionRow> {
      return db.insertInto("discussions").values(discussion).returningAll().executeTakeFirstOrThrow();
    },

    updateDiscussion(id: number, changes: Partial<Omit<DiscussionRow, "id" | "project_id">>): Promise<DiscussionRow | undefined> {
      return db.updateTable("discussions").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** The discussion and its comments (comments point at it by type and id, so no foreign key removes them). */
    async deleteDiscussion(id: number): Promise<void> {
      await db.deleteFrom("comments").where("commentable_type", "=", "discussion_board").where("commentable_id", "=", id).execute();
      await db.deleteFrom("discussions").where("id", "=", id).execute();
    },
  };
}

export type DiscussionsRepository = ReturnType<typeof discussionsRepository>;
