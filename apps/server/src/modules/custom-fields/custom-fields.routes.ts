import {
  createCustomFieldBody,
  customFieldEnvelope,
  customFieldListEnvelope,
  messageSchema,
  sortCustomFieldsBody,
  updateCustomFieldBody,
  zId,
  type CustomField,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import type { FieldScope } from "./custom-fields.repository.js";

const tags = ["custom-fields"];
const projectParams = z.object({ project: zId });
const projectFieldParams = z.object({ project: zId, field: zId });
const siteFieldParams = z.object({ field: zId });
const projectBase = "/pm-pro/v2/projects/:project/custom-fields";
const siteBase = "/pm-pro/v2/custom-fields";

/**
 * A project's custom fields under `/api/pm-pro/v2/projects/{project}/custom-fields` and the site-wide ones
 * under `/api/pm-pro/v2/custom-fields`: the same calls on each.
 */
export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customFields } = app.services;

  const listAnswer = (result: { fields: CustomField[]; canCreate: boolean }) => ({ data: result.fields, meta: { can_create: result.canCreate } });

  for (const [base, scopeParams, fieldParams, scopeOf, who] of [
    [projectBase, projectParams, projectFieldParams, (params: { project?: number }): FieldScope => ({ projectId: params.project ?? null }), "project managers and site managers"],
    [siteBase, z.object({}), siteFieldParams, (): FieldScope => ({ projectId: null }), "site managers"],
  ] as const) {
    const site = base === siteBase;
    app.get(
      base,
      {
        schema: {
          tags,
          summary: site ? "The site-wide custom fields (anyone signed in)" : "The fields a project's tasks have: the site-wide ones, then the project's own (members)",
          params: scopeParams,
          response: { 200: customFieldListEnvelope },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const params = request.params as { project?: number };
        return listAnswer(site ? await customFields.listSiteFields(actor) : await customFields.listProjectFields(actor, params.project ?? 0));
      },
    );

    app.post(
      base,
      { schema: { tags, summary: `Create a custom field (${who})`, params: scopeParams, body: createCustomFieldBody, response: { 200: customFieldEnvelope } } },
      async (request) => item(await customFields.createField(requireActor(request), scopeOf(request.params as { project?: number }), request.body), "Custom field created successfully"),
    );

    app.post(
      `${base}/sorting`,
      { schema: { tags, summary: `Put the fields in a new order (${who}); answers the list`, params: scopeParams, body: sortCustomFieldsBody, response: { 200: customFieldListEnvelope } } },
      async (request) => listAnswer(await customFields.sortFields(requireActor(request), scopeOf(request.params as { project?: number }), request.body)),
    );

    app.post(
      `${base}/:field/update`,
      { schema: { tags, summary: `Change a custom field; only the fields given change (${who})`, params: fieldParams, body: updateCustomFieldBody, response: { 200: customFieldEnvelope } } },
      async (request) => {
        const params = request.params as { project?: number; field: number };
        return item(await customFields.updateField(requireActor(request), scopeOf(params), params.field, request.body), "Custom field updated successfully");
      },
    );

    app.post(
      `${base}/:field/delete`,
      { schema: { tags, summary: `Delete a custom field with every task's value of it (${who})`, params: fieldParams, response: { 200: messageSchema } } },
      async (request) => {
        const params = request.params as { project?: number; field: number };
        await customFields.deleteField(requireActor(request), scopeOf(params), params.field);
        return { message: "Custom field deleted successfully" };
      },
    );
  }
};
