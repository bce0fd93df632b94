import { projectSettingsEnvelope, saveProjectSettingsBody, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["project settings"];
const params = z.object({ project: zId });

/** A project's settings under `/api/pm/v2/projects/{project}/settings` (project managers and site managers). */
export const projectSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projectSettings } = app.services;

  app.get(
    "/pm/v2/projects/:project/settings",
    { schema: { tags, summary: "Every setting of a project with its value (saved or default)", params, response: { 200: projectSettingsEnvelope } } },
    async (request) => item(await projectSettings.getSettings(requireActor(request), request.params.project)),
  );

  app.post(
    "/pm/v2/projects/:project/settings",
    {
      schema: {
        tags,
        summary: "Save settings: one {key, value} or {settings: [{key, value}]}; known keys: capabilities, assignees_can_edit",
        params,
        body: saveProjectSettingsBody,
        response: { 200: projectSettingsEnvelope },
      },
    },
    async (request) =>
      item(await projectSettings.saveSettings(requireActor(request), request.params.project, request.body), "Settings saved successfully"),
  );
};
