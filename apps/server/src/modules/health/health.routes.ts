import { healthSchema } from "@plotline/contracts";
import { sql } from "kysely";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `GET /api/health`: answers once the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["platform"], summary: "Liveness and database check", response: { 200: healthSchema } } },
    async () => {
      await sql`select 1`.execute(app.ctx.db);
      return { status: "ok" as const, database: app.ctx.kind };
    },
  );
};
