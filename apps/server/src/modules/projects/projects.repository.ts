import { sql, type Kysely } from "kysely";
import type { Database, ProjectRow, UserRow } from "../../db/schema.js";
import { containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";
import { countProjectFiles } from "../files/files.counts.js";

/** Which projects a listing covers. */
export interface ProjectScope {
  /** Only projects this user belongs to; null for every project (site managers). */
  memberId: number | null;
  /** The user whose favourites `favouritesOnly` means. */
  viewerId: number;
  status?: string;
  favouritesOnly?: boolean;
  title?: string;
}

/** A member row joined with the user. */
export type MemberWithUser = UserRow & { project_id: number; role_id: number };

/** Raw counts per project, split by privacy so that each reader's view can be summed from them. */
export interface CountRow {
  project_id: number;
  kind: "list" | "task" | "discussion" | "milestone" | "comment" | "activity" | "file";
  /** The record's privacy; for a comment, the privacy of the record commented on. */
  privacy: number;
  /** For a task, or a comment on one: the privacy of the task's list. */
  list_privacy: number;
  status: number;
  /** For a comment: the kind of record commented on (`task`, `task_list`, ...). */
  target_type: string | null;
  /** For an activity: its privacy_scope. */
  scope: string | null;
  count: number;
}

/** Queries on projects, members, favourites and project counts. */
export function projectsRepository(db: Kysely<Database>) {
  function scoped(scope: ProjectScope) {
    return db
      .selectFrom("projects")
      .$if(scope.memberId !== null, (qb) =>
        qb.where("projects.id", "in", db.selectFrom("project_members").select("project_id").where("user_id", "=", scope.memberId ?? 0)),
      )
      .$if(Boolean(scope.title), (qb) => qb.where(containsIgnoringCase("projects.title", scope.title ?? "")))
      .$if(Boolean(scope.favouritesOnly), (qb) =>
        qb.where("projects.id", "in", db.selectFrom("favourite_projects").select("project_id").where("user_id", "=", scope.viewerId)),
      )
      .$if(Boolean(scope.status) && !scope.favouritesOnly, (qb) => qb.where("projects.status", "=", scope.status ?? ""));
  }

  /** The counts of one chunk of projects. */
  async function countChunk(ids: number[]): Promise<CountRow[]> {
    // A comment counts for a reader who may see the record it is on: its privacy, and for a task its list's.
    const targetPrivacy = sql<number>`coalesce(${sql.ref("tasks.privacy")}, ${sql.ref("task_lists.privacy")}, ${sql.ref("discussions.privacy")}, ${sql.ref("milestones.privacy")}, 0)`;
    const targetListPrivacy = sql<number>`coalesce(${sql.ref("lists_of_tasks.privacy")}, 0)`;
    const [lists, tasks, discussions, milestones, comments, activities] = await Promise.all([
      db.selectFrom("task_lists").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
        .where("project_id", "in", ids).where("status", "=", 1).groupBy(["project_id", "privacy"]).execute(),
      db.selectFrom("tasks").innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select(["tasks.project_id", "tasks.privacy", "task_lists.privacy as list_privacy", "tasks.status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("tasks.project_id", "in", ids).where("tasks.parent_id", "=", 0)
        .groupBy(["tasks.project_id", "tasks.privacy", "task_lists.privacy", "tasks.status"]).execute(),
      db.selectFrom("discussions").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
        .where("project_id", "in", ids).groupBy(["project_id", "privacy"]).execute(),
      db.selectFrom("milestones").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
        .where("project_id", "in", ids).groupBy(["project_id", "privacy"]).execute(),
      db.selectFrom("comments")
        .leftJoin("tasks", (join) => join.onRef("tasks.id", "=", "comments.commentable_id").on("comments.commentable_type", "=", "task"))
        .leftJoin("task_lists as lists_of_tasks", "lists_of_tasks.id", "tasks.task_list_id")
        .leftJoin("task_lists", (join) => join.onRef("task_lists.id", "=", "comments.commentable_id").on("comments.commentable_type", "=", "task_list"))
        .leftJoin("discussions", (join) => join.onRef("discussions.id", "=", "comments.commentable_id").on("comments.commentable_type", "=", "discussion_board"))
        .leftJoin("milestones", (join) => join.onRef("milestones.id", "=", "comments.commentable_id").on("comments.commentable_type", "=", "milestone"))
        .select(["comments.project_id", "comments.commentable_type", targetPrivacy.as("privacy"), targetListPrivacy.as("list_privacy"), (eb) => eb.fn.countAll<number>().as("count")])
        .where("comments.project_id", "in", ids)
        // Comments on files take their privacy from the folders above the file: counted by the files module.
        .where("comments.commentable_type", "<>", "file")
        .groupBy(["comments.project_id", "comments.commentable_type", targetPrivacy, targetListPrivacy]).execute(),
      // Scopes are few (one per private kind and their joins), so grouping by them stays small.
      db.selectFrom("activities").select(["project_id", "privacy_scope", (eb) => eb.fn.countAll<number>().as("count")])
        .where("project_id", "in", ids).groupBy(["project_id", "privacy_scope"]).execute(),
    ]);
    const rows: CountRow[] = [];
    const push = (
      kind: CountRow["kind"],
      row: { project_id: number; count: number | string; privacy?: number; list_privacy?: number; status?: number; commentable_type?: string; privacy_scope?: string | null },
    ) =>
      rows.push({
        project_id: row.project_id, kind, privacy: Number(row.privacy ?? 0), list_privacy: Number(row.list_privacy ?? 0), status: Number(row.status ?? 0),
        target_type: row.commentable_type ?? null, scope: row.privacy_scope ?? null, count: Number(row.count),
      });
    for (const row of lists) push("list", row);
    for (const row of tasks) push("task", row);
    for (const row of discussions) push("discussion", row);
    for (const row of milestones) push("milestone", row);
    for (const row of comments) push("comment", row);
    for (const row of activities) push("activity", row);
    // Files and comments on files: their privacy may come from private folders, which the files module resolves.
    for (const row of await countProjectFiles(db, ids)) {
      rows.push({ project_id: row.project_id, kind: row.kind, privacy: row.privacy, list_privacy: row.list_privacy, status: 0, target_type: row.target_type, scope: null, count: row.count });
    }
    return rows;
  }

  return {
    findProject(id: number): Promise<ProjectRow | undefined> {
      return db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async listProjects(scope: ProjectScope, limit: number | null, offset: number): Promise<{ rows: ProjectRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        scoped(scope)
          .selectAll("projects")
          .orderBy("projects.id", "desc")
          .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
          .execute(),
        scoped(scope).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** Totals per status (and favourites) for the tabs of the projects list, title filter applied. */
    async countByStatus(scope: Omit<ProjectScope, "status" | "favouritesOnly">): Promise<{ byStatus: Map<string, number>; favourites: number }> {
      const [statusRows, favourites] = await Promise.all([
        scoped(scope).select(["projects.status", (eb) => eb.fn.countAll<number>().as("count")]).groupBy("projects.status").execute(),
        scoped({ ...scope, favouritesOnly: true }).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { byStatus: new Map(statusRows.map((row) => [row.status, Number(row.count)])), favourites: Number(favourites.count) };
    },

    /** Members of the given projects with their users, one query per 500 projects; managers first, then by name. */
    findMembers(projectIds: readonly number[]): Promise<MemberWithUser[]> {
      return inChunks(projectIds, (chunk) =>
        db
          .selectFrom("project_members")
          .innerJoin("users", "users.id", "project_members.user_id")
          .selectAll("users")
          .select(["project_members.project_id", "project_members.role_id"])
          .where("project_members.project_id", "in", chunk)
          .orderBy("project_members.role_id")
          .orderBy("users.display_name")
          .execute());
    },

    async findFavouriteIds(userId: number, projectIds: readonly number[]): Promise<Set<number>> {
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("favourite_projects").select("project_id").where("user_id", "=", userId).where("project_id", "in", chunk).execute());
      return new Set(rows.map((row) => row.project_id));
    },

    /** Counts of everything in the given projects, grouped so privacy can be applied per reader; ten queries per 500 projects. */
    countContents(projectIds: readonly number[]): Promise<CountRow[]> {
      return inChunks(projectIds, countChunk);
    },
    async insertProject(project: Omit<ProjectRow, "id" | "department_id"> & { department_id?: number | null }): Promise<ProjectRow> {
      return db.insertInto("projects").values(project).returningAll().executeTakeFirstOrThrow();
    },

    async updateProject(id: number, changes: Partial<Omit<ProjectRow, "id">>): Promise<ProjectRow | undefined> {
      return db.updateTable("projects").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async deleteProject(id: number): Promise<void> {
      await db.deleteFrom("projects").where("id", "=", id).execute();
    },

    async replaceMembers(projectId: number, members: ReadonlyArray<{ user_id: number; role_id: number }>, at: string): Promise<void> {
      await db.deleteFrom("project_members").where("project_id", "=", projectId).execute();
      if (members.length === 0) return;
      await db.insertInto("project_members").values(members.map((member) => ({ project_id: projectId, ...member, created_at: at }))).execute();
    },

    /** Adds members, skipping people who already are members (their role stays). */
    async addMembers(projectId: number, members: ReadonlyArray<{ user_id: number; role_id: number }>, at: string): Promise<void> {
      if (members.length === 0) return;
      await db.insertInto("project_members").values(members.map((member) => ({ project_id: projectId, ...member, created_at: at })))
        .onConflict((oc) => oc.columns(["project_id", "user_id"]).doNothing()).execute();
    },

    /**
     * Removes what ties people who are no longer members to the project: their task assignments and the
     * comment notifications they would get. `memberIds` are the members who stay (never empty: a project
     * keeps a manager; the contract caps them at 500).
     */
    async removeFormerMembersTraces(projectId: number, memberIds: readonly number[]): Promise<void> {
      const stay = [...new Set(memberIds)];
      await db.deleteFrom("task_assignees").where("project_id", "=", projectId).where("user_id", "not in", stay).execute();
      await db.deleteFrom("comment_notify_users")
        .where("comment_id", "in", db.selectFrom("comments").select("comments.id").where("comments.project_id", "=", projectId))
        .where("user_id", "not in", stay)
        .execute();
    },

    async setFavourite(userId: number, projectId: number, favourite: boolean, at: string): Promise<void> {
      if (favourite) {
        await db.insertInto("favourite_projects").values({ user_id: userId, project_id: projectId, created_at: at })
          .onConflict((oc) => oc.columns(["user_id", "project_id"]).doNothing()).execute();
      } else {
        await db.deleteFrom("favourite_projects").where("user_id", "=", userId).where("project_id", "=", projectId).execute();
      }
    },

    async insertInbox(projectId: number, userId: number, at: string): Promise<void> {
      await db.insertInto("task_lists").values({
        project_id: projectId, title: "Inbox", description: "", sort_order: 0, status: 1, privacy: 0, is_inbox: 1,
        milestone_id: null, created_by: userId, created_at: at, updated_at: at,
      }).execute();
    },

    /** Users that share at least one project with the given user (themselves included). */
    findUsersSharingProjects(userId: number): Promise<UserRow[]> {
      return db.selectFrom("users").selectAll()
        .where("id", "in", db.selectFrom("project_members").select("user_id")
          .where("project_id", "in", db.selectFrom("project_members").select("project_id").where("user_id", "=", userId)))
        .orderBy("display_name").execute();
    },
  };
}

export type ProjectsRepository = ReturnType<typeof projectsRepository>;
