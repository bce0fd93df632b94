import type { DatabaseHandle } from "../../apps/server/src/db/kysely.js";
/** HTTP methods a scenario may send. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Which in-process server a scenario loads. */
export type Target = "baseline" | "plotline";

/** One request, repeated for the whole load run. */
export interface ScenarioRequest {
  method: HttpMethod;
  /** Path and query string, relative to the target's origin. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON, with its content type. */
  body?: unknown;
}

/**
 * What a load run sends: one request repeated, or a cycle of requests each connection sends in turn (a
 * write that undoes the one before it, so that every request does the same work again).
 */
export type ScenarioLoad = ScenarioRequest | readonly ScenarioRequest[];

/** A JSON call to Plotline for seeding; throws on a non-2xx answer. */
export type ApiCall = (method: HttpMethod, path: string, body?: unknown) => Promise<unknown>;

/** What scenarios get: the running Plotline, signed in as the site manager. */
export interface BenchContext {
  plotline: {
    /** The server's database, for bulk seeds. */
    database: DatabaseHandle;
    origin: string;
    /** The site manager's personal access token. */
    token: string;
    /** `Authorization: Bearer <token>`, to spread into a request's headers. */
    authHeaders: Record<string, string>;
    /** Authenticated JSON call, for seeds that build data through the real API. */
    api: ApiCall;
  };
}

/**
 * A scenario as written in `scenarios/`: either a plain request, or a seed whose result (ids of the rows
 * it made) is handed to request.
 */
export type ScenarioSpec<TSeed> =
  | {
      name: string;
      target: Target;
      /** Connections of the load when not the run's (one: what a single person does with their own state). */
      connections?: number;
      seed?: undefined;
      request: (ctx: BenchContext) => ScenarioLoad;
    }
  | {
      name: string;
      target: Target;
      /** Connections of the load when not the run's (one: what a single person does with their own state). */
      connections?: number;
      /** Runs once, before the warm-up, outside any measurement. */
      seed: (ctx: BenchContext) => Promise<TSeed>;
      request: (ctx: BenchContext, seeded: TSeed) => ScenarioLoad;
    };

/** A scenario ready to run: the runner only needs the request it ends up sending. */
export interface Scenario {
  name: string;
  target: Target;
  /** Connections of the load, when the scenario fixes them. */
  connections?: number;
  /** Seeds (when the scenario has a seed) and returns the request (or cycle of requests) to load. */
  prepare: (ctx: BenchContext) => Promise<ScenarioLoad>;
}

/**
 * Turns a scenario spec into a Scenario. The seed's type stays private to its file, so the runner can
 * hold scenarios with different seeds in one list without casts.
 */
export function defineScenario<TSeed = undefined>(spec: ScenarioSpec<TSeed>): Scenario {
  const { name, target, connections } = spec;
  if (spec.seed === undefined) {
    const { request } = spec;
    return { name, target, connections, prepare: async (ctx) => request(ctx) };
  }
  const { seed, request } = spec;
  return { name, target, connections, prepare: async (ctx) => request(ctx, await seed(ctx)) };
}
