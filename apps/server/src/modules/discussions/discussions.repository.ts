import type { Kysely } from "kysely";
import type { Database, DiscussionRow } from "../../db/schema.js";

/** A milestone as a discussion links to it. */
export interface MilestoneRefRow {
  id: number;
  title: string;
  achieve_date: string | null;
  privacy: number;
}

/** Queries on discussions (message boards). */
export function discussionsRepository(db: Kysely<Database>) {
  function scoped(projectId: number, includePrivate: boolean) {
    return db
      .selectFrom("discussions")
      .where("project_id", "=", projectId)
      .$if(!includePrivate, (qb) => qb.where("privacy", "=", 0));
  }

  return {
    /** Newest first. */
    async listDiscussions(projectId: number, includePrivate: boolean, limit: number | null, offset: number): Promise<{ rows: DiscussionRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        scoped(projectId, includePrivate)
          .selectAll()
          .orderBy("id", "desc")
          .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
          .execute(),
        scoped(projectId, includePrivate).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
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
