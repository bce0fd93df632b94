import type { ApiToken, LoginBody, SetupBody, User } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound, say } from "../../lib/app-error.js";
import { addSeconds, nowUtc, parseStored } from "../../lib/dates.js";
import { hashSecret, randomSecret } from "../../lib/secrets.js";
import type { UserRow } from "../users/users.tables.js";
import { hashPassword, verifyPassword } from "../users/password.js";
import { presentUser } from "../users/users.presenter.js";
import { countUsers, findUserByEmail, insertUser } from "../users/users.service.js";
import { authRepository } from "./auth.repository.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { SignedInCache } from "./signed-in-cache.js";

/** A new browser session: the cookie's secret (given to the client once) and its nonce. */
export interface NewSession {
  token: string;
  nonce: string;
  user: User;
}

/** Prefix of personal access tokens, so that a leaked one is easy to recognise. */
const TOKEN_PREFIX = "plt_";

// A session is pushed forward at most once a day, so that reads do not each write.
const EXTEND_WHEN_LESS_THAN_SECONDS = 24 * 3600;

/** Sign-in, sessions and personal access tokens. */
export function authService(ctx: AppContext, throttle: LoginThrottle, signedIn: SignedInCache<Actor>) {
  const auth = authRepository(ctx.db);
  const ttl = ctx.config.sessionTtlSeconds;

  async function startSession(user: UserRow): Promise<NewSession> {
    const token = randomSecret();
    const nonce = randomSecret(16);
    const now = nowUtc();
    await auth.insertSession({ token_hash: hashSecret(token), user_id: user.id, nonce, expires_at: addSeconds(now, ttl), created_at: now });
    return { token, nonce, user: presentUser(user) };
  }

  function toActor(user: UserRow, via: Actor["via"], sessionId: number | null, nonce: string | null): Actor {
    return {
      id: user.id,
      displayName: user.display_name,
      email: user.email,
      avatarUrl: user.avatar_url,
      isSiteManager: user.manage_pm === 1, via, sessionId, nonce };
  }

  // Each request gets an actor object of its own: what a request works out about its actor (its project
  // access, see projects/project-access.ts) hangs off that object and must not outlive the request.
  async function ownCopy(cached: Promise<Actor | null>): Promise<Actor | null> {
    const actor = await cached;
    return actor && { ...actor };
  }

  return {
    async needsSetup(): Promise<boolean> {
      return (await countUsers(ctx.db)) === 0;
    },

    /** Creates the first user, a site manager, and signs them in. Refused once any user exists. */
    async setup(input: SetupBody): Promise<NewSession> {
      if ((await countUsers(ctx.db)) > 0) throw new AppError("already_set_up", say("auth.plotline_already_set_up_please_sign"));
      const now = nowUtc();
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await ctx.db.transaction().execute(async (trx) => {
          // Checked again inside the transaction: two set-up requests racing must not both win.
          if ((await countUsers(trx)) > 0) throw new AppError("already_set_up", say("auth.plotline_already_set_up_please_sign"));
          return insertUser(trx, { display_name: input.display_name, email: input.email, password_hash: passwordHash, manage_pm: 1, avatar_url: null, created_at: now, updated_at: now });
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The unique e-mail index stops a racing second set-up that passed the count check.
        throw new AppError("already_set_up", say("auth.plotline_already_set_up_please_sign"));
      }
      return startSession(user);
    },

    async login(input: LoginBody, ip: string): Promise<NewSession> {
      const verdict = await throttle.check(input.email, ip);
      if (verdict.blocked) {
        throw new AppError("too_many_requests", say("auth.too_many_failed_sign_attempts_please"));
      }
      await throttle.wait(verdict.delayMs);
      const user = await findUserByEmail(ctx.db, input.email);
      const valid = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !valid) {
        await throttle.recordFailure(input.email, ip);
        throw new AppError("invalid_credentials", say("auth.e_mail_address_password_incorrect"));
      }
      await throttle.recordSuccess(input.email, ip);
      return startSession(user);
    },

    async logout(actor: Actor): Promise<void> {
      if (actor.sessionId === null) return;
      await auth.deleteSession(actor.sessionId);
      await signedIn.forget();
    },

    /** The actor behind a session cookie's token, or null when it is unknown or expired. */
    actorFromSession(token: string): Promise<Actor | null> {
      return ownCopy(signedIn.resolve(`session:${hashSecret(token)}`, async () => {
        const now = nowUtc();
        const session = await auth.findLiveSession(hashSecret(token), now);
        if (!session) return null;
        let expiresAt = session.expires_at;
        if (expiresAt < addSeconds(now, ttl - EXTEND_WHEN_LESS_THAN_SECONDS)) {
          expiresAt = addSeconds(now, ttl);
          await auth.extendSession(session.id, expiresAt);
        }
        return { expiresAtMs: parseStored(expiresAt).getTime(), value: toActor(session.user, "session", session.id, session.nonce) };
      }));
    },

    /** The actor behind a bearer token, or null when it is unknown. */
    actorFromToken(token: string): Promise<Actor | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return Promise.resolve(null);
      return ownCopy(signedIn.resolve(`token:${hashSecret(token)}`, async () => {
        const found = await auth.findTokenWithUser(hashSecret(token));
        if (!found) return null;
        const now = nowUtc();
        // Last use is kept to the hour: enough to spot a stale token without a write per request.
        if (found.lastUsedAt === null || found.lastUsedAt.slice(0, 13) !== now.slice(0, 13)) await auth.touchToken(found.tokenId, now);
        return { expiresAtMs: Infinity, value: toActor(found.user, "token", null, null) };
      }));
    },

    async createToken(actor: Actor, name: string): Promise<{ id: number; name: string; token: string }> {
      const token = `${TOKEN_PREFIX}${randomSecret()}`;
      const id = await auth.insertToken({ user_id: actor.id, name, token_hash: hashSecret(token), created_at: nowUtc() });
      return { id, name, token };
    },

    async listTokens(actor: Actor): Promise<ApiToken[]> {
      const rows = await auth.listTokens(actor.id);
      return rows.map((row) => ({ id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at }));
    },

    async deleteToken(actor: Actor, id: number): Promise<void> {
      if (!(await auth.deleteToken(actor.id, id))) throw notFound(say("auth.token_not_found"));
      await signedIn.forget();
    },

    /** The signed-in user as the API shows it, from what the request already loaded. */
    currentUser(actor: Actor): User {
      return { id: actor.id, display_name: actor.displayName, email: actor.email, avatar_url: actor.avatarUrl, manage_pm: actor.isSiteManager };
    },

    /** Removes expired sessions; run on a schedule. */
    pruneSessions(): Promise<void> {
      return auth.deleteExpiredSessions(nowUtc());
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
