import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Whether `pathname` is the front-end page's path or below it. */
export function isUnderPath(pathname: string, pagePath: string): boolean {
  return pathname === pagePath || pathname.startsWith(`${pagePath}/`);
}

/**
 * Serves the built web app at `/`, when there is a build. Hashed assets are cached for a year, and sent
 * brotli- or gzip-compressed when the build holds those variants.
 *
 * The same app is also served at the path of the front-end page (`front_end_page`) and below it, where it
 * renders without admin chrome. The page is looked up on each such request, so choosing another page
 * takes effect at once; the built index.html refers to its assets by absolute `/assets/...` addresses, so
 * they load from any path.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | null }) => {
  const { distDir } = options;
  if (!distDir || !fs.existsSync(path.join(distDir, "index.html"))) {
    app.log.warn("No web build found; serving the API only.");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ["index.html"],
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent to browsers that
    // accept them, compressed once at build time rather than on every request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const pagePath = pathname.startsWith("/api/") ? null : await app.services.pages.frontEndPath();
    if (!pagePath || !isUnderPath(pathname, pagePath)) return reply.callNotFound();
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
});
