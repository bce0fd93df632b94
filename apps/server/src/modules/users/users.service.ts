import type { CreateUserBody, ListUsersQuery, UpdateUserBody, User } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { ModuleContext } from "../module.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { Pagination } from "@plotline/contracts";
import { hashPassword } from "./password.js";
import { usersPolicy } from "./users.policy.js";
import { presentListedUser, presentUser } from "./users.presenter.js";
import { usersRepository, type UserSearch } from "./users.repository.js";
import type { NewUserRow, UserRow } from "./users.tables.js";
import { revokeSessionsOfUser, userChanged } from "../auth/sessions.service.js";

/** Business rules of user accounts. */
export function usersService(ctx: ModuleContext) {
  const users = usersRepository(ctx.db);

  async function assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const existing = await users.findUserByEmail(email);
    if (existing && existing.id !== exceptId) {
      throw new AppError("conflict", say("users.user_with_e_mail_address_already"), {
        params: { email: [say("users.user_with_e_mail_address_already")] },
      });
    }
  }

  return {
    async listUsers(actor: Actor, query: ListUsersQuery): Promise<{ users: User[]; pagination: Pagination }> {
      if (!usersPolicy.canList(actor)) throw forbidden();
      const page = pageRequest(query.page, query.per_page, 20);
      const visibleTo = usersPolicy.canSeeEveryone(actor) ? null : actor.id;
      const { rows, total } = await users.searchUsers({ query: query.query, visibleTo, limit: page.limit, offset: page.offset });
      const clients = await users.findClientIds(rows.map((row) => row.id));
      return { users: rows.map((row) => presentListedUser(row, clients.has(row.id))), pagination: paginationMeta(page, total, rows.length) };
    },

    async getUser(actor: Actor, id: number): Promise<User> {
      // Someone the actor may not see answers as if they did not exist, so ids cannot be probed.
      const visible = usersPolicy.canSeeEveryone(actor) || id === actor.id || (await users.shareAProject(actor.id, id));
      const row = visible ? await users.findUserById(id) : undefined;
      if (!row) throw notFound(say("users.user_not_found"));
      return presentUser(row);
    },

    async createUser(actor: Actor, input: CreateUserBody): Promise<User> {
      if (!usersPolicy.canCreate(actor)) throw forbidden(say("users.who_may_add_users"));
      await assertEmailFree(input.email);
      const now = nowUtc();
      const row = await users.insertUser({
        display_name: input.display_name,
        email: input.email,
        password_hash: await hashPassword(input.password),
        manage_pm: input.manage_pm ? 1 : 0,
        avatar_url: null,
        created_at: now,
        updated_at: now,
      });
      return presentUser(row);
    },

    async updateUser(actor: Actor, id: number, input: UpdateUserBody): Promise<User> {
      if (!usersPolicy.canUpdate(actor)) throw forbidden(say("users.who_may_change_users"));
      const existing = await users.findUserById(id);
      if (!existing) throw notFound(say("users.user_not_found"));
      if (input.email !== undefined) await assertEmailFree(input.email, id);
      if (input.manage_pm === false && existing.manage_pm === 1 && (await users.countSiteManagers()) <= 1) {
        throw new AppError("rule_broken", say("users.at_least_one_user_must_keep"), {
          params: { manage_pm: [say("users.at_least_one_user_must_keep")] },
        });
      }
      const row = await users.updateUser(id, {
        ...(input.display_name !== undefined && { display_name: input.display_name }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.password !== undefined && { password_hash: await hashPassword(input.password) }),
        ...(input.manage_pm !== undefined && { manage_pm: input.manage_pm ? 1 : 0 }),
        updated_at: nowUtc(),
      });
      if (!row) throw notFound(say("users.user_not_found"));
      // A new password signs the user out everywhere else.
      if (input.password !== undefined) await revokeSessionsOfUser(ctx, id, id === actor.id ? actor.sessionId : null);
      else await userChanged(ctx);
      return presentUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;

// Reads and writes of the users table for other modules, which never import the users repository. They
// take the caller's database or transaction, so a read can sit inside the caller's own transaction.

/** The users among the given ids (who created a record, who is mentioned), in no particular order. */
export function findUsersByIds(db: Kysely<Database>, ids: readonly number[]): Promise<UserRow[]> {
  return usersRepository(db).findUsersByIds(ids);
}

/** Ids of the users who share at least one project with the given one (themselves included when a member). */
export function findCoMemberIds(db: Kysely<Database>, userId: number): Promise<Set<number>> {
  return usersRepository(db).findCoMemberIds(userId);
}

/** Users by name or e-mail, ordered by name, with the total. */
export function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  return usersRepository(db).searchUsers(search);
}

/** The user with this e-mail address (compared in lower case), or undefined. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return usersRepository(db).findUserByEmail(email);
}

/** How many accounts the site has; zero before the first run. */
export function countUsers(db: Kysely<Database>): Promise<number> {
  return usersRepository(db).countUsers();
}

/** Stores a new account as given (the caller has hashed the password and checked the e-mail). */
export function insertUser(db: Kysely<Database>, user: NewUserRow): Promise<UserRow> {
  return usersRepository(db).insertUser(user);
}
