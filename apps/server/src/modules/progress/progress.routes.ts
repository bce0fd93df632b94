import { listEnvelope, progressDaySchema, progressQuery } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["progress"];

/** The Progress feed under `/api/pm-pro/v2/progress`. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { progress } = app.services;

  app.get(
    "/pm-pro/v2/progress",
    {
      schema: {
        tags,
        summary: "Every project's activity, newest first, grouped by day; meta.pagination counts activities (site managers)",
        querystring: progressQuery,
        response: { 200: listEnvelope(progressDaySchema) },
      },
    },
    async (request) => {
      const result = await progress.listProgress(requireActor(request), request.query);
      return list(result.days, result.pagination);
    },
  );
};
