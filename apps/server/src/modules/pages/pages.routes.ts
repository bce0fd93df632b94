import { createSitePageBody, itemEnvelope, messageSchema, sitePageListEnvelope, sitePageSchema, updateSitePageBody, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["pages"];
const params = z.object({ id: zId });

/** The site's front-end pages under `/api/pm/v2/pages`. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pages } = app.services;

  app.get(
    "/pm/v2/pages",
    { schema: { tags, summary: "The site's front-end pages `{id, post_title, path}` by title; every signed-in user", response: { 200: sitePageListEnvelope } } },
    async (request) => ({ data: await pages.listPages(requireActor(request)) }),
  );

  app.post(
    "/pm/v2/pages",
    { schema: { tags, summary: "Add a page (site managers): a unique path such as /workspace", body: createSitePageBody, response: { 200: itemEnvelope(sitePageSchema) } } },
    async (request) => item(await pages.createPage(requireActor(request), request.body), "Page created successfully"),
  );

  app.post(
    "/pm/v2/pages/:id/update",
    { schema: { tags, summary: "Rename a page or change its path (site managers)", params, body: updateSitePageBody, response: { 200: itemEnvelope(sitePageSchema) } } },
    async (request) => item(await pages.updatePage(requireActor(request), request.params.id, request.body), "Page updated successfully"),
  );

  app.post(
    "/pm/v2/pages/:id/delete",
    { schema: { tags, summary: "Delete a page (site managers); when it was the front-end page, front_end_page goes back to 0", params, response: { 200: messageSchema } } },
    async (request) => {
      await pages.deletePage(requireActor(request), request.params.id);
      return { message: "Page deleted successfully" };
    },
  );
};
