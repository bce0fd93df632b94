import type { CodeHostingProvider } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { UserRow } from "../users/users.tables.js";
import type { CodeHostingIssueLinksTable } from "./code-hosting.tables.js";

/** A project member with their user and role id (1 manager, 2 co-worker, 3 client). */
export type CodeHostingMember = UserRow & { role_id: number };

/** A mapping of one member on one service. */
export interface UsernameRow {
  user_id: number;
  provider: string;
  username: string;
}

/** A change of the user map: a username to keep for a member and service, or null to remove it. */
export interface UsernameChange {
  userId: number;
  provider: CodeHostingProvider;
  username: string | null;
}

/** Where an outside issue lives: its service, repository and number. */
export interface IssueRef {
  provider: CodeHostingProvider;
  repositoryId: string;
  number: number;
}

/** Whether a write broke a unique index (or primary key), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** Queries of the code-hosting integration: its own tables, and the rows of others it reads (members, settings). */
export function codeHostingRepository(db: Kysely<Database>) {
  return {
    /** The project's members with their users: managers first, then by name, then by id. */
    findMembers(projectId: number): Promise<CodeHostingMember[]> {
      return db
        .selectFrom("project_members")
        .innerJoin("users", "users.id", "project_members.user_id")
        .selectAll("users")
        .select("project_members.role_id")
        .where("project_members.project_id", "=", projectId)
        .orderBy("project_members.role_id")
        .orderBy("users.display_name")
        .orderBy("users.id")
        .execute();
    },

    /** The usernames of the project's current members (a former member's are dropped at the next save). */
    findUsernames(projectId: number): Promise<UsernameRow[]> {
      return db
        .selectFrom("code_hosting_usernames as names")
        .innerJoin("project_members as members", (join) =>
          join.onRef("members.project_id", "=", "names.project_id").onRef("members.user_id", "=", "names.user_id"))
        .select(["names.user_id", "names.provider", "names.username"])
        .where("names.project_id", "=", projectId)
        .orderBy("names.user_id")
        .orderBy("names.provider")
        .execute();
    },

    /** The member mapped to this username (lower-cased) on this service, if they are still a member. */
    findMemberByUsername(projectId: number, provider: CodeHostingProvider, usernameKey: string): Promise<CodeHostingMember | undefined> {
      return db
        .selectFrom("code_hosting_usernames as names")
        .innerJoin("project_members as members", (join) =>
          join.onRef("members.project_id", "=", "names.project_id").onRef("members.user_id", "=", "names.user_id"))
        .innerJoin("users", "users.id", "names.user_id")
        .selectAll("users")
        .select("members.role_id")
        .where("names.project_id", "=", projectId)
        .where("names.provider", "=", provider)
        .where("names.username_key", "=", usernameKey)
        .executeTakeFirst();
    },

    /** The current members who hold these usernames (lower-cased) on a service in the project. */
    findUsernameHolders(projectId: number, provider: CodeHostingProvider, usernameKeys: readonly string[]): Promise<Array<{ user_id: number; username_key: string }>> {
      if (usernameKeys.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("code_hosting_usernames as names")
        .innerJoin("project_members as members", (join) =>
          join.onRef("members.project_id", "=", "names.project_id").onRef("members.user_id", "=", "names.user_id"))
        .select(["names.user_id", "names.username_key"])
        .where("names.project_id", "=", projectId)
        .where("names.provider", "=", provider)
        .where("names.username_key", "in", usernameKeys)
        .execute();
    },

    /**
     * Applies changes of the map: the names of people who left the project go first (they are no longer
     * shown, and must not hold a name another member now takes), then each change's old name, then the new.
     */
    async saveUsernames(projectId: number, changes: readonly UsernameChange[], at: string): Promise<void> {
      await db.deleteFrom("code_hosting_usernames")
        .where("project_id", "=", projectId)
        .where("user_id", "not in", db.selectFrom("project_members").select("user_id").where("project_id", "=", projectId))
        .execute();
      for (const change of changes) {
        await db.deleteFrom("code_hosting_usernames")
          .where("project_id", "=", projectId)
          .where("user_id", "=", change.userId)
          .where("provider", "=", change.provider)
          .execute();
      }
      const kept = changes.filter((change) => change.username !== null);
      if (kept.length === 0) return;
      await db.insertInto("code_hosting_usernames").values(kept.map((change) => ({
        project_id: projectId,
        user_id: change.userId,
        provider: change.provider,
        username: change.username ?? "",
        username_key: (change.username ?? "").toLowerCase(),
        updated_at: at,
      }))).execute();
    },

    /** The saved JSON text of these project settings, by key. */
    async findSettings(projectId: number, keys: readonly string[]): Promise<Map<string, string>> {
      const rows = await db.selectFrom("project_settings").select(["key", "value"]).where("project_id", "=", projectId).where("key", "in", keys).execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async saveSetting(projectId: number, key: string, json: string, at: string): Promise<void> {
      await db
        .insertInto("project_settings")
        .values({ project_id: projectId, key, value: json, updated_at: at })
        .onConflict((oc) => oc.columns(["project_id", "key"]).doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },

    /**
     * Claims a delivery by its id: true for the first claim, false when it was taken in before (by this
     * process or another: the primary key decides).
     */
    async claimDelivery(projectId: number, provider: CodeHostingProvider, deliveryId: string, event: string, at: string): Promise<boolean> {
      const inserted = await db
        .insertInto("code_hosting_deliveries")
        .values({ project_id: projectId, provider, delivery_id: deliveryId, event, received_at: at })
        .onConflict((oc) => oc.columns(["project_id", "provider", "delivery_id"]).doNothing())
        .returning("delivery_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Gives a claim back after the delivery failed, so that the service's retry is applied. */
    async releaseDelivery(projectId: number, provider: CodeHostingProvider, deliveryId: string): Promise<void> {
      await db.deleteFrom("code_hosting_deliveries")
        .where("project_id", "=", projectId)
        .where("provider", "=", provider)
        .where("delivery_id", "=", deliveryId)
        .execute();
    },

    /** Forgets deliveries taken in before `before`; answers how many. */
    async forgetDeliveries(before: string): Promise<number> {
      const result = await db.deleteFrom("code_hosting_deliveries").where("received_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The task an issue became, if it is still there. */
    async findIssueTask(projectId: number, issue: IssueRef): Promise<number | null> {
      const row = await db
        .selectFrom("code_hosting_issue_links")
        .select("task_id")
        .where("project_id", "=", projectId)
        .where("provider", "=", issue.provider)
        .where("repository_id", "=", issue.repositoryId)
        .where("issue_number", "=", issue.number)
        .executeTakeFirst();
      return row?.task_id ?? null;
    },

    async insertIssueLink(link: CodeHostingIssueLinksTable): Promise<void> {
      await db.insertInto("code_hosting_issue_links").values(link).execute();
    },

    /** The comment an outside comment became, if it is still there. */
    async findLinkedComment(projectId: number, provider: CodeHostingProvider, repositoryId: string, externalId: string): Promise<number | null> {
      const row = await db
        .selectFrom("code_hosting_comment_links")
        .select("comment_id")
        .where("project_id", "=", projectId)
        .where("provider", "=", provider)
        .where("repository_id", "=", repositoryId)
        .where("external_id", "=", externalId)
        .executeTakeFirst();
      return row?.comment_id ?? null;
    },

    async insertCommentLink(projectId: number, provider: CodeHostingProvider, repositoryId: string, externalId: string, commentId: number, at: string): Promise<void> {
      await db.insertInto("code_hosting_comment_links")
        .values({ project_id: projectId, provider, repository_id: repositoryId, external_id: externalId, comment_id: commentId, created_at: at })
        .execute();
    },

    /**
     * The fields of a linked task a delivery may change, as stored (the tasks service's answers are kept
     * JSON, not read field by field): to write nothing when nothing changed.
     */
    findTaskState(taskId: number): Promise<{ title: string; description: string; status: number } | undefined> {
      return db.selectFrom("tasks").select(["title", "description", "status"]).where("id", "=", taskId).executeTakeFirst();
    },

    /** A current list of the project titled "Inbox", for a project whose own Inbox is gone. */
    async findListTitled(projectId: number, title: string): Promise<number | null> {
      const row = await db
        .selectFrom("task_lists")
        .select("id")
        .where("project_id", "=", projectId)
        .where("title", "=", title)
        .where("status", "=", 1)
        .where("privacy", "=", 0)
        .orderBy("id")
        .executeTakeFirst();
      return row?.id ?? null;
    },
  };
}

export type CodeHostingRepository = ReturnType<typeof codeHostingRepository>;
