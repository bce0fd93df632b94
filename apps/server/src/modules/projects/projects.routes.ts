import {
  createProjectBody,
  favouriteBody,
  itemEnvelope,
  listEnvelope,
  listProjectsQuery,
  messageSchema,
  projectListMetaShape,
  projectSchema,
  projectSummarySchema,
  updateProjectBody,
  userSchema,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["projects"];
const params = z.object({ id: zId });

/** Projects under `/api/pm/v2/projects`, plus the pickers' user and project lists. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.services;

  app.get(
    "/pm/v2/projects",
    {
      schema: {
        tags,
        summary: "Projects the caller belongs to (site managers: all), with totals per status in meta",
        querystring: listProjectsQuery,
        response: { 200: listEnvelope(projectSchema, projectListMetaShape) },
      },
    },
    async (request) => {
      const result = await projects.listProjects(requireActor(request), request.query);
      return list(result.projects, result.pagination, result.meta);
    },
  );

  app.post(
    "/pm/v2/projects",
    { schema: { tags, summary: "Create a project; the creator becomes its manager", body: createProjectBody, response: { 200: itemEnvelope(projectSchema) } } },
    async (request) => item(await projects.createProject(requireActor(request), request.body), "Project created successfully"),
  );

  app.get(
    "/pm/v2/projects/:id",
    { schema: { tags, summary: "One project with its members and counts", params, response: { 200: itemEnvelope(projectSchema) } } },
    async (request) => item(await projects.getProject(requireActor(request), request.params.id)),
  );

  app.post(
    "/pm/v2/projects/:id/update",
    { schema: { tags, summary: "Change a project; `assignees` replaces its members", params, body: updateProjectBody, response: { 200: itemEnvelope(projectSchema) } } },
    async (request) => item(await projects.updateProject(requireActor(request), request.params.id, request.body), "Project updated successfully"),
  );

  app.post(
    "/pm/v2/projects/:id/delete",
    { schema: { tags, summary: "Delete a project and everything in it", params, response: { 200: messageSchema } } },
    async (request) => {
      await projects.deleteProject(requireActor(request), request.params.id);
      return { message: "Project deleted successfully" };
    },
  );

  app.post(
    "/pm/v2/projects/:id/favourite",
    { schema: { tags, summary: "Mark or unmark a project as a favourite of the caller", params, body: favouriteBody.optional(), response: { 200: itemEnvelope(projectSchema) } } },
    async (request) => {
      const favourite = request.body?.favourite ?? true;
      return item(await projects.setFavourite(requireActor(request), request.params.id, favourite), favourite ? "Project added to favourites" : "Project removed from favourites");
    },
  );

  app.get(
    "/pm/v2/assigned_users",
    { schema: { tags, summary: "Users who share a project with the caller (site managers: everyone), all on one page", response: { 200: listEnvelope(userSchema) } } },
    async (request) => {
      const result = await projects.assignedUsers(requireActor(request));
      return list(result.users, result.pagination);
    },
  );

  app.get(
    "/pm/v2/user-all-projects",
    { schema: { tags, summary: "Every project the caller may enter, for pickers, all on one page", response: { 200: listEnvelope(projectSummarySchema) } } },
    async (request) => {
      const result = await projects.allProjects(requireActor(request));
      return list(result.projects, result.pagination);
    },
  );
};
