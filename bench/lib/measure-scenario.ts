import { receiveRequest, sendRequest } from "./http-client.js";
import { LoadFailure, runLoad, type LoadFigures } from "./load-run.js";
import { withPeakRss } from "./peak-rss.js";
import type { QueryCounter } from "./plotline-server.js";
import type { RunSettings } from "./report.js";
import type { BenchContext, Scenario, ScenarioLoad, ScenarioRequest } from "./scenario.js";

/** Where a scenario's requests go, and the query counter of that server when it has a database. */
export interface TargetServer {
  origin: string;
  queries: QueryCounter | null;
}

/** One scenario's load figures and the SQL statements a single request ran. */
export interface ScenarioMeasurement extends LoadFigures {
  sqlPerRequest: number | null;
  /** Latency of one request at a time (no queueing behind other connections), in ms. */
  soloP50Ms: number;
  soloP95Ms: number;
  /** The highest resident memory of this process (the servers live in it) during the measured run, in MiB. */
  rssPeakMiB: number;
}

/** Requests sent one after another to time a single request precisely. */
const SOLO_REQUESTS = 60;

/** The requests of a load in the order one connection sends them, from wherever the last one left off. */
function cycleOf(load: ScenarioLoad): () => ScenarioRequest {
  const cycle: readonly ScenarioRequest[] = Array.isArray(load) ? load : [load as ScenarioRequest];
  let next = 0;
  return () => {
    const request = cycle[next % cycle.length];
    next += 1;
    if (!request) throw new Error("A load needs at least one request");
    return request;
  };
}

/** Times requests sent one at a time: what one user waits, without the queue a load run builds. */
async function soloLatency(origin: string, nextRequest: () => ScenarioRequest): Promise<{ soloP50Ms: number; soloP95Ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < SOLO_REQUESTS; i += 1) {
    const request = nextRequest();
    const started = performance.now();
    const response = await receiveRequest(origin, request);
    times.push(performance.now() - started);
    if (response.status < 200 || response.status > 299) throw new LoadFailure(`${request.method} ${request.path}: answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { soloP50Ms: at(0.5), soloP95Ms: at(0.95) };
}

/** Seeds, warms up, counts one request's SQL, then runs the measured load. */
export async function measureScenario(
  scenario: Scenario,
  ctx: BenchContext,
  target: TargetServer,
  settings: RunSettings,
): Promise<ScenarioMeasurement> {
  const prepared = await scenario.prepare(ctx);
  const load = { origin: target.origin, request: prepared, connections: scenario.connections ?? settings.connections };
  const request = cycleOf(prepared)();
  try {
    await runLoad({ ...load, seconds: settings.warmupSeconds, warmUp: true });
    // The connections of a cycle run at once, so a load leaves the data in any state. One pass through the
    // whole cycle, alone, leaves it as the request before the next one in the cycle expects it (a reopen
    // before a completion), so the counted and the solo requests each do the full work.
    const nextRequest = cycleOf(prepared);
    const cycleLength = Array.isArray(prepared) ? prepared.length : 0;
    if (cycleLength > 0) await settleIfCounting(target.queries);
    for (let sent = 0; sent < cycleLength; sent += 1) await sendRequest(target.origin, nextRequest());
    // Counted after the warm-up, so the figure is the steady state (caches filled), not a cold start.
    const sqlPerRequest = target.queries ? await countQueries(target.origin, nextRequest(), target.queries) : null;
    const { result: figures, rssPeakMiB } = await withPeakRss(() => runLoad({ ...load, seconds: settings.seconds }));
    await settleIfCounting(target.queries);
    for (let sent = 0; sent < cycleLength; sent += 1) await sendRequest(target.origin, nextRequest());
    return { ...figures, sqlPerRequest, rssPeakMiB, ...(await soloLatency(target.origin, nextRequest)) };
  } catch (error) {
    if (error instanceof LoadFailure) throw new LoadFailure(`${error.message}\n${await describeOneResponse(target.origin, request)}`);
    throw error;
  }
}

/**
 * Waits until the server answered every request it received and ran no SQL for a moment: the last requests
 * of a load run are still being answered after its clients closed, and a heavy call (seconds each under
 * load) would otherwise eat the next run's time. Gives up after a minute.
 */
async function settle(queries: QueryCounter): Promise<void> {
  for (let rounds = 0; rounds < 600; rounds += 1) {
    const before = queries.count;
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (queries.count === before && queries.inFlight === 0) return;
  }
}

async function settleIfCounting(queries: QueryCounter | null): Promise<void> {
  if (queries) await settle(queries);
}

async function countQueries(origin: string, request: ScenarioRequest, queries: QueryCounter): Promise<number> {
  await settle(queries);
  queries.count = 0;
  const response = await sendRequest(origin, request);
  // Let hooks that run after the response was sent (onResponse) finish their queries too.
  await new Promise((resolve) => setImmediate(resolve));
  if (response.status < 200 || response.status > 299) {
    throw new LoadFailure(`${request.method} ${request.path}: the counted request answered ${response.status}`);
  }
  return queries.count;
}

/** A failed load run only has counts; one more request shows what the server actually said. */
async function describeOneResponse(origin: string, request: ScenarioRequest): Promise<string> {
  try {
    const response = await sendRequest(origin, request);
    return `one more request answered ${response.status}: ${response.text.slice(0, 500)}`;
  } catch (error) {
    return `one more request failed: ${String(error)}`;
  }
}
