import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { ApiTokenRow, SessionRow } from "./auth.tables.js";
import type { UserRow } from "../users/users.tables.js";

/** A session or token joined with its user, as the auth plugin needs it on every request. */
export type SessionWithUser = Pick<SessionRow, "id" | "nonce" | "expires_at"> & { user: UserRow };

/** Queries on sessions and personal access tokens. */
export function authRepository(db: Kysely<Database>) {
  return {
    async insertSession(session: { token_hash: string; user_id: number; nonce: string; expires_at: string; created_at: string }): Promise<number> {
      const row = await db.insertInto("sessions").values(session).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    /** The live session with this token hash and its user, in one query. */
    async findLiveSession(tokenHash: string, now: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .select([
          "sessions.id as session_id",
          "sessions.nonce",
          "sessions.expires_at",
          "users.id",
          "users.display_name",
          "users.email",
          "users.password_hash",
          "users.manage_pm",
          "users.avatar_url",
          "users.created_at",
          "users.updated_at",
        ])
        .where("sessions.token_hash", "=", tokenHash)
        .where("sessions.expires_at", ">", now)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, nonce, expires_at, ...user } = row;
      return { id: session_id, nonce, expires_at, user };
    },

    async extendSession(id: number, expiresAt: string): Promise<void> {
      await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", id).execute();
    },

    async deleteSession(id: number): Promise<void> {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },

    async deleteExpiredSessions(now: string): Promise<void> {
      await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
    },

    async deleteSessionsOfUser(userId: number, exceptSessionId: number | null): Promise<void> {
      await db
        .deleteFrom("sessions")
        .where("user_id", "=", userId)
        .$if(exceptSessionId !== null, (qb) => qb.where("id", "!=", exceptSessionId ?? 0))
        .execute();
    },

    async insertToken(token: { user_id: number; name: string; token_hash: string; created_at: string }): Promise<number> {
      const row = await db.insertInto("api_tokens").values(token).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    async findTokenWithUser(tokenHash: string): Promise<{ tokenId: number; lastUsedAt: string | null; user: UserRow } | undefined> {
      const row = await db
        .selectFrom("api_tokens")
        .innerJoin("users", "users.id", "api_tokens.user_id")
        .select([
          "api_tokens.id as token_id",
          "api_tokens.last_used_at",
          "users.id",
          "users.display_name",
          "users.email",
          "users.password_hash",
          "users.manage_pm",
          "users.avatar_url",
          "users.created_at",
          "users.updated_at",
        ])
        .where("api_tokens.token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { token_id, last_used_at, ...user } = row;
      return { tokenId: token_id, lastUsedAt: last_used_at, user };
    },

    async touchToken(id: number, at: string): Promise<void> {
      await db.updateTable("api_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
    },

    listTokens(userId: number): Promise<ApiTokenRow[]> {
      return db.selectFrom("api_tokens").selectAll().where("user_id", "=", userId).orderBy("id", "desc").execute();
    },

    async deleteToken(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("api_tokens").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
