import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { ProjectRow } from "./projects.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";

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

/** Queries on projects, members and favourites (each module counts its own records in a project). */
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

    /** One page of the projects in scope, newest first (no total: the tabs' counts give it). */
    findPage(scope: ProjectScope, limit: number | null, offset: number): Promise<ProjectRow[]> {
      return scoped(scope)
        .selectAll("projects")
        .orderBy("projects.id", "desc")
        .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
        .execute();
    },

    /**
     * Totals per status, and of the reader's favourites, for the tabs of the projects list, title filter
     * applied: one statement (a favourite is one row per user and project, so the join adds no rows).
     */
    async countByStatus(scope: Omit<ProjectScope, "status" | "favouritesOnly">): Promise<{ byStatus: Map<string, number>; favourites: number }> {
      const rows = await scoped(scope)
        .leftJoin("favourite_projects", (join) => join.onRef("favourite_projects.project_id", "=", "projects.id").on("favourite_projects.user_id", "=", scope.viewerId))
        .select(["projects.status", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.count<number>("favourite_projects.project_id").as("favourites")])
        .groupBy("projects.status")
        .execute();
      return {
        byStatus: new Map(rows.map((row) => [row.status, Number(row.count)])),
        favourites: rows.reduce((sum, row) => sum + Number(row.favourites), 0),
      };
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

    /** Every project the user marked as a favourite. */
    async findAllFavouriteIds(userId: number): Promise<number[]> {
      const rows = await db.selectFrom("favourite_projects").select("project_id").where("user_id", "=", userId).execute();
      return rows.map((row) => row.project_id);
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
