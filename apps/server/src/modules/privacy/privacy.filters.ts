import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";
import type { ProjectFilesTable } from "../files/files.repository.js";
import { holds, projectsHiding, type PrivacyView, type PrivateCapability, type ViewScope } from "./privacy.rules.js";

/**
 * The rules of `privacy.rules.ts` as Kysely conditions, for queries that must leave hidden rows out in SQL
 * (pages, counts, search, the calendar). They build expressions and never run a query; the property test
 * in this folder checks, on both databases, that each one keeps exactly the rows its predicate would.
 * A view that sees the kind adds no condition at all, so managers' queries stay as cheap as before.
 */

/** A condition that holds for every row. */
function always<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  return eb.and([]);
}

/**
 * Tasks the reader may see: public or view_private_task, and in a public list or view_private_list. The
 * list is the task's own (`task_list_id`): a list of another project is not assumed away. Private lists
 * are few, so leaving out their ids is one uncorrelated subquery rather than a join on every task.
 */
export function visibleTasks(eb: ExpressionBuilder<Database, "tasks">, view: PrivacyView): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [];
  if (!holds(view, "view_private_task")) parts.push(eb("tasks.privacy", "=", 0));
  if (!holds(view, "view_private_list")) {
    parts.push(eb("tasks.task_list_id", "not in", eb.selectFrom("task_lists as private_lists").select("private_lists.id").where("private_lists.privacy", "<>", 0)));
  }
  return parts.length === 0 ? always(eb) : eb.and(parts);
}

/**
 * The groups of `task_counts` (tasks.counters.migration.ts) whose tasks the reader may see: the rule of
 * `visibleTasks` above, on the group's copies of the task's flag and list.
 */
export function visibleTaskCounts(eb: ExpressionBuilder<Database, "task_counts">, view: PrivacyView): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [];
  if (!holds(view, "view_private_task")) parts.push(eb("task_counts.privacy", "=", 0));
  if (!holds(view, "view_private_list")) {
    parts.push(eb("task_counts.task_list_id", "not in", eb.selectFrom("task_lists as private_lists").select("private_lists.id").where("private_lists.privacy", "<>", 0)));
  }
  return parts.length === 0 ? always(eb) : eb.and(parts);
}

/**
 * Tasks of lists the caller has already shown the reader (a list's page, its counts, reordering in it):
 * the list's own flag is settled, so only the task's is read, and the list index answers alone.
 */
export function visibleTasksInShownList(eb: ExpressionBuilder<Database, "tasks">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_task") ? always(eb) : eb("tasks.privacy", "=", 0);
}

/**
 * Tasks by their own flag: the private ones (`flagged`) or the public ones. For writes that treat the two
 * apart, such as giving activity entries the scope of a public and of a private task.
 */
export function tasksFlagged(eb: ExpressionBuilder<Database, "tasks">, flagged: boolean): Expression<SqlBool> {
  return flagged ? eb("tasks.privacy", "<>", 0) : eb("tasks.privacy", "=", 0);
}

/** Task lists the reader may see: public, or view_private_list. */
export function visibleTaskLists(eb: ExpressionBuilder<Database, "task_lists">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_list") ? always(eb) : eb("task_lists.privacy", "=", 0);
}

/** Milestones the reader may see: public, or view_private_milestone. */
export function visibleMilestones(eb: ExpressionBuilder<Database, "milestones">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_milestone") ? always(eb) : eb("milestones.privacy", "=", 0);
}

/** Discussions the reader may see: public, or view_private_message. */
export function visibleDiscussions(eb: ExpressionBuilder<Database, "discussions">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_message") ? always(eb) : eb("discussions.privacy", "=", 0);
}

/**
 * Folders hidden by privacy: every private folder (of the given projects; null for all) and every folder
 * below one, as a recursive subquery. `union` (not `union all`) stops on a cycle, which the move rule
 * prevents but the walk must not loop on.
 */
function foldersBelowPrivate(projectIds: readonly number[] | null) {
  const inProjects = projectIds ? sql` and hf.project_id in (${sql.join([...projectIds])})` : sql``;
  return sql<number>`(with recursive hidden_folders(id) as (
    select hf.id from project_files hf where hf.type = 'folder' and hf.privacy <> 0${inProjects}
    union
    select cf.id from project_files cf inner join hidden_folders on cf.parent_id = hidden_folders.id where cf.type = 'folder'
  ) select id from hidden_folders)`;
}

const HIDDEN_FOLDERS = foldersBelowPrivate(null);

/** The database with the files module's table, which that module declares. */
export type FilesDatabase = Database & { project_files: ProjectFilesTable };

/** A file-tree row (under `alias`) that is public and below no private folder. */
function publicFile(alias: string) {
  return sql<SqlBool>`(${sql.ref(`${alias}.privacy`)} = 0 and ${sql.ref(`${alias}.parent_id`)} not in ${HIDDEN_FOLDERS})`;
}

