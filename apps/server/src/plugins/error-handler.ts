import type { ErrorBody } from "@plotline/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldMessages } from "../lib/app-error.js";

/** Builds the documents' error body. */
export function errorBody(code: string, status: number, messages: string[], params?: FieldMessages): ErrorBody {
  const first = messages[0] ?? "Something went wrong";
  return { code, message: first, messages: messages.length > 0 ? messages : [first], data: params ? { status, params } : { status } };
}

/**
 * Adds, beside the English texts, the catalogue keys and parameters an AppError was thrown with, so the web
 * can translate them: `message_key` and `message_params` for `message`, `data.params_keys` for `data.params`.
 * Only added when there is a key, so the body of an error without one is as it always was.
 */
function withMessageKeys(body: ErrorBody, error: AppError): ErrorBody {
  const keyed = { ...body };
  if (error.messageRef) {
    keyed.message_key = error.messageRef.key;
    keyed.message_params = error.messageRef.params;
  }
  if (error.paramRefs && Object.values(error.paramRefs).some((refs) => refs.some((ref) => ref !== null))) {
    keyed.data = { ...body.data, params_keys: error.paramRefs };
  }
  return keyed;
}

function validationParams(error: { validation: Array<{ instancePath: string; message?: string }>; validationContext?: string }): FieldMessages {
  const params: FieldMessages = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "body";
    (params[field] ??= []).push(issue.message ?? `${field} is not valid`);
  }
  return params;
}

/**
 * The one place errors become HTTP answers: AppError codes map to statuses through contracts, schema
 * failures to 400 with every field's messages, and anything unexpected to a 500 without internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const messages = error.params ? Object.values(error.params).flat() : [error.message];
      if (!messages.includes(error.message)) messages.unshift(error.message);
      return reply.status(error.status).send({ ...withMessageKeys(errorBody(error.code, error.status, messages, error.params), error), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const params = validationParams(error);
      return reply.status(400).send(errorBody("rest_invalid_param", 400, Object.values(params).flat(), params));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send(errorBody("payload_too_large", 413, ["The request is too large"]));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody("too_many_requests", 429, ["Too many requests. Please wait a minute and try again."]));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): safe to describe.
      return reply.status(status).send(errorBody("bad_request", status, [error.message]));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody("internal_error", 500, ["Something went wrong on the server. Please try again."]));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("not_found", 404, [`No route for ${request.method} ${request.url.split("?")[0]}`]));
  });
});
