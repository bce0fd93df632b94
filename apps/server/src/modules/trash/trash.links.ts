/**
 * What the database's foreign keys do not say about a delete. The trash reads the foreign keys from the
 * catalogue (`db/cascades.ts`); these are the links kept by hand in other modules, which a delete has
 * always followed in code: comments and attachments name their record by type and id, sub-tasks their
 * parent, items of the files area their folder (0 for none).
 */

/** A column value as a row is kept: the schema stores text, integers and nulls only. */
export type Value = string | number | null;

/** A row as read with `select *`, kept as JSON. */
export type Row = Record<string, Value>;

/** A link from a parent row (by its `id`) to the rows that go when it is deleted, without a foreign key. */
export interface SoftLink {
  /** The table of the parent, linked by its `id`. */
  parent: string;
  /** The table of the rows that hang on it. */
  child: string;
  /** The child's column holding the parent's id (0 or null for none). */
  column: string;
  /** For a polymorphic link: the child's column naming the parent's kind, and the kind. */
  type?: { column: string; value: string };
  /** Only parent rows this accepts have children through the link. */
  parentAccepts?: (row: Row) => boolean;
  /** How a message names the parent when it is gone: "task", "folder". */
  noun: string;
}

/** How a message names a record of a table whose row is gone. */
const TABLE_NOUNS: Readonly<Record<string, string>> = {
  projects: "project",
  task_lists: "task list",
  tasks: "task",
  comments: "comment",
  project_files: "file",
  milestones: "milestone",
  discussions: "discussion",
  labels: "label",
  task_types: "task type",
  users: "user",
};

/** The noun of a table's records, for the message naming a missing one. */
export function nounOf(table: string): string {
  return TABLE_NOUNS[table] ?? table.replace(/_/g, " ");
}

/** Items of the files area (not attachments): the rows a folder holds and a doc or link keeps revisions of. */
const isFilesItem = (row: Row): boolean => row.fileable_type === null;

/** A kind of record a comment or an attachment names by type and id. */
type PolymorphicParent = { value: string; parent: string; parentAccepts?: (row: Row) => boolean };

const TASK: PolymorphicParent = { value: "task", parent: "tasks" };
const TASK_LIST: PolymorphicParent = { value: "task_list", parent: "task_lists" };
const DISCUSSION: PolymorphicParent = { value: "discussion_board", parent: "discussions" };
const FILES_ITEM: PolymorphicParent = { value: "file", parent: "project_files", parentAccepts: isFilesItem };

/** The records a comment may be on, by `commentable_type`. */
const COMMENTABLE: readonly PolymorphicParent[] = [TASK, TASK_LIST, DISCUSSION, { value: "milestone", parent: "milestones" }, FILES_ITEM];

/** The records a file may be attached to, by `fileable_type`. */
const FILEABLE: readonly PolymorphicParent[] = [TASK, TASK_LIST, DISCUSSION, { value: "comment", parent: "comments" }, FILES_ITEM];

/** Every link without a foreign key that a delete follows. */
export const SOFT_LINKS: readonly SoftLink[] = [
  // A task's sub-tasks go with it (tasks.parent_id, 0 for a top-level task).
  { parent: "tasks", child: "tasks", column: "parent_id", noun: "task" },
  // A folder's contents and a doc's or link's revisions (project_files.parent_id, 0 for the root).
  { parent: "project_files", child: "project_files", column: "parent_id", parentAccepts: isFilesItem, noun: "folder" },
  ...COMMENTABLE.map(({ value, ...link }) => ({ ...link, noun: nounOf(link.parent), child: "comments", column: "commentable_id", type: { column: "commentable_type", value } })),
  ...FILEABLE.map(({ value, ...link }) => ({ ...link, noun: nounOf(link.parent), child: "project_files", column: "fileable_id", type: { column: "fileable_type", value } })),
];

/** Columns holding storage keys: the bytes a purge deletes once no row can come back to them. */
export const BLOB_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  project_files: ["storage_key", "thumb_key"],
};
