import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { createTriggerCounts } from "../../db/trigger-counts.js";

/**
 * `activity_counts`: how many entries each project's feed holds per privacy scope ('' for the entries
 * anyone in the project may see), kept by triggers on `activities` in the transaction of every write
 * (db/trigger-counts.ts): an entry written, re-scoped when its record's privacy changes, or removed with
 * its project. A project's `total_activities` and its unfiltered feed's total are read from these few
 * rows; counting the entries cost more with every change the project saw (the growth bench, issue 13).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await createTriggerCounts(db, kind, {
    counts: "activity_counts",
    source: "activities",
    key: [
      { column: "project_id", type: "integer", of: (row) => `${row}.project_id` },
      { column: "privacy_scope", type: "varchar(30)", of: (row) => `coalesce(${row}.privacy_scope, '')` },
    ],
    watched: ["project_id", "privacy_scope"],
  });
}
