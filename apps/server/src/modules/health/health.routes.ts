import { healthSchema } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseProbe } from "./database-probe.js";
import { healthRepository } from "./health.repository.js";

/** `GET /api/health`: answers once the database has answered, within the last second. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = healthRepository(app.ctx.db);
  const probe = databaseProbe(() => repository.ping());
  app.get(
    "/health",
    { schema: { tags: ["platform"], summary: "Liveness and database check", response: { 200: healthSchema } } },
    async () => {
      await probe.check();
      return { status: "ok" as const, database: app.ctx.kind };
    },
  );
};
