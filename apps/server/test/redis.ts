import { Redis } from "ioredis";

/** The Redis the Redis-backed tests use: REDIS_URL, or the local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether a Redis answers PING at `url` within a second. */
async function answersPing(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // Without a listener ioredis prints every refused connection as an unhandled error event.
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the Redis tests of `what` should run. On a developer's machine without Redis they are skipped
 * with one printed line; in CI (`CI=true`) they always run, so a missing Redis fails them loudly.
 */
export async function shouldRunRedisTests(what: string, url: string = TEST_REDIS_URL): Promise<boolean> {
  if (process.env.CI === "true") return true;
  if (await answersPing(url)) return true;
  console.warn(`Redis is not reachable at ${url}: skipping ${what} (set CI=true to make this a failure).`);
  return false;
}
