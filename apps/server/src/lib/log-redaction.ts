import type { FastifyRequest } from "fastify";

/** Query parameters that carry a secret (the code-hosting integration's incoming address holds its token). */
const SECRET_QUERY_PARAMS = ["token"] as const;

const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join("|")})=)[^&#]*`, "gi");

/** A URL as the request log may show it: the values of secret query parameters masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, "$1[redacted]");
}

/**
 * The request as each log line shows it (Fastify's own fields), with secrets in the query masked: whoever
 * reads the logs must not be able to post events to a project with the token they saw there.
 */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
