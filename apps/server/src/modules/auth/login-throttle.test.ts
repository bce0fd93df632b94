import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../../test/redis.js";
import { redisFailureCounter } from "../../shared/shared-state.js";
import { loginThrottle, memoryFailureCounter, type FailureCounter } from "./login-throttle.js";

const REDIS_URL = TEST_REDIS_URL;
const runsRedis = await shouldRunRedisTests("the Redis failure counter tests");
const prefix = `plotline-test-${randomBytes(4).toString("hex")}:`;
let redis: Redis;

beforeAll(async () => {
  if (!runsRedis) return;
  redis = new Redis(REDIS_URL, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
});

afterAll(async () => {
  if (!runsRedis) return;
  const cleaner = new Redis(REDIS_URL);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  await cleaner.quit();
  await redis.quit();
});

const stores: Array<[string, () => FailureCounter]> = [
  ["memory", () => memoryFailureCounter()],
  ...(runsRedis ? [["Redis", () => redisFailureCounter(redis)] satisfies [string, () => FailureCounter]] : []),
];

let keyCounter = 0;
const freshKey = () => `key-${(keyCounter += 1)}-${randomBytes(3).toString("hex")}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(stores)("the %s failure counter", (_name, makeCounter) => {
  it("counts failures per key and forgets a key when cleared", async () => {
    const counter = makeCounter();
    const [a, b] = [freshKey(), freshKey()];
    expect(await counter.count(a)).toBe(0);
    expect(await counter.record(a, 60_000)).toBe(1);
    expect(await counter.record(a, 60_000)).toBe(2);
    expect(await counter.record(b, 60_000)).toBe(1);
    expect(await counter.count(a)).toBe(2);
    await counter.clear(a);
    expect(await counter.count(a)).toBe(0);
    expect(await counter.count(b)).toBe(1);
  });

  it("starts a key's window at its first failure and forgets it when the window is over", async () => {
    const counter = makeCounter();
    const key = freshKey();
    await counter.record(key, 150);
    await wait(60);
    // A later failure does not push the window forward.
    expect(await counter.record(key, 150)).toBe(2);
    await wait(140);
    expect(await counter.count(key)).toBe(0);
    expect(await counter.record(key, 150)).toBe(1);
  });
});

describe.each(stores)("sign-in throttling on the %s store", (_name, makeCounter) => {
  const base = 100;
  const email = () => `${freshKey()}@example.test`;

  it("lets a clean address try at once whatever the e-mail has suffered", async () => {
    const throttle = loginThrottle(makeCounter(), { baseDelayMs: base });
    const target = email();
    for (let n = 1; n <= 30; n += 1) await throttle.recordFailure(target, `10.2.0.${n}`);
    expect(await throttle.check(target, "10.2.1.1")).toEqual({ blocked: false, delayMs: 0 });
  });

  it("makes an address with failures wait longer after each failure of the e-mail, up to 20 times the first delay", async () => {
    const throttle = loginThrottle(makeCounter(), { baseDelayMs: base });
    const target = email();
    const delays: number[] = [];
    for (let n = 1; n <= 9; n += 1) {
      await throttle.recordFailure(target, `10.3.0.${n}`);
      delays.push((await throttle.check(target, "10.3.0.1")).delayMs);
    }
    expect(delays).toEqual([0, 0, base, 2 * base, 4 * base, 8 * base, 16 * base, 20 * base, 20 * base]);
  });

  it("blocks an e-mail from one address after 10 failures, and only that pair", async () => {
    const throttle = loginThrottle(makeCounter(), { baseDelayMs: base });
    const target = email();
    for (let n = 0; n < 9; n += 1) await throttle.recordFailure(target, "10.4.0.1");
    expect((await throttle.check(target, "10.4.0.1")).blocked).toBe(false);
    await throttle.recordFailure(target, "10.4.0.1");
    expect((await throttle.check(target, "10.4.0.1")).blocked).toBe(true);
    expect((await throttle.check(target, "10.4.0.2")).blocked).toBe(false);
    expect((await throttle.check(email(), "10.4.0.1")).blocked).toBe(false);
  });

  it("blocks an address after 100 failures across e-mails", async () => {
    const throttle = loginThrottle(makeCounter(), { baseDelayMs: base });
    for (let n = 0; n < 99; n += 1) await throttle.recordFailure(email(), "10.5.0.1");
    expect((await throttle.check(email(), "10.5.0.1")).blocked).toBe(false);
    await throttle.recordFailure(email(), "10.5.0.1");
    expect((await throttle.check(email(), "10.5.0.1")).blocked).toBe(true);
  });

  it("forgets the pair's failures after a success from that address", async () => {
    const throttle = loginThrottle(makeCounter(), { baseDelayMs: base });
    const target = email();
    for (let n = 0; n < 9; n += 1) await throttle.recordFailure(target, "10.6.0.1");
    await throttle.recordSuccess(target, "10.6.0.1");
    for (let n = 0; n < 9; n += 1) await throttle.recordFailure(target, "10.6.0.1");
    expect((await throttle.check(target, "10.6.0.1")).blocked).toBe(false);
  });
});
