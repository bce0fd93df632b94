import {
  createDiscussionBody,
  discussionSchema,
  itemEnvelope,
  listDiscussionsQuery,
  listEnvelope,
  messageSchema,
  updateDiscussionBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { acceptMultipart, uploadedFiles } from "../files/attachments.http.js";

const tags = ["discussions"];
const projectParams = z.object({ project: zId });
const params = z.object({ project: zId, id: zId });

/** Discussions (message boards) under `/api/pm/v2/projects/{project}/discussion-boards`. */
export const discussionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { discussions } = app.services;
  // Discussions take attached files: multipart `files[]` beside the usual fields.
  await acceptMultipart(app);

  app.get(
    "/pm/v2/projects/:project/discussion-boards",
    {
      schema: {
        tags,
        summary: "A project's discussions, newest first, 20 a page; private ones only with view_private_message",
        params: projectParams,
        querystring: listDiscussionsQuery,
        response: { 200: listEnvelope(discussionSchema) },
      },
    },
    async (request) => {
      const result = await discussions.listDiscussions(requireActor(request), request.params.project, request.query);
      return list(result.discussions, result.pagination);
    },
  );

  app.post(
    "/pm/v2/projects/:project/discussion-boards",
    {
      schema: {
        tags,
        summary: "Start a discussion (create_message); multipart files[] are attached",
        params: projectParams,
        body: createDiscussionBody,
        response: { 200: itemEnvelope(discussionSchema) },
      },
    },
    async (request) =>
      item(
        await discussions.createDiscussion(requireActor(request), request.params.project, request.body, uploadedFiles(request)),
        "Discussion created successfully",
      ),
  );

  app.get(
    "/pm/v2/projects/:project/discussion-boards/:id",
    { schema: { tags, summary: "One discussion", params, response: { 200: itemEnvelope(discussionSchema) } } },
    async (request) => item(await discussions.getDiscussion(requireActor(request), request.params.project, request.params.id)),
  );

  app.post(
    "/pm/v2/projects/:project/discussion-boards/:id/update",
    {
      schema: {
        tags,
        summary: "Change a discussion (project managers or its creator); multipart files[] are attached, files_to_delete[] removed",
        params,
        body: updateDiscussionBody,
        response: { 200: itemEnvelope(discussionSchema) },
      },
    },
    async (request) =>
      item(
        await discussions.updateDiscussion(requireActor(request), request.params.project, request.params.id, request.body, uploadedFiles(request)),
        "Discussion updated successfully",
      ),
  );

  app.post(
    "/pm/v2/projects/:project/discussion-boards/:id/delete",
    { schema: { tags, summary: "Delete a discussion and its comments", params, response: { 200: messageSchema } } },
    async (request) => {
      await discussions.deleteDiscussion(requireActor(request), request.params.project, request.params.id);
      return { message: "Discussion deleted successfully" };
    },
  );
};
