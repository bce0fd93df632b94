import type { RunSettings } from "./report.js";

/** Seconds of unmeasured load before each measured run: JIT, caches and the token's hourly write settle. */
const WARMUP_SECONDS = 1;

/**
 * Reads BENCH_SECONDS and BENCH_CONNECTIONS (both small by default for a 2-core machine) and the growth
 * measure's BENCH_GROWTH_RUNS, BENCH_GROWTH_SECONDS and BENCH_GROWTH_CONNECTIONS.
 */
export function readSettings(env: NodeJS.ProcessEnv): RunSettings {
  return {
    seconds: readPositiveInt(env, "BENCH_SECONDS", 5),
    warmupSeconds: WARMUP_SECONDS,
    connections: readPositiveInt(env, "BENCH_CONNECTIONS", 10),
    growthMinutes: readPositiveInt(env, "BENCH_GROWTH_RUNS", 3),
    growthSeconds: readPositiveInt(env, "BENCH_GROWTH_SECONDS", 60),
    growthConnections: readPositiveInt(env, "BENCH_GROWTH_CONNECTIONS", 50),
  };
}

function readPositiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}
