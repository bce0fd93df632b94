import {
  createMilestoneBody,
  itemEnvelope,
  listEnvelope,
  listMilestonesQuery,
  messageSchema,
  milestoneSchema,
  updateMilestoneBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["milestones"];
const projectParams = z.object({ project: zId });
const params = z.object({ project: zId, id: zId });

/** Milestones under `/api/pm/v2/projects/{project}/milestones`. */
export const milestonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { milestones } = app.services;

  app.get(
    "/pm/v2/projects/:project/milestones",
    {
      schema: {
        tags,
        summary: "A project's milestones by achieve date then order, with their linked lists and discussions",
        params: projectParams,
        querystring: listMilestonesQuery,
        response: { 200: listEnvelope(milestoneSchema) },
      },
    },
    async (request) => {
      const result = await milestones.listMilestones(requireActor(request), request.params.project, request.query);
      return list(result.milestones, result.pagination);
    },
  );

  app.post(
    "/pm/v2/projects/:project/milestones",
    { schema: { tags, summary: "Create a milestone (create_milestone; private needs view_private_milestone)", params: projectParams, body: createMilestoneBody, response: { 200: itemEnvelope(milestoneSchema) } } },
    async (request) =>
      item(await milestones.createMilestone(requireActor(request), request.params.project, request.body), "Milestone created successfully"),
  );

  app.get(
    "/pm/v2/projects/:project/milestones/:id",
    { schema: { tags, summary: "One milestone", params, response: { 200: itemEnvelope(milestoneSchema) } } },
    async (request) => item(await milestones.getMilestone(requireActor(request), request.params.project, request.params.id)),
  );

  app.post(
    "/pm/v2/projects/:project/milestones/:id/update",
    { schema: { tags, summary: "Change a milestone (project managers or its creator)", params, body: updateMilestoneBody, response: { 200: itemEnvelope(milestoneSchema) } } },
    async (request) =>
      item(
        await milestones.updateMilestone(requireActor(request), request.params.project, request.params.id, request.body),
        "Milestone updated successfully",
      ),
  );

  app.post(
    "/pm/v2/projects/:project/milestones/:id/delete",
    { schema: { tags, summary: "Delete a milestone; its lists and discussions stay, unlinked", params, response: { 200: messageSchema } } },
    async (request) => {
      await milestones.deleteMilestone(requireActor(request), request.params.project, request.params.id);
      return { message: "Milestone deleted successfully" };
    },
  );
};
