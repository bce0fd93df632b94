import { NONCE_HEADER, SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Actor } from "../lib/actor.js";
import { AppError, say } from "../lib/app-error.js";
import { secretsEqual } from "../lib/secrets.js";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The signed-in actor of a request; throws 401 when there is none. Used by every protected route. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError("not_signed_in", say("auth.please_sign_continue"));
  return request.actor;
}

/** Session cookie options: httpOnly, SameSite=Lax, Secure when the app is served over https. */
export function sessionCookieOptions(app: FastifyInstance, maxAgeSeconds: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: app.ctx.config.publicUrl?.startsWith("https://") ?? false,
    maxAge: maxAgeSeconds,
  };
}

/**
 * Resolves who is calling, from `Authorization: Bearer <token>` or the session cookie, and demands the
 * session's nonce on state-changing cookie requests (tokens are not sent by browsers on their own, so
 * they need none).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("actor", null);

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith("/api/")) return;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith("Bearer ")) {
      request.actor = await app.services.auth.actorFromToken(authorization.slice(7).trim());
      if (!request.actor) throw new AppError("not_signed_in", say("auth.access_token_not_valid"));
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    request.actor = await app.services.auth.actorFromSession(cookie);
    if (!request.actor) {
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return;
    }
    if (STATE_CHANGING.has(request.method)) {
      const sent = request.headers[NONCE_HEADER];
      const nonce = Array.isArray(sent) ? sent[0] : sent;
      if (!nonce || !request.actor.nonce || !secretsEqual(nonce, request.actor.nonce)) {
        throw new AppError("invalid_nonce", say("common.your_session_check_failed_please_reload"));
      }
    }
  });
});
