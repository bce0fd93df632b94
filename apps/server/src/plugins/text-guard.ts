import { TEXT_CONTROL_CHARACTERS } from "@plotline/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, type FieldMessages } from "../lib/app-error.js";

/** Adds `field: [message]` for every string under `value` that holds a control character. */
function collectControlCharacters(value: unknown, field: string, found: FieldMessages, depth = 0): void {
  if (typeof value === "string") {
    if (TEXT_CONTROL_CHARACTERS.test(value)) found[field || "body"] = [`${field || "The text"} must not contain control characters`];
    return;
  }
  // Bodies are parsed JSON or bracket forms of bounded depth; the limit only guards against a surprise.
  if (value === null || typeof value !== "object" || depth > 32) return;
  for (const [key, item] of Object.entries(value)) collectControlCharacters(item, field ? `${field}.${key}` : key, found, depth + 1);
}

/** The fields of a request's params, query and body that hold control characters, named as validation names them. */
export function controlCharacterFields(request: Pick<FastifyRequest, "params" | "query" | "body">): FieldMessages {
  const found: FieldMessages = {};
  for (const part of [request.params, request.query, request.body]) collectControlCharacters(part, "", found);
  return found;
}

/**
 * Refuses NUL and other control characters in any text of any request with a 400 naming the field. It runs
 * after validation, so that multipart fields (read in preValidation) are covered too, and every route is
 * guarded whether or not its schema's strings say so; single-line fields refuse line breaks in their schema.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and nearly always finds nothing.
  app.addHook("preHandler", (request, _reply, done) => {
    const found = controlCharacterFields(request);
    const [first] = Object.keys(found);
    done(first === undefined ? undefined : new AppError("rest_invalid_param", found[first]?.[0] ?? "", { params: found }));
  });
});
