import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** A membership with the project's capability overrides and assignee-editing setting, as access checks need it. */
export interface MembershipRow {
  project_id: number;
  role_id: number | null;
  capabilities: string | null;
  /** The saved `assignees_can_edit` setting (JSON text), null when never saved. */
  assignees_can_edit: string | null;
}

/** Queries behind access checks: one row per project, in one query whatever the number of projects. */
export function projectAccessRepository(db: Kysely<Database>) {
  function membershipQuery(userId: number) {
    return db
      .selectFrom("projects")
      .leftJoin("project_members", (join) => join.onRef("project_members.project_id", "=", "projects.id").on("project_members.user_id", "=", userId))
      .leftJoin("project_settings", (join) => join.onRef("project_settings.project_id", "=", "projects.id").on("project_settings.key", "=", "capabilities"))
      .leftJoin("project_settings as editing", (join) => join.onRef("editing.project_id", "=", "projects.id").on("editing.key", "=", "assignees_can_edit"))
      .select(["projects.id as project_id", "project_members.role_id", "project_settings.value as capabilities", "editing.value as assignees_can_edit"]);
  }

  return {
    /** The caller's role and the capability overrides of each given project that exists. */
    findMemberships(userId: number, projectIds: readonly number[]): Promise<MembershipRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return membershipQuery(userId).where("projects.id", "in", [...new Set(projectIds)]).execute();
    },

    /** Every project the user belongs to, with role and overrides. */
    findAllMemberships(userId: number): Promise<MembershipRow[]> {
      return membershipQuery(userId).where("project_members.user_id", "=", userId).execute();
    },
  };
}
