import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUserAndSignIn, setUpFirstUser, signIn, TEST_PASSWORD, type Session, type TestApp } from "../../../test/helpers.js";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../../test/redis.js";
import { buildApp } from "../../app.js";
import { memorySharedState, redisSharedState, type SharedState } from "../../shared/shared-state.js";

const runsRedis = await shouldRunRedisTests("the sign-in cache across processes sharing Redis");

/** GET /api/auth/me on `app` with a session cookie: the status and whether the user is a site manager. */
async function me(app: FastifyInstance, cookie: string): Promise<{ status: number; manager?: boolean }> {
  const response = await app.inject({ method: "GET", url: "/api/auth/me", cookies: { [SESSION_COOKIE]: cookie } });
  const body = response.json() as { data?: { user?: { manage_pm: boolean } } };
  return { status: response.statusCode, manager: body.data?.user?.manage_pm };
}

/**
 * Two API processes of one site (two apps on one database) that share their state through `makeShared`:
 * whatever one process changes about who is signed in, the other sees on its very next request, though
 * each keeps resolved sessions and tokens in memory.
 */
function signInsAcrossProcesses(makeShared: () => Promise<{ first: SharedState; second: SharedState; cleanUp: () => Promise<void> }>) {
  let first: TestApp;
  let second: FastifyInstance;
  let shared: Awaited<ReturnType<typeof makeShared>>;
  let admin: Session;

  beforeAll(async () => {
    shared = await makeShared();
    first = await createTestApp({ shared: shared.first });
    second = await buildApp({ config: first.app.ctx.config, database: first.database, shared: shared.second });
    await second.ready();
    admin = await setUpFirstUser(first.app);
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await shared.cleanUp();
  });

  it("reads a known session without a database statement", async () => {
    expect((await me(second, admin.cookie)).status).toBe(200);
    first.queries.length = 0;
    expect((await me(second, admin.cookie)).status).toBe(200);
    expect(first.queries.filter((statement) => /\bsessions\b/.test(statement))).toEqual([]);
  });

  it("refuses a signed-out session on the very next request on the other process", async () => {
    const user = await createUserAndSignIn(first.app, admin, { display_name: "Leaving Lena" });
    expect((await me(second, user.cookie)).status).toBe(200);
    expect((await user.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(200);
    expect((await me(second, user.cookie)).status).toBe(401);
  });

  it("refuses a deleted token on the very next request on the other process", async () => {
    const created = await admin.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "script" } });
    const { id, token } = (created.json() as { data: { id: number; token: string } }).data;
    const bearer = () => second.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect((await bearer()).statusCode).toBe(200);
    expect((await admin.inject({ method: "POST", url: `/api/auth/tokens/${id}/delete` })).statusCode).toBe(200);
    expect((await bearer()).statusCode).toBe(401);
  });

  it("refuses the other sessions of a user whose password changed, at once", async () => {
    const user = await createUserAndSignIn(first.app, admin, { display_name: "Reset Rui" });
    expect((await me(second, user.cookie)).status).toBe(200);
    const changed = await admin.inject({ method: "POST", url: `/api/pm/v2/users/${user.userId}/update`, payload: { password: "a new horse battery staple" } });
    expect(changed.statusCode).toBe(200);
    expect((await me(second, user.cookie)).status).toBe(401);
  });

  it("shows a user's new role on the other process at once", async () => {
    const user = await createUserAndSignIn(first.app, admin, { display_name: "Promoted Pia" });
    expect(await me(second, user.cookie)).toEqual({ status: 200, manager: false });
    const promoted = await admin.inject({ method: "POST", url: `/api/pm/v2/users/${user.userId}/update`, payload: { manage_pm: true } });
    expect(promoted.statusCode).toBe(200);
    expect(await me(second, user.cookie)).toEqual({ status: 200, manager: true });
    // Signing in again still works, and the new session is read as any other.
    const again = await signIn(second, user.email, TEST_PASSWORD);
    expect((await me(first.app, again.cookie)).status).toBe(200);
  });
}

describe("the sign-in cache, two processes sharing state in memory", () => {
  signInsAcrossProcesses(async () => {
    const state = memorySharedState();
    return { first: state, second: state, cleanUp: async () => {} };
  });
});

describe.runIf(runsRedis)("the sign-in cache, two processes sharing Redis", () => {
  signInsAcrossProcesses(async () => {
    const prefix = `plotline-test-${randomBytes(4).toString("hex")}:`;
    const [first, second] = await Promise.all([redisSharedState(TEST_REDIS_URL, prefix), redisSharedState(TEST_REDIS_URL, prefix)]);
    return {
      first,
      second,
      cleanUp: async () => {
        const cleaner = new Redis(TEST_REDIS_URL);
        const keys = await cleaner.keys(`${prefix}*`);
        if (keys.length > 0) await cleaner.del(...keys);
        await cleaner.quit();
        await Promise.all([first.close(), second.close()]);
      },
    };
  });
});
