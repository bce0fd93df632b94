import { duplicateListAnswer, duplicateListParams, duplicateProjectAnswer, duplicateProjectParams, DUPLICATION_MESSAGES, NONCE_HEADER } from "@plotline/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, say } from "../../lib/app-error.js";
import { secretsEqual } from "../../lib/secrets.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["duplication"];

/**
 * The documents make list duplication a GET, which the auth plugin does not guard with the nonce. It
 * writes, so a browser session must send the nonce here too, or any page could make a signed-in visitor's
 * browser copy lists with a plain link.
 */
async function requireNonceForSession(request: FastifyRequest): Promise<void> {
  const actor = requireActor(request);
  if (actor.via !== "session") return;
  const sent = request.headers[NONCE_HEADER];
  const nonce = Array.isArray(sent) ? sent[0] : sent;
  if (!nonce || !actor.nonce || !secretsEqual(nonce, actor.nonce)) {
    throw new AppError("invalid_nonce", say("common.your_session_check_failed_please_reload"));
  }
}

/** Duplication of projects and task lists under `/api/pm-pro/v2/duplicate`. Core Pro: never switched off. */
export const duplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { duplication } = app.services;

  app.post(
    "/pm-pro/v2/duplicate/project/:project",
    {
      schema: {
        tags,
        summary: "Copy a project as \"<title> copy\" (made unique) with its members, settings, labels, lists, tasks, milestones, discussions and files; not comments, time logs or activities",
        params: duplicateProjectParams,
        response: { 200: duplicateProjectAnswer },
      },
    },
    async (request) => ({ data: await duplication.duplicateProject(requireActor(request), request.params.project), message: DUPLICATION_MESSAGES.project }),
  );

  app.get(
    "/pm-pro/v2/duplicate/list/:list",
    {
      preHandler: requireNonceForSession,
      schema: {
        tags,
        summary: "Copy a current task list right below it, with its tasks (\" copy\" added unless it is the Inbox); needs create_list and, from a browser, the nonce header",
        params: duplicateListParams,
        response: { 200: duplicateListAnswer },
      },
    },
    async (request) => ({ data: await duplication.duplicateList(requireActor(request), request.params.list), message: DUPLICATION_MESSAGES.list }),
  );
};
