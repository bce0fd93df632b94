import rateLimit from "@fastify/rate-limit";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Redis } from "ioredis";

/** Every /api answer except the health check and the API docs, which are the same for everyone. */
function isCallerDependent(url: string): boolean {
  return url.startsWith("/api/") && !/^\/api\/(health|docs)(?:[/?]|$)/.test(url);
}

/** API answers (JSON, and stored files), but not the API docs, which are a page. */
function isApiAnswer(url: string): boolean {
  return url.startsWith("/api/") && !/^\/api\/docs(?:[/?]|$)/.test(url);
}

/**
 * The headers of every API answer. An answer is data, never a page: it may load, run and be framed by
 * nothing, is not sniffed into another type, and is not read by other sites' pages. What pages need besides
 * (their script and style sources, the opener and agent-cluster isolation) means nothing to an answer, and
 * each header costs on every request.
 */
const API_HEADERS: Record<string, string> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
};

/**
 * The headers a helmet configuration sets, worked out once: they do not depend on the request, and running
 * helmet's chain of middlewares on every answer cost more than the rest of a cached read.
 */
function staticHeadersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers: for pages, a Content-Security-Policy that the built web app satisfies: scripts only from the
 * app's own origin; inline styles allowed because Mantine sets CSS variables in style attributes.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { rateLimitRedis: Redis | null }) => {
  const pageHeaders = staticHeadersOf(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // Served over plain http on a laptop too; HSTS belongs to the proxy that terminates TLS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  }));
  app.addHook("onRequest", (request, reply, done) => {
    // API answers depend on who asks (and errors name the caller's records): no cache may keep them. Set
    // first, so a route with answers everyone may share (a site file) sets its own Cache-Control.
    if (isCallerDependent(request.url)) reply.header("Cache-Control", "no-store");
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
    done();
  });
  // With several API processes the counts live in Redis, so a limit holds for the whole site.
  await app.register(rateLimit, { global: false, ...(options.rateLimitRedis && { redis: options.rateLimitRedis, nameSpace: "rate-limit:" }) });
});
