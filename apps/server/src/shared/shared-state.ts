import { Redis } from "ioredis";
import { memoryFailureCounter, type FailureCounter } from "../modules/auth/login-throttle.js";

/**
 * Announces that something other processes cache has changed. Every process, this one too, runs the
 * handlers of a topic when any process publishes it.
 */
export interface ChangeNotices {
  publish(topic: string): Promise<void>;
  subscribe(topic: string, handler: () => void): void;
}

/**
 * Counters that go up each time something a process may cache changes (a user's sign-ins, say). A process
 * keeps the number it saw with what it cached and reads the counter again before using it: a change made
 * by any process is seen by every other on its very next read, which notices sent by message cannot promise.
 */
export interface RevisionCounters {
  /** The counter's value now; 0 before its first bump. */
  get(key: string): Promise<number>;
  /** Several counters' values, in the order of `keys`, in one round trip. */
  getMany(keys: readonly string[]): Promise<number[]>;
  /** Moves the counter on. */
  bump(key: string): Promise<void>;
  /** Moves several counters on in one round trip. */
  bumpMany(keys: readonly string[]): Promise<void>;
  /**
   * A number that moves on with every bump of any counter, when every bump goes through this object (one
   * process, counters in memory): while it stands still, no counter moved. Absent where other processes
   * bump the counters too.
   */
  localVersion?: () => number;
}

/**
 * What several API processes must share to behave as one: sign-in failure counts, cache invalidations and
 * the request rate limits. One process keeps them in memory; several share a Redis server (`REDIS_URL`).
 */
export interface SharedState {
  failureCounter: FailureCounter;
  notices: ChangeNotices;
  revisions: RevisionCounters;
  /** The Redis connection for @fastify/rate-limit's store; null keeps limits per process. */
  rateLimitRedis: Redis | null;
  close(): Promise<void>;
}

/** In-process state: right for one API process. */
export function memorySharedState(): SharedState {
  const handlers = new Map<string, Array<() => void>>();
  const revisions = new Map<string, number>();
  let version = 0;
  return {
    failureCounter: memoryFailureCounter(),
    revisions: {
      get: async (key) => revisions.get(key) ?? 0,
      getMany: async (keys) => keys.map((key) => revisions.get(key) ?? 0),
      bump: async (key) => {
        version += 1;
        revisions.set(key, (revisions.get(key) ?? 0) + 1);
      },
      bumpMany: async (keys) => {
        version += 1;
        for (const key of keys) revisions.set(key, (revisions.get(key) ?? 0) + 1);
      },
      localVersion: () => version,
    },
    notices: {
      async publish(topic) {
        for (const handler of handlers.get(topic) ?? []) handler();
      },
      subscribe(topic, handler) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      },
    },
    rateLimitRedis: null,
    close: async () => {},
  };
}

/**
 * State shared through Redis. `prefix` keeps several Plotline sites (or parallel tests) on one Redis apart.
 * Subscriptions need their own connection: a subscribed Redis connection cannot run other commands.
 */
export async function redisSharedState(url: string, prefix = "plotline:"): Promise<SharedState> {
  const commands = new Redis(url, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([commands.connect(), subscriber.connect()]);

  const handlers = new Map<string, Array<() => void>>();
  subscriber.on("message", (channel: string) => {
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler();
  });

  return {
    failureCounter: redisFailureCounter(commands),
    revisions: {
      get: async (key) => Number((await commands.get(`revision:${key}`)) ?? 0),
      getMany: async (keys) => {
        if (keys.length === 0) return [];
        const values = await commands.mget(keys.map((key) => `revision:${key}`));
        return values.map((value) => Number(value ?? 0));
      },
      bump: async (key) => {
        await commands.incr(`revision:${key}`);
      },
      bumpMany: async (keys) => {
        if (keys.length === 0) return;
        const pipeline = commands.pipeline();
        for (const key of keys) pipeline.incr(`revision:${key}`);
        const results = (await pipeline.exec()) ?? [];
        const failed = results.find(([error]) => error);
        if (failed?.[0]) throw failed[0];
      },
    },
    notices: {
      async publish(topic) {
        // PUBLISH ignores keyPrefix, so the channel carries it explicitly.
        await commands.publish(`${prefix}${topic}`, "changed");
      },
      subscribe(topic, handler) {
        if (!handlers.has(topic)) void subscriber.subscribe(`${prefix}${topic}`);
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      },
    },
    rateLimitRedis: commands,
    close: async () => {
      await Promise.all([commands.quit(), subscriber.quit()]);
    },
  };
}

/** Fixed-window failure counts in Redis: the first failure of a window starts its expiry. */
export function redisFailureCounter(redis: Redis): FailureCounter {
  return {
    async count(key) {
      return Number((await redis.get(`failures:${key}`)) ?? 0);
    },
    async record(key, windowMs) {
      const results = await redis.multi().set(`failures:${key}`, 0, "PX", windowMs, "NX").incr(`failures:${key}`).exec();
      const [, incremented] = results ?? [];
      if (!incremented || incremented[0]) throw incremented?.[0] ?? new Error("Redis did not count the failure");
      return Number(incremented[1]);
    },
    async clear(key) {
      await redis.del(`failures:${key}`);
    },
  };
}
