import type { Kysely } from "kysely";

/**
 * A project's comments counted per record commented on from this index alone: the count then joins the
 * records once each, not once per comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("comments_project_target_idx").on("comments").columns(["project_id", "commentable_type", "commentable_id"]).execute();
}
