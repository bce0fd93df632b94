import fc from "fast-check";
import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpFirstUser, type Session, type TestApp } from "../../test/helpers.js";

/**
 * Property test over the whole API: every route of `/api/docs/json` gets random path params, query strings
 * and bodies (huge and negative numbers, NUL and control characters, wrong types, arrays for scalars, deep
 * objects, empty and malformed bodies), as the site manager and anonymously, and must never answer 5xx.
 * The seed and the count are fixed so that a run is reproducible and stays within about half a minute.
 */
const SEED = 20_240_531;
const RUNS_PER_ROUTE = 60;
/** Sign-in slows down repeated failures on purpose (and hashes each password), so it gets fewer runs. */
const RUNS_PER_SIGN_IN_ROUTE = 8;

/** The parts of an OpenAPI schema the generator reads. */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: Array<{ in: "path" | "query" | "header" | "cookie"; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: "GET" | "POST";
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | null;
}

/** Ids that exist once the data below is seeded: small numbers on a fresh database. */
const validIds = fc.constantFrom(1, 2, 3, 4, "1", "2");

/** The values behind every 500 the review found: beyond 32 bits, NUL, numbers written as hex or with spaces. */
const knownBreakers = fc.constantFrom<unknown>(
  2 ** 31, "2147483648", 2 ** 53, -(2 ** 31) - 1, "99999999999999999999", "a\u0000b", "\u0000", "0x1", " 1", "1e0", "", null, [], {},
);

/** Values that broke, or could break, a parser, a cast or a query. */
const hostileScalar = fc.oneof(
  knownBreakers,
  fc.constantFrom<unknown>(
    2 ** 31 - 1, 2 ** 32, 2 ** 63, -1, 0, 1e308, 1.5, -0.5, Number.MAX_SAFE_INTEGER, "-1", "1 ", "+1", "01", "1.0", " ", "NaN",
    "Infinity", "\u0001\u001f\u007f", "\n", "\r\n\t", "'", "\"", "*", "(", ")", "NEAR", "-", "a OR b", "\"x", "x*", "^", "a:b",
    "'; drop table tasks; --", "2024-02-30", "9999-12-31", "0000-01-01", "2024-01-01T25:00:00", "\ud800", "💥", true, false,
  ),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Any JSON value, nested a few levels: objects where scalars belong, arrays of arrays, and so on. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileScalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "id", "0", "title", "__proto__", "constructor"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** A value that fits the schema, so that the other fields of a request pass and deeper code is reached. */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant("x");
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((branch) => plausible(branch, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return validIds;
    case "boolean":
      return fc.boolean();
    case "string":
      if (schema.format === "date") return fc.constantFrom("2024-05-01", "2024-06-30");
      if (schema.format === "email") return fc.constantFrom("someone@example.test");
      return fc.constantFrom("Title", "x", "1", "Plain words");
    case "array":
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 2 });
    case "object":
      return plausibleObject(schema, depth + 1);
    default:
      return fc.constantFrom("x", 1);
  }
}

/** An object of the schema's fields, each present or not, with values that fit. */
function plausibleObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  return fc.record(Object.fromEntries(fields.map(([name, field]) => [name, plausible(field, depth)])), { requiredKeys: [] });
}

/** Percent-encodes the UTF-8 bytes of any text; encodeURIComponent throws on a lone surrogate. */
function encodeSegment(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, "0")}`)).join("");
}

const boundary = "----fuzzboundary";
/** Bodies sent as they are: malformed multipart (no boundary, a truncated part, a part without headers), nothing, broken JSON. */
const fixedBodies: Array<{ headers: Record<string, string>; payload: string }> = [
  { headers: { "content-type": "multipart/form-data" }, payload: "--x\r\n\r\n" },
  {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\ncontent-disposition: form-data; name="files[]"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhalf a fi`,
  },
  { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: `--${boundary}\r\nno headers at all` },
  { headers: {}, payload: "" },
  { headers: { "content-type": "application/json" }, payload: "{" },
];

/** The parts of one request before it is encoded. */
interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** How the body is sent: JSON, a form, or one of the fixed bodies (malformed multipart, empty, broken JSON). */
  encoding: "json" | "form" | { headers: Record<string, string>; payload: string };
  anonymous: boolean;
}

/**
 * Requests for one route. Most are valid but for one field (a path param, a query param or a body field)
 * that gets a hostile value, so that the rest passes validation and the hostile value reaches the
 * services and the SQL; the others are hostile throughout.
 */
