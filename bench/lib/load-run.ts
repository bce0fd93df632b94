import autocannon from "autocannon";
import type { ScenarioRequest } from "./scenario.js";

/** How hard and how long to load one target. */
export interface LoadOptions {
  origin: string;
  /** The request repeated, or a cycle of requests each connection sends in turn. */
  request: ScenarioRequest | readonly ScenarioRequest[];
  connections: number;
  seconds: number;
  /**
   * A warm-up may end before a heavy call's first answer (10 connections of a 1 s call): only a measured
   * run must have answers. Either way, any answer that is not 2xx fails it.
   */
  warmUp?: boolean;
}

/** The figures kept from one load run. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
}

/** A load run in which some request failed; the benchmark only reports runs where all succeeded. */
export class LoadFailure extends Error {
  override readonly name = "LoadFailure";
}

/**
 * Loads one target with autocannon and throws LoadFailure when any response was not 2xx or any request
 * errored or timed out: a fast stream of 401s would otherwise read as a great result.
 */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const cycle = Array.isArray(options.request) ? options.request : [options.request as ScenarioRequest];
  const requests = cycle.map((request) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers["content-type"] ??= "application/json";
    return { method: request.method, path: request.path, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) };
  });
  const [first] = requests;
  if (!first) throw new Error("A load run needs at least one request");
  const result = await autocannon({
    url: new URL(first.path, options.origin).toString(),
    method: first.method,
    headers: first.headers,
    body: first.body,
    ...(requests.length > 1 && { requests }),
    connections: options.connections,
    duration: options.seconds,
    // One worker thread sends the load, so the generator does not share the event loop of the servers
    // it measures (they run on this process's main thread).
    workers: 1,
  });

  const failed = result.non2xx + result.errors + result.timeouts + result.mismatches;
  if (failed > 0 || (result["2xx"] === 0 && !options.warmUp)) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stats]) => `${code}: ${stats.count ?? 0}`)
      .join(", ");
    throw new LoadFailure(
      `${first.method} ${first.path}${requests.length > 1 ? ` (and ${requests.length - 1} more)` : ""}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.mismatches} mismatches out of ${result.requests.sent} sent (status codes: ${codes || "none"})`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    totalRequests: result["2xx"],
  };
}
