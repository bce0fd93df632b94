import { zId, zTitle } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../src/lib/envelope.js";
import { requireActor } from "../../src/plugins/auth.js";

const params = z.object({ project: zId });
const note = z.object({ id: z.number().int(), project_id: z.number().int(), title: z.string() });

/** `GET|POST /api/pm-pro/v2/projects/{project}/toy-notes`. */
export const toyNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { toyNotes } = app.services;
  app.get(
    "/pm-pro/v2/projects/:project/toy-notes",
    { schema: { params, response: { 200: z.object({ data: z.array(note) }) } } },
    async (request) => ({ data: await toyNotes.listNotes(requireActor(request), request.params.project) }),
  );
  app.post(
    "/pm-pro/v2/projects/:project/toy-notes",
    { schema: { params, body: z.object({ title: zTitle(200) }), response: { 200: z.object({ data: note, message: z.string().optional() }) } } },
    async (request) => item(await toyNotes.addNote(requireActor(request), request.params.project, request.body.title), "Note added"),
  );
};
