import { itemEnvelope, listEnvelope, moduleListItemSchema, moduleUpdateBody } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["modules"];

/** The modules list under `/api/pm-pro/v2/module-lists` and `/api/pm-pro/v2/module-update`. */
export const moduleListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moduleLists } = app.services;

  app.get(
    "/pm-pro/v2/module-lists",
    { schema: { tags, summary: "Every Pro module with its name, description, thumbnail and switch (site managers)", response: { 200: listEnvelope(moduleListItemSchema) } } },
    async (request) => {
      const modules = await moduleLists.listModules(requireActor(request));
      return list(modules, { total: modules.length, count: modules.length, per_page: modules.length, current_page: 1, total_pages: 1 });
    },
  );

  app.post(
    "/pm-pro/v2/module-update",
    {
      schema: {
        tags,
        summary: "Switch a Pro module on (type activate) or off (type deactivate); an off module's routes answer 404 module_inactive (site managers)",
        body: moduleUpdateBody,
        response: { 200: itemEnvelope(moduleListItemSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const updated = await moduleLists.updateModule(actor, request.body);
      // Module switches are site-wide and activities belong to a project, so the audit trail is the server log.
      request.log.info({ audit: "module_update", actor_id: actor.id, module: updated.key, type: request.body.type }, "module switched");
      return item(updated, updated.active ? `${updated.name} activated successfully` : `${updated.name} deactivated successfully`);
    },
  );
};
