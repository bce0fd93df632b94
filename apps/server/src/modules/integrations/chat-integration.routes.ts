import { chatDeliveryListEnvelope, chatTestEnvelope, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["integrations"];
const projectParams = z.object({ project: zId });
const base = "/pm-pro/v2/projects/:project/integrations";

/** The chat integration's calls for the Integrations tab: the delivery log and the test message (managers). */
export const chatIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chatIntegration } = app.services;

  app.get(
    `${base}/deliveries`,
    {
      schema: {
        tags,
        summary: "The project's last 50 chat messages and how their delivery went, newest first (project managers and site managers)",
        params: projectParams,
        response: { 200: chatDeliveryListEnvelope },
      },
    },
    async (request) => {
      const deliveries = await chatIntegration.listDeliveries(requireActor(request), request.params.project);
      return list(deliveries, paginationMeta(pageRequest(1, -1, -1), deliveries.length, deliveries.length));
    },
  );

  app.post(
    `${base}/slack/test`,
    {
      schema: {
        tags,
        summary: "Queue a test message to the project's saved chat webhook (project managers and site managers)",
        params: projectParams,
        response: { 200: chatTestEnvelope },
      },
    },
    async (request) => item(await chatIntegration.sendTest(requireActor(request), request.params.project), "Test message queued"),
  );
};
