import type { FastifyRequest } from "fastify";
import qs from "qs";
import { BRACKET_PARSE_OPTIONS } from "../../plugins/form-body.js";

/**
 * A `preValidation` hook of the task listings: reads `cf[<id>]` again from the raw query string with field
 * ids kept as keys. The shared bracket parser reads small numeric keys as array positions and packs them
 * (`cf[19]=5` becomes `cf: ["5"]`), losing the field id; with `arrayLimit: 0` they stay keys, while
 * `cf[19][]=1&cf[19][]=2` is still a list.
 */
export async function readCustomFieldQuery(request: FastifyRequest): Promise<void> {
  const at = request.url.indexOf("?");
  if (at === -1 || !request.url.includes("cf", at)) return;
  const parsed = qs.parse(request.url.slice(at + 1), { ...BRACKET_PARSE_OPTIONS, arrayLimit: 0 });
  if (parsed.cf === undefined) return;
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === "object") query.cf = parsed.cf;
}
