import { createLabelBody, itemEnvelope, labelListEnvelope, labelSchema, messageSchema, updateLabelBody, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["labels"];
const projectParams = z.object({ project: zId });
const labelParams = z.object({ project: zId, label: zId });
const base = "/pm-pro/v2/projects/:project/settings/labels";

/** A project's task labels under `/api/pm-pro/v2/projects/{project}/settings/labels`. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { labels } = app.services;

  app.get(
    base,
    { schema: { tags, summary: "Every label of a project, by name (members)", params: projectParams, response: { 200: labelListEnvelope } } },
    async (request) => {
      const result = await labels.listLabels(requireActor(request), request.params.project);
      const count = result.labels.length;
      return list(result.labels, paginationMeta(pageRequest(1, -1, -1), count, count), { can_create: result.canCreate });
    },
  );

  app.post(
    base,
    { schema: { tags, summary: "Create a label (project managers and site managers)", params: projectParams, body: createLabelBody, response: { 200: itemEnvelope(labelSchema) } } },
    async (request) => item(await labels.createLabel(requireActor(request), request.params.project, request.body), "Label created successfully"),
  );

  app.post(
    `${base}/:label`,
    { schema: { tags, summary: "Change a label's name, description or colour", params: labelParams, body: updateLabelBody, response: { 200: itemEnvelope(labelSchema) } } },
    async (request) =>
      item(await labels.updateLabel(requireActor(request), request.params.project, request.params.label, request.body), "Label updated successfully"),
  );

  app.post(
    `${base}/:label/delete`,
    { schema: { tags, summary: "Delete a label; the tasks carrying it lose it", params: labelParams, response: { 200: messageSchema } } },
    async (request) => {
      await labels.deleteLabel(requireActor(request), request.params.project, request.params.label);
      return { message: "Label deleted successfully" };
    },
  );
};
