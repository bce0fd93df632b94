import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/**
 * The record each activity entry is about, so that its privacy scope can follow the record.
 *
 * - `subject_type` / `subject_id`: the record itself for most entries; for a comment entry, the record
 *   commented on (a comment's target was only in `meta` until now). When a task, list, milestone or
 *   discussion turns private (or a task moves to a private list), the services re-scope every earlier entry
 *   with that subject in the same transaction; see modules/activities/README.md.
 * - `activities_subject_idx` serves that re-scoping.
 * - `activities_resource_idx` (one record's history) moves here from 0002, which must not change once
 *   shipped; databases created before this migration already have it, hence `if not exists`.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  await db.schema.alterTable("activities").addColumn("subject_type", "varchar(30)").execute();
  await db.schema.alterTable("activities").addColumn("subject_id", "integer").execute();
  await db.schema.createIndex("activities_subject_idx").on("activities").columns(["subject_type", "subject_id"]).execute();
  await db.schema.createIndex("activities_resource_idx").ifNotExists().on("activities").columns(["resource_type", "resource_id"]).execute();
  await backfillActivitySubjects(db);
}

const COMMENTABLE_TYPES = new Set(["task", "task_list", "discussion_board", "milestone", "file"]);

/** Rows read (and updated) per round of the comment backfill. */
const BATCH = 500;

/** The commented record named by a comment entry's meta, or null when the meta does not hold one. */
export function commentTargetOf(meta: string): { type: string; id: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(meta);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const { commentable_type: type, commentable_id: rawId } = parsed as Record<string, unknown>;
  const id = typeof rawId === "string" && /^\d+$/.test(rawId) ? Number(rawId) : rawId;
  if (typeof type !== "string" || !COMMENTABLE_TYPES.has(type) || typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
  return { type, id };
}

/**
 * Fills the subject of entries written before this migration: the resource itself, and for comment entries
 * the target kept in meta. Comment entries whose meta holds no target keep a null subject (their scope
 * then never changes, as before). Exported for its test; runs on both engines.
 */
export async function backfillActivitySubjects<DB>(db: Kysely<DB>): Promise<void> {
  await sql`update activities set subject_type = resource_type, subject_id = resource_id
    where subject_type is null and resource_type <> 'comment' and resource_id is not null`.execute(db);
  // JSON functions differ between the engines (and PostgreSQL's cast fails on a damaged row), so comment
  // metas are read and parsed here, a batch at a time in id order.
  let lastId = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; meta: string }>`select id, meta from activities
      where resource_type = 'comment' and subject_type is null and id > ${lastId} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    lastId = Number(rows[rows.length - 1]?.id ?? lastId);
    const updates = rows.flatMap((row) => {
      const target = commentTargetOf(row.meta);
      return target ? [{ entryId: Number(row.id), subjectType: target.type, subjectId: target.id }] : [];
    });
    if (updates.length === 0) continue;
    const types = sql.join(updates.map((update) => sql`when ${update.entryId} then ${update.subjectType}`), sql` `);
    // The cast tells PostgreSQL the parameter's type, which it cannot infer inside CASE.
    const subjectIds = sql.join(updates.map((update) => sql`when ${update.entryId} then cast(${update.subjectId} as integer)`), sql` `);
    await sql`update activities set subject_type = case id ${types} end, subject_id = case id ${subjectIds} end
      where id in (${sql.join(updates.map((update) => update.entryId))})`.execute(db);
  }
}
