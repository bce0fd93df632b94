import { licenseActivationBody, licenseEnvelope, messageSchema } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["license"];

/** The license under `/api/pm-pro/v2/license`. */
export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { license } = app.services;

  app.get(
    "/pm-pro/v2/license/check",
    { schema: { tags, summary: "The license state: key (shortened), e-mail, plan, expiry, status and a message (site managers)", response: { 200: licenseEnvelope } } },
    async (request) => ({ data: { license: await license.checkLicense(requireActor(request)) } }),
  );

  app.post(
    "/pm-pro/v2/license/activation",
    {
      schema: {
        tags,
        summary: "Activate a license key issued to the e-mail given; the key is verified offline (site managers)",
        body: licenseActivationBody,
        response: { 200: licenseEnvelope },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const activated = await license.activateLicense(actor, request.body);
      request.log.info({ audit: "license_activation", actor_id: actor.id, email: activated.email, plan: activated.plan }, "license activated");
      return { data: { license: activated }, message: "License activated successfully" };
    },
  );

  app.post(
    "/pm-pro/v2/license/delete",
    { schema: { tags, summary: "Delete the stored license (site managers)", response: { 200: messageSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await license.deleteLicense(actor);
      request.log.info({ audit: "license_delete", actor_id: actor.id }, "license deleted");
      return { message: "License deleted successfully" };
    },
  );
};
