import { healthSchema } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthRepository } from "./health.repository.js";

/** `GET /api/health`: answers once the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["platform"], summary: "Liveness and database check", response: { 200: healthSchema } } },
    async () => {
      await healthRepository(app.ctx.db).ping();
      return { status: "ok" as const, database: app.ctx.kind };
    },
  );
};
