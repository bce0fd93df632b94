import { activitySchema, listActivitiesQuery, listEnvelope, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["activities"];

/** The activity feeds under `/api/pm/v2`. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { activities } = app.services;

  app.get(
    "/pm/v2/projects/:project/activities",
    {
      schema: {
        tags,
        summary: "A project's activity, newest first; entries about private records only for readers who may see them",
        params: z.object({ project: zId }),
        querystring: listActivitiesQuery,
        response: { 200: listEnvelope(activitySchema) },
      },
    },
    async (request) => {
      const result = await activities.listProjectActivities(requireActor(request), request.params.project, request.query);
      return list(result.activities, result.pagination);
    },
  );

  app.get(
    "/pm/v2/activities",
    {
      schema: {
        tags,
        summary: "Activity across the caller's projects (site managers: all), filtered by user and days",
        querystring: listActivitiesQuery,
        response: { 200: listEnvelope(activitySchema) },
      },
    },
    async (request) => {
      const result = await activities.listActivities(requireActor(request), request.query);
      return list(result.activities, result.pagination);
    },
  );
};
