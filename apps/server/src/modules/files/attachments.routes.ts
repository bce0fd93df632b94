import { zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../plugins/auth.js";
import { sendDownload } from "./files.download.js";

const tags = ["attachments"];
const params = z.object({ project: zId, id: zId });

/**
 * Downloads of the files attached to discussions, tasks, comments and docs. They are core calls, so that
 * attachments keep working while the Pro files module is switched off; whoever may see the record holding
 * an attachment may download it (404 otherwise).
 */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attachments } = app.services;

  app.get(
    "/pm/v2/projects/:project/attachments/:id/download",
    { schema: { tags, summary: "Stream an attachment (HTTP Range supported; pictures, video and PDF inline)", params } },
    async (request, reply) =>
      sendDownload(await attachments.openDownload(requireActor(request), request.params.project, request.params.id, request.headers.range, false), reply, "auto"),
  );

  app.get(
    "/pm/v2/projects/:project/attachments/:id/thumb",
    { schema: { tags, summary: "The thumbnail of a picture attachment", params } },
    async (request, reply) =>
      sendDownload(await attachments.openDownload(requireActor(request), request.params.project, request.params.id, undefined, true), reply, "inline"),
  );
};
