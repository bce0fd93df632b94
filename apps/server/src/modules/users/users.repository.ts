import type { Kysely } from "kysely";
import { ROLE } from "@plotline/contracts";
import type { Database } from "../../db/schema.js";
import type { NewUserRow, UserRow, UserUpdate } from "./users.tables.js";
import { containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";

/** Options of a user search. */
export interface UserSearch {
  /** Part of a display name or e-mail address. */
  query?: string;
  /** Only this user and the people who share a project with them; null or absent: everyone. */
  visibleTo?: number | null;
  limit: number | null;
  offset: number;
}

/** Queries on users. The only code that reads or writes the users table. */
export function usersRepository(db: Kysely<Database>) {
  /** Ids of the users who share a project with the given one. */
  function coMemberIds(userId: number) {
    return db
      .selectFrom("project_members")
      .select("user_id")
      .where("project_id", "in", db.selectFrom("project_members").select("project_id").where("user_id", "=", userId));
  }

  function searchFilter(search: Pick<UserSearch, "query" | "visibleTo">) {
    const { query, visibleTo } = search;
    return db
      .selectFrom("users")
      .$if(Boolean(query), (qb) =>
        qb.where((eb) => eb.or([containsIgnoringCase("display_name", query ?? ""), containsIgnoringCase("email", query ?? "")])),
      )
      .$if(visibleTo !== undefined && visibleTo !== null, (qb) =>
        qb.where((eb) => eb.or([eb("id", "=", visibleTo ?? 0), eb("id", "in", coMemberIds(visibleTo ?? 0))])),
      );
  }

  return {
    async countUsers(): Promise<number> {
      const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findUserById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Ids of the users who share at least one project with the given one (themselves included when a member). */
    async findCoMemberIds(userId: number): Promise<Set<number>> {
      return new Set((await coMemberIds(userId).execute()).map((row) => row.user_id));
    },
    /** Whether the two users are members of at least one same project. */
    async shareAProject(userId: number, otherId: number): Promise<boolean> {
      const row = await coMemberIds(userId).where("user_id", "=", otherId).limit(1).executeTakeFirst();
      return row !== undefined;
    },
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
    },

    /** The users among the given ids, 500 ids per query. */
    findUsersByIds(ids: readonly number[]): Promise<UserRow[]> {
      return inChunks(ids, (chunk) => db.selectFrom("users").selectAll().where("id", "in", chunk).execute());
    },

    async searchUsers(search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        searchFilter(search)
          .selectAll()
          .orderBy("display_name")
          .orderBy("id")
          .$if(search.limit !== null, (qb) => qb.limit(search.limit ?? 0).offset(search.offset))
          .execute(),
        searchFilter(search)
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** Which of the given users are a client (role 3) in at least one project, 500 ids per query. */
    async findClientIds(ids: readonly number[]): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) =>
        db.selectFrom("project_members").select("user_id").distinct().where("role_id", "=", ROLE.client).where("user_id", "in", chunk).execute(),
      );
      return new Set(rows.map((row) => row.user_id));
    },

    async countSiteManagers(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("manage_pm", "=", 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertUser(user: NewUserRow): Promise<UserRow> {
      return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
    },

    async updateUser(id: number, changes: UserUpdate): Promise<UserRow | undefined> {
      return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
