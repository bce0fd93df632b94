import {
  commentSchema,
  createCommentBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listCommentsQuery,
  listEnvelope,
  updateCommentBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { acceptMultipart, uploadedFiles } from "../files/attachments.http.js";

const tags = ["comments"];
const projectParams = z.object({ project: zId });
const params = z.object({ project: zId, id: zId });

/** Comments under `/api/pm/v2/projects/{project}/comments`. */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { comments } = app.services;
  // Comments take attached files: multipart `files[]` beside the usual fields.
  await acceptMultipart(app);

  app.get(
    "/pm/v2/projects/:project/comments",
    {
      schema: {
        tags,
        summary: "Comments on one task, list, discussion or milestone, oldest first",
        params: projectParams,
        querystring: listCommentsQuery,
        response: { 200: listEnvelope(commentSchema) },
      },
    },
    async (request) => {
      const result = await comments.listComments(requireActor(request), request.params.project, request.query);
      return list(result.comments, result.pagination);
    },
  );

  app.post(
    "/pm/v2/projects/:project/comments",
    {
      schema: {
        tags,
        summary: "Comment on a record the caller may see (multipart files[] are attached); mentioned and chosen members who may see it are notified",
        params: projectParams,
        body: createCommentBody,
        response: { 200: itemEnvelope(commentSchema) },
      },
    },
    async (request) =>
      item(await comments.createComment(requireActor(request), request.params.project, request.body, uploadedFiles(request)), "Comment added successfully"),
  );

  app.post(
    "/pm/v2/projects/:project/comments/:id",
    {
      schema: {
        tags,
        summary: "Change a comment (its author or a manager); multipart files[] are attached, files_to_delete[] removed",
        params,
        body: updateCommentBody,
        response: { 200: itemEnvelope(commentSchema) },
      },
    },
    async (request) =>
      item(
        await comments.updateComment(requireActor(request), request.params.project, request.params.id, request.body, uploadedFiles(request)),
        "Comment updated successfully",
      ),
  );

  app.post(
    "/pm/v2/projects/:project/comments/:id/delete",
    {
      schema: {
        tags,
        summary: "Delete a comment (its author or a manager); `undo` brings it back (POST pm/v2/undo/{id}) until `undo.expires_at`",
        params,
        response: { 200: deletedWithUndoSchema },
      },
    },
    async (request) => {
      const undo = await comments.deleteComment(requireActor(request), request.params.project, request.params.id);
      return { message: "Comment deleted successfully", undo };
    },
  );
};
