import type { CreateUserBody, ListUsersQuery, UpdateUserBody, User } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { Pagination } from "@plotline/contracts";
import { hashPassword } from "./password.js";
import { usersPolicy } from "./users.policy.js";
import { presentListedUser, presentUser } from "./users.presenter.js";
import { usersRepository } from "./users.repository.js";
import { authRepository } from "../auth/auth.repository.js";

/** Business rules of user accounts. */
export function usersService(ctx: AppContext) {
  const users = usersRepository(ctx.db);
  const auth = authRepository(ctx.db);

  async function assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const existing = await users.findUserByEmail(email);
    if (existing && existing.id !== exceptId) {
      throw new AppError("conflict", "A user with this e-mail address already exists", {
        params: { email: ["A user with this e-mail address already exists"] },
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
      if (!row) throw notFound("User");
      return presentUser(row);
    },

    async createUser(actor: Actor, input: CreateUserBody): Promise<User> {
      if (!usersPolicy.canCreate(actor)) throw forbidden("Only site managers can add users");
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
      if (!usersPolicy.canUpdate(actor)) throw forbidden("Only site managers can change users");
      const existing = await users.findUserById(id);
      if (!existing) throw notFound("User");
      if (input.email !== undefined) await assertEmailFree(input.email, id);
      if (input.manage_pm === false && existing.manage_pm === 1 && (await users.countSiteManagers()) <= 1) {
        throw new AppError("rule_broken", "At least one user must keep the manager capability", {
          params: { manage_pm: ["At least one user must keep the manager capability"] },
        });
      }
      const row = await users.updateUser(id, {
        ...(input.display_name !== undefined && { display_name: input.display_name }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.password !== undefined && { password_hash: await hashPassword(input.password) }),
        ...(input.manage_pm !== undefined && { manage_pm: input.manage_pm ? 1 : 0 }),
        updated_at: nowUtc(),
      });
      if (!row) throw notFound("User");
      // A new password signs the user out everywhere else.
      if (input.password !== undefined) await auth.deleteSessionsOfUser(id, id === actor.id ? actor.sessionId : null);
      return presentUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
