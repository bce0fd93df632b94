import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import qs from "qs";
import { AppError, say } from "../lib/app-error.js";

/** Options for PHP-style bracket names (`assignees[]=2`, `settings[0][key]=x`), as the documents' clients send. */
export const BRACKET_PARSE_OPTIONS: qs.IParseOptions = { depth: 6, arrayLimit: 1000, parameterLimit: 2000 };

/** Parses a query string with bracket names. */
export function parseBracketQuery(text: string): Record<string, unknown> {
  return qs.parse(text, BRACKET_PARSE_OPTIONS);
}

/** Accepts `application/x-www-form-urlencoded` bodies, parsed the same way as query strings. */
export const formBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, parseBracketQuery(String(body)));
  });
});

/**
 * The 400 for a multipart body that cannot be read: no boundary in its content type, a truncated part or
 * a malformed part header. The parser's own errors carry no status, so without this they were 500s.
 */
export function unreadableMultipart(): AppError {
  return new AppError("bad_request", say("form_body.multipart_form_body_could_not_read"));
}