function requestFor(route: Route): fc.Arbitrary<RequestParts> {
  const validPath = fc.record(Object.fromEntries(route.pathParams.map((name) => [name, validIds])));
  const anyPath = fc.record(Object.fromEntries(route.pathParams.map((name) => [name, fc.oneof(validIds, hostileScalar)])));
  const validQuery = fc.record(Object.fromEntries(route.query.map(({ name, schema }) => [name, plausible(schema)])), { requiredKeys: [] });
  const anyQuery = fc.record(Object.fromEntries(route.query.map(({ name, schema }) => [name, fc.oneof(plausible(schema), hostileValue)])), { requiredKeys: [] });
  const validBody: fc.Arbitrary<unknown> = route.body ? plausibleObject(route.body) : fc.constant({});
  const targets = [
    ...route.pathParams.map((name) => ({ in: "path" as const, name })),
    ...route.query.map(({ name }) => ({ in: "query" as const, name })),
    ...Object.keys(route.body?.properties ?? {}).map((name) => ({ in: "body" as const, name })),
    { in: "body" as const, name: "unknown_field" },
  ];
  const oneBadField = fc
    .record({ path: validPath, query: validQuery, body: validBody, target: fc.constantFrom(...targets), value: hostileValue })
    .map(({ target, value, ...parts }) => {
      const body = parts.body !== null && typeof parts.body === "object" ? parts.body : {};
      if (target.in === "body") return { ...parts, body: { ...body, [target.name]: value } };
      return { ...parts, [target.in]: { ...parts[target.in], [target.name]: value } };
    });
  const chaos = fc.record({ path: anyPath, query: anyQuery, body: fc.oneof(validBody, hostileValue) });
  const encoding = fc.oneof(
    { weight: 12, arbitrary: fc.constant("json" as const) },
    { weight: 4, arbitrary: fc.constant("form" as const) },
    { weight: 2, arbitrary: fc.constantFrom(...fixedBodies) },
  );
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: oneBadField }, { weight: 1, arbitrary: chaos }), encoding, fc.integer({ min: 0, max: 7 }))
    .map(([parts, encodingChoice, roll]) => ({ ...parts, encoding: encodingChoice, anonymous: roll === 0 }));
}

/** The request as app.inject takes it. */
function toInject(route: Route, request: RequestParts) {
  const path = route.pathParams.reduce((url, name) => {
    const value = request.path[name];
    return url.replace(`{${name}}`, encodeSegment(typeof value === "string" ? value : (JSON.stringify(value) ?? "")));
  }, route.path);
  const search = qs.stringify(request.query);
  const url = search ? `${path}?${search}` : path;
  if (route.method === "GET") return { method: route.method, url };
  if (request.encoding === "json") return { method: route.method, url, headers: { "content-type": "application/json" }, payload: JSON.stringify(request.body ?? null) };
  if (request.encoding === "form") return { method: route.method, url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: qs.stringify(request.body) };
  return { method: route.method, url, ...request.encoding };
}

/** Routes that end the session or wipe the seeded data go last, so that the others reach deep code. */
function destructiveness(route: Route): number {
  if (/logout|module-update|license\/delete/.test(route.path)) return 2;
  return /delete/.test(route.path) ? 1 : 0;
}

let t: TestApp;
let admin: Session;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await setUpFirstUser(t.app);
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await admin.inject({ method: "POST", url, payload });
    if (response.statusCode !== 200) throw new Error(`seeding ${url} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const project = await post("/api/pm/v2/projects", { title: "Fuzzed project" });
  const list = await post(`/api/pm/v2/projects/${project}/task-lists`, { title: "Fuzzed list" });
  const task = await post(`/api/pm/v2/projects/${project}/tasks`, { title: "Fuzzed task", board_id: list });
  await post(`/api/pm/v2/projects/${project}/tasks`, { title: "Sub-task", board_id: list, parent_id: task });
  await post(`/api/pm/v2/projects/${project}/milestones`, { title: "Fuzzed milestone" });
  await post(`/api/pm/v2/projects/${project}/discussion-boards`, { title: "Fuzzed discussion", description: "Words" });
  await post(`/api/pm/v2/projects/${project}/comments`, { content: "A comment", commentable_type: "task", commentable_id: task });
  await post(`/api/pm-pro/v2/projects/${project}/settings/labels`, { title: "Fuzzed label", color: "#ff0000" });
  await post(`/api/pm-pro/v2/projects/${project}/files`, { type: "folder", title: "Fuzzed folder" });
  await post("/api/pm/v2/pages", { post_title: "Fuzzed page", path: "/fuzzed" });

  const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(spec.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          method: method.toUpperCase() as Route["method"],
          path,
          pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
          query: parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema ?? {} })),
          body: Object.values(operation.requestBody?.content ?? {})[0]?.schema ?? null,
        };
      }),
    )
    .filter((route) => route.path.startsWith("/api/") && !route.path.startsWith("/api/docs"))
    .sort((a, b) => destructiveness(a) - destructiveness(b));
});
afterAll(() => t.close());

describe("every API route under random input", () => {
  it("never answers with a server error", { timeout: 120_000 }, async () => {
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      try {
        await fc.assert(
          fc.asyncProperty(requestFor(route), async (request) => {
            const options = toInject(route, request);
            const response = request.anonymous ? await t.app.inject(options) : await admin.inject(options);
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
          }),
          { seed: SEED, numRuns: /\/auth\/(login|setup)$/.test(route.path) ? RUNS_PER_SIGN_IN_ROUTE : RUNS_PER_ROUTE },
        );
      } catch (error) {
        failures.push(`${route.method} ${route.path}: ${error instanceof Error ? error.message.split("\n").slice(0, 6).join(" | ") : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
