import { searchAnswerSchema, searchByClientQuery, searchQuery } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../plugins/auth.js";
import type { SearchPage } from "./search.service.js";

const tags = ["search"];

/** The documents' empty texts: the projects-list box and the project-header box. */
const NO_RESULT = "No result found";
const NO_RESULT_IN_PROJECT = "No result found!";

function answer(page: SearchPage, noResult: string) {
  return { data: page.results, meta: { pagination: page.pagination, ...(page.results.length === 0 && { no_result: noResult }) } };
}

/** `GET /api/pm/v2/search` and `GET /api/pm-pro/v2/search_by_client`. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.get(
    "/pm/v2/search",
    {
      schema: {
        tags,
        summary: "Ranked full-text search across the caller's projects (model defaults to task; private records need their view_private_*)",
        querystring: searchQuery,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => answer(await search.search(requireActor(request), request.query), NO_RESULT),
  );

  app.get(
    "/pm-pro/v2/search_by_client",
    {
      schema: {
        tags,
        summary: "Ranked full-text search inside one project (the project-header box; model defaults to everything in a project)",
        querystring: searchByClientQuery,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => answer(await search.searchProject(requireActor(request), request.query), NO_RESULT_IN_PROJECT),
  );
};
