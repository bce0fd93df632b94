import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Serves the built web app at `/`, when there is a build. Hashed assets are cached for a year. */
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
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
});
