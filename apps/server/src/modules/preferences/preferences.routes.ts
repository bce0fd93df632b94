import { itemEnvelope, preferencesSchema, updatePreferencesBody } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["users"];

/** The signed-in user's personal formats; `GET /api/auth/me` answers them too. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { preferences } = app.services;

  app.post(
    "/pm/v2/users/me/preferences",
    {
      schema: {
        tags,
        summary: "Change your own date format, time zone, colour scheme or relative dates; only the fields given change",
        body: updatePreferencesBody,
        response: { 200: itemEnvelope(preferencesSchema) },
      },
    },
    async (request) => item(await preferences.updatePreferences(requireActor(request), request.body), "Preferences saved"),
  );
};