/**
 * Items of the files tree (folders, uploads, docs, links) the reader may see: with view_private_file all
 * of them; otherwise only public items no folder above which is private. Attachments follow the record
 * holding them and revisions the item they revise: their callers check those.
 */
export function visibleFiles(eb: ExpressionBuilder<FilesDatabase, "project_files">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_file") ? always(eb) : publicFile("project_files");
}

/**
 * Items of a folder the caller has already shown the reader (the folder's page): the folders above are
 * settled, so only the item's own flag is read and the (project, parent) index answers alone.
 */
export function visibleFilesInShownFolder(eb: ExpressionBuilder<FilesDatabase, "project_files">, view: PrivacyView): Expression<SqlBool> {
  return holds(view, "view_private_file") ? always(eb) : eb("project_files.privacy", "=", 0);
}

/**
 * Comments the reader may see: those on a record they may see (a comment has no privacy of its own). A
 * kind the view sees whole needs no subquery.
 */
export function visibleComments(eb: ExpressionBuilder<Database, "comments">, view: PrivacyView): Expression<SqlBool> {
  const onKind = (type: string, sees: boolean, visibleIds: () => Expression<SqlBool>) =>
    sees ? eb("comments.commentable_type", "=", type) : eb.and([eb("comments.commentable_type", "=", type), visibleIds()]);
  return eb.or([
    onKind("task", holds(view, "view_private_task") && holds(view, "view_private_list"), () =>
      eb("comments.commentable_id", "in", eb.selectFrom("tasks").select("tasks.id").where((inner) => visibleTasks(inner, view)))),
    onKind("task_list", holds(view, "view_private_list"), () =>
      eb("comments.commentable_id", "in", eb.selectFrom("task_lists").select("task_lists.id").where((inner) => visibleTaskLists(inner, view)))),
    onKind("milestone", holds(view, "view_private_milestone"), () =>
      eb("comments.commentable_id", "in", eb.selectFrom("milestones").select("milestones.id").where((inner) => visibleMilestones(inner, view)))),
    onKind("discussion_board", holds(view, "view_private_message"), () =>
      eb("comments.commentable_id", "in", eb.selectFrom("discussions").select("discussions.id").where((inner) => visibleDiscussions(inner, view)))),
    // The files table is the files module's, not in the shared schema type: the same rule, written raw.
    onKind("file", holds(view, "view_private_file"), () =>
      eb("comments.commentable_id", "in", sql<number>`(select visible_files.id from project_files visible_files where ${publicFile("visible_files")})`)),
  ]);
}

/**
 * Rows of several projects, each read with its own view: one branch per group of projects sharing a view
 * (see `groupByView`). `filter` is one of the builders above; `projectColumn` the row's project.
 */
export function inViewScopes<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  projectColumn: Parameters<ExpressionBuilder<DB, TB>>[0],
  scopes: readonly ViewScope[],
  filter: (eb: ExpressionBuilder<DB, TB>, view: PrivacyView) => Expression<SqlBool>,
): Expression<SqlBool> {
  return eb.or(scopes.map((scope) => eb.and([eb(projectColumn, "in", [...scope.projectIds]), filter(eb, scope.view)])));
}

/** The records that carry a privacy flag of their own, with their table and the capability that shows them. */
const FLAGGED = {
  task: { table: "tasks", capability: "view_private_task" },
  task_list: { table: "task_lists", capability: "view_private_list" },
  milestone: { table: "milestones", capability: "view_private_milestone" },
  discussion: { table: "discussions", capability: "view_private_message" },
  file: { table: "project_files", capability: "view_private_file" },
} as const satisfies Record<string, { table: string; capability: PrivateCapability }>;

/**
 * Ids of the records of one kind that their project's view hides by their own flag, over several projects
 * each read with its own view: the private records of the scoped projects whose view lacks the kind's
 * capability. One uncorrelated subquery, in parentheses, for rows that point at records by id (the search
 * index) to leave out with `not in`; null when no scope hides the kind, so the caller adds no condition.
 * What else hides a record has its own set: a task's list is a `task_list`, a file's folders
 * `hiddenFolderIds`.
 */
export function hiddenRecordIds(scopes: readonly ViewScope[], kind: keyof typeof FLAGGED): RawBuilder<number> | null {
  const projectIds = projectsHiding(scopes, FLAGGED[kind].capability);
  if (projectIds.length === 0) return null;
  return sql<number>`(select flagged.id from ${sql.table(FLAGGED[kind].table)} flagged where flagged.privacy <> 0 and flagged.project_id in (${sql.join(projectIds)}))`;
}

/**
 * Ids of the folders hidden over several projects each read with its own view: every private folder of
 * the scoped projects whose view lacks view_private_file, and every folder below one. An item is hidden
 * when its folder is among them (or by its own flag: `hiddenRecordIds(scopes, "file")`); null when no
 * scope hides files.
 */
export function hiddenFolderIds(scopes: readonly ViewScope[]): RawBuilder<number> | null {
  const projectIds = projectsHiding(scopes, "view_private_file");
  return projectIds.length === 0 ? null : foldersBelowPrivate(projectIds);
}
