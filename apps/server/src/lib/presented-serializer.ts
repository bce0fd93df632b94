import { isDeepStrictEqual } from "node:util";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodError, $ZodType, safeEncode } from "zod/v4/core";
import { serializePresented, stringifyPresented } from "./json-fragment.js";

/** Where two JSON values first differ, as a path, or null when they are equal. */
function firstDifference(sent: unknown, contract: unknown, path: readonly string[]): { path: string[]; message: string } | null {
  if (isDeepStrictEqual(sent, contract)) return null;
  if (sent && contract && typeof sent === "object" && typeof contract === "object") {
    for (const key of new Set([...Object.keys(sent), ...Object.keys(contract)])) {
      const here = [...path, key];
      if (!(key in contract)) return { path: here, message: "This key is not in the contract." };
      if (!(key in sent)) return { path: here, message: "This key of the contract is missing." };
      const deeper = firstDifference((sent as Record<string, unknown>)[key], (contract as Record<string, unknown>)[key], here);
      if (deeper) return deeper;
    }
  }
  return { path: [...path], message: "This value reads differently once parsed with the contract." };
}

/**
 * The schema's complaint about a body, or null when it passes and a client would read the same JSON whether
 * the body is sent as it is or as the schema parses it. The parse drops keys outside the contract, so any
 * extra key is a complaint here.
 */
export function presentedMismatch(schema: $ZodType, data: unknown): $ZodError | null {
  const parsed = safeEncode(schema, data);
  if (parsed.error) return parsed.error;
  const difference = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(JSON.stringify(parsed.data)), []);
  return difference ? new $ZodError([{ code: "custom", input: undefined, ...difference }]) : null;
}

/**
 * The app's serialiser (app.ts): presenters build exact contract objects (literals typed with the contract,
 * never spread rows), so it sends `JSON.stringify` of the presented value, skipping the zod pass that
 * rebuilds and re-checks every nested object, which is most of an answer's serialising cost.
 *
 * With `check` (config `checkResponses`: the test suites and journeys set it) each response is also parsed
 * with its schema, and a body that fails the schema or would read differently once parsed (a key outside
 * the contract, a Date instead of a date object) is a 500 naming the first difference, as the default
 * serialiser's is. An answer holding JsonFragments (text a cache kept) is checked as the client reads it:
 * parsed from the text sent.
 */
export function presentedSerializerCompiler(check: boolean) {
  return (route: { schema: unknown; method: string; url: string }): ((data: unknown) => string) => {
    if (!check) return stringifyPresented;
    return checkedSerializer(route);
  };
}

function checkedSerializer(route: { schema: unknown; method: string; url: string }): (data: unknown) => string {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: the response schema must be a zod schema`);
  return (data) => {
    // What production sends, so that the tests read the very same body.
    const { text, fragments } = serializePresented(data);
    const mismatch = presentedMismatch(schema, fragments > 0 ? JSON.parse(text) : data);
    if (mismatch) throw new ResponseSerializationError(method, url, { cause: mismatch });
    return text;
  };
}
