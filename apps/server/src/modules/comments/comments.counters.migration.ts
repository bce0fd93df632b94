import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { createTriggerCounts } from "../../db/trigger-counts.js";

/**
 * `comment_counts`: how many comments each record holds, kept by triggers on `comments` in the transaction
 * of every write (db/trigger-counts.ts): a comment written, deleted, put back from the trash, copied, or
 * removed with its record's project. A record's comment count, the total of its comments page and a
 * project's `total_comments` are read from these rows, one per record commented on; counting the comments
 * themselves cost more with every comment (the growth bench, issue 13).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await createTriggerCounts(db, kind, {
    counts: "comment_counts",
    source: "comments",
    key: [
      { column: "project_id", type: "integer", of: (row) => `${row}.project_id` },
      { column: "commentable_type", type: "varchar(30)", of: (row) => `${row}.commentable_type` },
      { column: "commentable_id", type: "integer", of: (row) => `${row}.commentable_id` },
    ],
    watched: ["project_id", "commentable_type", "commentable_id"],
  });
  // The counts of a page of records of one kind, whatever their project.
  await db.schema.createIndex("comment_counts_record_idx").on("comment_counts").columns(["commentable_type", "commentable_id"]).execute();
}
