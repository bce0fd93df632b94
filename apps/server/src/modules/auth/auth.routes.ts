import {
  SESSION_COOKIE,
  authStateSchema,
  createTokenBody,
  createdTokenSchema,
  itemEnvelope,
  listEnvelope,
  loginBody,
  meSchema,
  messageSchema,
  setupBody,
  signedInSchema,
  tokenSchema,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor, sessionCookieOptions } from "../../plugins/auth.js";
import { menuJsonFor } from "../menu.js";

const tags = ["auth"];

/** Sign-in, set-up, sessions and personal access tokens under `/api/auth`. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, moduleStates, preferences, siteSettings } = app.services;
  const cookieOptions = sessionCookieOptions(app, app.ctx.config.sessionTtlSeconds);
  // A coarse limit of requests per address in front of the sign-in failure throttle; above its per-address
  // failure cap, so that an office behind one NAT can still sign in.
  const signInLimit = { rateLimit: { max: 300, timeWindow: "1 minute" } };

  app.get(
    "/auth/state",
    { schema: { tags, summary: "Whether the first user still has to be created", response: { 200: itemEnvelope(authStateSchema) } } },
    async () => item({ needs_setup: await auth.needsSetup() }),
  );

  app.post(
    "/auth/setup",
    { config: signInLimit, schema: { tags, summary: "Create the first user (a site manager) and sign in", body: setupBody, response: { 200: itemEnvelope(signedInSchema) } } },
    async (request, reply) => {
      const session = await auth.setup(request.body);
      reply.setCookie(SESSION_COOKIE, session.token, cookieOptions);
      return item({ user: session.user, nonce: session.nonce }, "Welcome to Plotline");
    },
  );

  app.post(
    "/auth/login",
    { config: signInLimit, schema: { tags, summary: "Sign in with e-mail and password", body: loginBody, response: { 200: itemEnvelope(signedInSchema) } } },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip);
      reply.setCookie(SESSION_COOKIE, session.token, cookieOptions);
      return item({ user: session.user, nonce: session.nonce });
    },
  );

  app.post(
    "/auth/logout",
    { schema: { tags, summary: "Sign out of this browser session", response: { 200: messageSchema } } },
    async (request, reply) => {
      await auth.logout(requireActor(request));
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "Signed out" };
    },
  );

  app.get(
    "/auth/me",
    { schema: { tags, summary: "The signed-in user, the nonce, site-wide capabilities, the active modules and the user's preferences", response: { 200: itemEnvelope(meSchema) } } },
    async (request) => {
      const actor = requireActor(request);
      const [activeModules, createProject, userPreferences] = await Promise.all([
        moduleStates.activeModules(),
        siteSettings.canCreateProjects(actor),
        preferences.getPreferences(actor),
      ]);
      return item({
        user: auth.currentUser(actor),
        nonce: actor.nonce ?? "",
        capabilities: { manage_pm: actor.isSiteManager, create_project: createProject },
        active_modules: activeModules,
        menu: menuJsonFor(app.modules, activeModules, actor.isSiteManager),
        preferences: userPreferences,
      });
    },
  );

  app.post(
    "/auth/tokens",
    { schema: { tags, summary: "Create a personal access token (shown once)", body: createTokenBody, response: { 200: itemEnvelope(createdTokenSchema) } } },
    async (request) => item(await auth.createToken(requireActor(request), request.body.name), "Token created. Copy it now: it is not shown again."),
  );

  app.get(
    "/auth/tokens",
    { schema: { tags, summary: "Your personal access tokens", response: { 200: listEnvelope(tokenSchema) } } },
    async (request) => {
      const tokens = await auth.listTokens(requireActor(request));
      return list(tokens, { total: tokens.length, count: tokens.length, per_page: tokens.length, current_page: 1, total_pages: 1 });
    },
  );

  app.post(
    "/auth/tokens/:id/delete",
    { schema: { tags, summary: "Revoke a personal access token", params: z.object({ id: zId }), response: { 200: messageSchema } } },
    async (request) => {
      await auth.deleteToken(requireActor(request), request.params.id);
      return { message: "Token revoked" };
    },
  );
};
