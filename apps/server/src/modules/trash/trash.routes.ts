import { restoredSchema, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["trash"];

/** Undo of deletions: `/api/pm/v2/undo/{id}`, with the ticket a delete answered. */
export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trash } = app.services;

  app.post(
    "/pm/v2/undo/:id",
    {
      schema: {
        tags,
        summary: "Undo a delete: brings back the deleted task(s), list, comment or file whole, with their ids; only the user who deleted, within `undo.expires_at` of the delete's answer",
        params: z.object({ id: zId }),
        response: { 200: restoredSchema },
      },
    },
    async (request) => ({ message: "Restored", data: await trash.restore(requireActor(request), request.params.id) }),
  );
};
