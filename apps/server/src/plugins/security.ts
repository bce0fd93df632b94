import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Redis } from "ioredis";

/** Every /api answer except the health check and the API docs, which are the same for everyone. */
function isCallerDependent(url: string): boolean {
  return url.startsWith("/api/") && !/^\/api\/(health|docs)(?:[/?]|$)/.test(url);
}

/**
 * Security headers with a Content-Security-Policy that the built web app satisfies: scripts only from the
 * app's own origin; inline styles allowed because Mantine sets CSS variables in style attributes.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { rateLimitRedis: Redis | null }) => {
  // Built once: @fastify/helmet rebuilds its middleware on every request, which showed in the benchmark.
  const applyHeaders = helmet({
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
  });
  app.addHook("onRequest", (request, reply, done) => {
    // API answers depend on who asks (and errors name the caller's records): no cache may keep them. Set
    // first, so a route with answers everyone may share (a site file) sets its own Cache-Control.
    if (isCallerDependent(request.url)) reply.header("Cache-Control", "no-store");
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // With several API processes the counts live in Redis, so a limit holds for the whole site.
  await app.register(rateLimit, { global: false, ...(options.rateLimitRedis && { redis: options.rateLimitRedis, nameSpace: "rate-limit:" }) });
});
