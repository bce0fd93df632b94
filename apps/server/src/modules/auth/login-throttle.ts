import { setTimeout as sleep } from "node:timers/promises";
import { MAX_FAILED_LOGINS_PER_ADDRESS_PER_MINUTE, MAX_FAILED_LOGINS_PER_MINUTE } from "@plotline/contracts";

/** Counts failures per key inside a fixed window that starts at the key's first failure. */
export interface FailureCounter {
  /** Failures recorded for the key in its current window. */
  count(key: string): Promise<number>;
  /** Records one failure and returns the new count; a key without a live window opens one of `windowMs`. */
  record(key: string, windowMs: number): Promise<number>;
  /** Forgets the key, after a success. */
  clear(key: string): Promise<void>;
}

/** In-process counter: right for one API process. Several processes share a Redis-backed one. */
export function memoryFailureCounter(now: () => number = Date.now): FailureCounter {
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
    async record(key, windowMs) {
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

/** Settings of the sign-in throttle. */
export interface LoginThrottleOptions {
  /** First wait, in milliseconds, once an e-mail has had a few failures; it doubles per failure, up to 20 times. */
  baseDelayMs: number;
}

const MINUTE = 60_000;
/** How long failures of one e-mail (from anywhere) keep slowing its sign-ins down. */
const EMAIL_WINDOW_MS = 15 * MINUTE;
/** Failures of one e-mail that cost nothing: a person mistyping twice should not wait. */
const FREE_EMAIL_FAILURES = 2;
const MAX_DELAY_FACTOR = 20;

/** What the throttle says about an attempt before the password is checked. */
export interface ThrottleVerdict {
  /** Refuse with 429 without checking the password. */
  blocked: boolean;
  /** Wait this long before checking the password. */
  delayMs: number;
}

/**
 * Sign-in throttling, in three counts:
 * - one e-mail from one address: after 10 failures in a minute that pair is refused (429);
 * - one address, whatever the e-mail: refused after 100 failures in a minute, a cap high enough for an
 *   office behind one NAT and low enough to stop a password spray from one machine;
 * - one e-mail, whatever the address: never refused (that would let anyone lock a known account out), but
 *   each further failure makes attempts from addresses that have failed recently wait twice as long.
 *   An address with no recent failure is not slowed down, so the owner still gets in at once while their
 *   account is under attack from elsewhere. The wait comes before the password is checked, so a client
 *   cannot learn the answer by giving up early.
 */
export function loginThrottle(counter: FailureCounter, options: LoginThrottleOptions) {
  const pairKey = (email: string, ip: string) => `login:pair:${ip} ${email}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  const emailKey = (email: string) => `login:email:${email}`;
  const delayFor = (emailFailures: number) =>
    emailFailures <= FREE_EMAIL_FAILURES ? 0 : options.baseDelayMs * Math.min(2 ** (emailFailures - FREE_EMAIL_FAILURES - 1), MAX_DELAY_FACTOR);

  return {
    async check(email: string, ip: string): Promise<ThrottleVerdict> {
      const [pair, address, emailFailures] = await Promise.all([counter.count(pairKey(email, ip)), counter.count(ipKey(ip)), counter.count(emailKey(email))]);
      const blocked = pair >= MAX_FAILED_LOGINS_PER_MINUTE || address >= MAX_FAILED_LOGINS_PER_ADDRESS_PER_MINUTE;
      return { blocked, delayMs: address === 0 ? 0 : delayFor(emailFailures) };
    },
    async wait(delayMs: number): Promise<void> {
      if (delayMs > 0) await sleep(delayMs);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([
        counter.record(pairKey(email, ip), MINUTE),
        counter.record(ipKey(ip), MINUTE),
        counter.record(emailKey(email), EMAIL_WINDOW_MS),
      ]);
    },
    /**
     * The address knew the password: its failures for this e-mail were typos. The e-mail's own count stays,
     * so an attack from elsewhere keeps being slowed down.
     */
    async recordSuccess(email: string, ip: string): Promise<void> {
      await counter.clear(pairKey(email, ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
