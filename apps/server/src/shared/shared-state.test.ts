import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpFirstUser, TEST_PASSWORD, uniqueEmail, type Session, type TestApp } from "../../test/helpers.js";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../test/redis.js";
import { buildApp } from "../app.js";
import { redisSharedState, type SharedState } from "./shared-state.js";

const REDIS_URL = TEST_REDIS_URL;
const runsRedis = await shouldRunRedisTests("the tests of several API processes sharing Redis");

// Two API processes of one site: two apps on one database, each with its own Redis connections.
describe.runIf(runsRedis)("several API processes sharing Redis", () => {
  const prefix = `plotline-test-${randomBytes(4).toString("hex")}:`;
  let first: TestApp;
  let second: FastifyInstance;
  let firstShared: SharedState;
  let secondShared: SharedState;
  let admin: Session & { email: string };

  beforeAll(async () => {
    firstShared = await redisSharedState(REDIS_URL, prefix);
    secondShared = await redisSharedState(REDIS_URL, prefix);
    // Sign-in delays of a few milliseconds, so that the throttling tests do not wait seconds.
    first = await createTestApp({ shared: firstShared, config: { signInDelayMs: 1 } });
    second = await buildApp({ config: first.app.ctx.config, database: first.database, shared: secondShared });
    await second.ready();
    const adminEmail = uniqueEmail("admin");
    admin = { ...(await setUpFirstUser(first.app, { email: adminEmail })), email: adminEmail };
  });

  afterAll(async () => {
    await second.close();
    const cleaner = new Redis(REDIS_URL);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    await first.close();
    await Promise.all([firstShared.close(), secondShared.close()]);
  });

  const attempt = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("counts failed sign-ins of one e-mail from one address across processes", async () => {
    const email = uniqueEmail("target");
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await attempt(n % 2 === 0 ? first.app : second, email, "wrong-password", "10.1.0.1")).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await attempt(second, email, "wrong-password", "10.1.0.1")).statusCode).toBe(429);
    expect((await attempt(first.app, email, "wrong-password", "10.1.0.1")).statusCode).toBe(429);
  });

  it("lets the owner in from a clean address on either process while the account is attacked", async () => {
    for (let n = 1; n <= 12; n += 1) await attempt(n % 2 === 0 ? first.app : second, admin.email, "wrong-password", `10.1.1.${n}`);
    expect((await attempt(second, admin.email, TEST_PASSWORD, "10.1.2.1")).statusCode).toBe(200);
    expect((await attempt(first.app, admin.email, TEST_PASSWORD, "10.1.2.2")).statusCode).toBe(200);
  });

  it("tells the other process at once when a module is switched off", async () => {
    const activeOn = async (app: FastifyInstance) => {
      const response = await app.inject({ method: "GET", url: "/api/auth/me", cookies: { [SESSION_COOKIE]: admin.cookie } });
      return (response.json() as { data: { active_modules: string[] } }).data.active_modules;
    };
    expect(await activeOn(second)).toContain("files");

    await first.app.services.moduleStates.setActive("files", false);

    // The notice travels through Redis; well under the 5 s cache expiry.
    const deadline = Date.now() + 1_000;
    let seen = await activeOn(second);
    while (seen.includes("files") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await activeOn(second);
    }
    expect(seen).not.toContain("files");
    await first.app.services.moduleStates.setActive("files", true);
  });
});
