import {
  codeHostingDeliveryEnvelope,
  gitBitIntegrationEnvelope,
  projectIntegrationsEnvelope,
  saveUsersMapBody,
  usersMapEnvelope,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { keepBodiesAsReceived, receivedBytes } from "../../lib/received-body.js";

const tags = ["integrations"];
const params = z.object({ project: zId });

/** The Integrations tab's calls: its data in one call, the user map, and a new token for the incoming address. */
export const codeHostingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codeHosting } = app.services;

  app.get(
    "/pm-pro/v2/projects/:project/integrations",
    {
      schema: {
        tags,
        summary: "Everything the Integrations tab shows: the chat and code-hosting settings, the incoming address, the user map and the members (managers only)",
        params,
        response: { 200: projectIntegrationsEnvelope },
      },
    },
    async (request) => item(await codeHosting.getIntegrations(requireActor(request), request.params.project)),
  );

  app.post(
    "/pm/v2/save_users_map_name",
    {
      schema: {
        tags,
        summary: "Save members' GitHub and Bitbucket usernames: users {github_<userId>: name, bitbucket_<userId>: name}; \"\" removes one (managers only)",
        body: saveUsersMapBody,
        response: { 200: usersMapEnvelope },
      },
    },
    async (request) => ({ data: await codeHosting.saveUsersMap(requireActor(request), request.body), message: "User mapping completed" }),
  );

  app.post(
    "/pm-pro/v2/projects/:project/integrations/git-bit/regenerate",
    {
      schema: {
        tags,
        summary: "A new token for the code-hosting incoming address; the old address stops working at once (managers only)",
        params,
        response: { 200: gitBitIntegrationEnvelope },
      },
    },
    async (request) => item(await codeHosting.regenerateToken(requireActor(request), request.params.project), "Webhook address regenerated"),
  );
};

/** The incoming address GitHub and Bitbucket post to: no session, the token in the query. */
export const codeHostingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON, or the form encoding GitHub may be set to use.
  keepBodiesAsReceived(app);

  app.post(
    "/pm-pro/v2/integrations/:project",
    {
      schema: {
        tags,
        summary:
          "Incoming GitHub (X-GitHub-Event) and Bitbucket (X-Event-Key) events: issues become Inbox tasks, comments task comments, commits saying Fixes PL-12 or Closes #3 complete tasks",
        params,
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: codeHostingDeliveryEnvelope, 202: codeHostingDeliveryEnvelope },
      },
    },
    async (request, reply) => {
      const body = receivedBytes(request.body);
      const received = await app.services.codeHostingWebhook.receive({
        projectId: request.params.project,
        token: request.query.token,
        headers: request.headers,
        body,
      });
      return reply.code(received.status).send(received.body);
    },
  );
};
