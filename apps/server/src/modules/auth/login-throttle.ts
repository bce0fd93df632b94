import { MAX_FAILED_LOGINS_PER_MINUTE } from "@plotline/contracts";

/** Counts failures per key inside a fixed window. */
export interface FailureCounter {
  /** Failures recorded for the key in its current window. */
  count(key: string): Promise<number>;
  /** Records one failure and returns the new count. */
  record(key: string): Promise<number>;
  /** Forgets the key, after a success. */
  clear(key: string): Promise<void>;
}

/** In-process counter: right for one API process. Several processes share a Redis-backed one. */
export function memoryFailureCounter(windowMs = 60_000, now: () => number = Date.now): FailureCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async record(key) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 10_000) {
        for (const [k, value] of windows) if (value.resetAt <= now()) windows.delete(k);
      }
      return entry.count;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/**
 * Sign-in throttling: more than the allowed failures in a minute for one e-mail address or one client
 * address blocks further attempts for that e-mail or address until the minute is over.
 */
export function loginThrottle(counter: FailureCounter, limit = MAX_FAILED_LOGINS_PER_MINUTE) {
  const keys = (email: string, ip: string) => [`login:email:${email}`, `login:ip:${ip}`];
  return {
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const counts = await Promise.all(keys(email, ip).map((key) => counter.count(key)));
      return counts.some((count) => count >= limit);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all(keys(email, ip).map((key) => counter.record(key)));
    },
    async recordSuccess(email: string): Promise<void> {
      await counter.clear(`login:email:${email}`);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
