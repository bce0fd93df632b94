import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Storage } from "../../storage/storage.js";

/**
 * Test helpers of the duplication tests: a project read back from the tables with every id and timestamp
 * replaced by what it points at (titles, user ids, byte hashes), so that a source and its copy compare
 * item for item with one `toEqual`.
 */

type Row = Record<string, unknown> & { id: number };
/** One record as compared: its columns, and what its references point at. */
export type Snap = Record<string, unknown>;

/** Columns that differ between a record and its copy by design: ids, the project, and when it was written. */
const VOLATILE = ["id", "project_id", "created_at", "updated_at"];

function without(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !VOLATILE.includes(key) && !columns.includes(key)));
}

function titleOf(rows: readonly Row[], id: unknown): string | null {
  if (id === null || id === undefined || Number(id) === 0) return null;
  const row = rows.find((candidate) => candidate.id === Number(id));
  return row ? String(row.title) : `missing #${String(id)}`;
}

async function hashOf(storage: Storage, key: unknown): Promise<string | null> {
  if (typeof key !== "string") return null;
  const object = await storage.get(key);
  if (!object) return "missing blob";
  const hash = createHash("sha256");
  for await (const chunk of object.stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every row of a table that belongs to the project, by id. */
async function rowsOf(db: Kysely<Database>, table: string, projectId: number): Promise<Row[]> {
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await loose.selectFrom(table).selectAll().where("project_id", "=", projectId).orderBy("id").execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }) as Row);
}

/** A project as the comparison sees it: everything duplication copies, with references resolved. */
export async function projectSnapshot(db: Kysely<Database>, storage: Storage, projectId: number) {
  const project = await db.selectFrom("projects").selectAll().where("id", "=", projectId).executeTakeFirstOrThrow();
  const [members, settings, milestones, lists, tasks, assignees, discussions, labels, taskLabels, files] = await Promise.all([
    db.selectFrom("project_members").select(["user_id", "role_id"]).where("project_id", "=", projectId).orderBy("user_id").execute(),
    db.selectFrom("project_settings").select(["key", "value"]).where("project_id", "=", projectId).orderBy("key").execute(),
    rowsOf(db, "milestones", projectId),
    rowsOf(db, "task_lists", projectId),
    rowsOf(db, "tasks", projectId),
    db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("project_id", "=", projectId).execute(),
    rowsOf(db, "discussions", projectId),
    rowsOf(db, "labels", projectId),
    db.selectFrom("task_labels").select(["task_id", "label_id"]).where("project_id", "=", projectId).execute(),
    rowsOf(db, "project_files", projectId),
  ]);
  const holders: Record<string, Row[]> = { task: tasks, task_list: lists, discussion_board: discussions, milestone: milestones, file: files };
  const attachedTitle = (file: Row) => {
    if (!file.fileable_type) return null;
    const rows = holders[String(file.fileable_type)];
    return rows ? titleOf(rows, file.fileable_id) : `${String(file.fileable_type)} #${String(file.fileable_id)}`;
  };
  const fileRows = await Promise.all(files.map(async (file): Promise<Snap> => ({
    ...without(file, ["parent_id", "storage_key", "thumb_key", "fileable_id"]),
    parent: titleOf(files, file.parent_id),
    attached_to: attachedTitle(file),
    bytes: await hashOf(storage, file.storage_key),
    thumb: await hashOf(storage, file.thumb_key),
  })));
  return {
    project: without(project, ["title", "created_by"]),
    members,
    settings,
    milestones: milestones.map((row): Snap => without(row, [])),
    lists: lists.map((row): Snap => ({ ...without(row, ["milestone_id"]), milestone: titleOf(milestones, row.milestone_id) })),
    tasks: tasks.map((row): Snap => ({
      ...without(row, ["task_list_id", "parent_id"]),
      list: titleOf(lists, row.task_list_id),
      parent: titleOf(tasks, row.parent_id),
      assignees: assignees.filter((link) => link.task_id === row.id).map((link) => link.user_id).sort((a, b) => a - b),
      labels: taskLabels.filter((link) => link.task_id === row.id).map((link) => titleOf(labels, link.label_id)).sort(),
    })),
    discussions: discussions.map((row): Snap => ({ ...without(row, ["milestone_id"]), milestone: titleOf(milestones, row.milestone_id) })),
    labels: labels.map((row): Snap => without(row, [])),
    files: fileRows,
  };
}

/** How many rows of each kind that duplication does not copy a project holds. */
export async function uncopiedCounts(db: Kysely<Database>, projectId: number) {
  const count = async (table: "comments" | "activities" | "favourite_projects") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).where("project_id", "=", projectId).executeTakeFirstOrThrow()).count);
  return { comments: await count("comments"), activities: await count("activities"), favourites: await count("favourite_projects") };
}
