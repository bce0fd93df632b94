import { zId, zTitle } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../src/lib/envelope.js";
import { requireActor } from "../../src/plugins/auth.js";

const params = z.object({ project: zId });
const note = z.object({ id: z.number().int(), project_id: z.number().int(), title: z.string() });

/** A note as the API shows it: answers are exact contract objects, never rows. */
function presentNote(row: { id: number; project_id: number; title: string }): z.infer<typeof note> {
  return { id: row.id, project_id: row.project_id, title: row.title };
}

/** `GET|POST /api/pm-pro/v2/projects/{project}/toy-notes`. */
export const toyNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { toyNotes } = app.services;
  app.get(
    "/pm-pro/v2/projects/:project/toy-notes",
    { schema: { params, response: { 200: z.object({ data: z.array(note) }) } } },
    async (request) => ({ data: (await toyNotes.listNotes(requireActor(request), request.params.project)).map(presentNote) }),
  );
  app.post(
    "/pm-pro/v2/projects/:project/toy-notes",
    { schema: { params, body: z.object({ title: zTitle(200) }), response: { 200: z.object({ data: note, message: z.string().optional() }) } } },
    async (request) => item(presentNote(await toyNotes.addNote(requireActor(request), request.params.project, request.body.title)), "Note added"),
  );
};
