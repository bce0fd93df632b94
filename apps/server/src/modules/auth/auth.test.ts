import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpFirstUser, signIn, TEST_PASSWORD, uniqueEmail, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let admin: Session;
let adminEmail: string;

beforeAll(async () => {
  // Sign-in delays of a few milliseconds, so that the throttling tests do not wait seconds.
  t = await createTestApp({ config: { signInDelayMs: 1 } });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok with the database engine", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: process.env.DATABASE_URL ? "postgres" : "sqlite" });
  });
});

describe("first-run set-up", () => {
  it("reports that set-up is needed on an empty database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/state" });
    expect(response.json()).toEqual({ data: { needs_setup: true } });
  });

  it("refuses a set-up with bad input and writes nothing", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/setup", payload: { display_name: " ", email: "not-an-email", password: "short" } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("rest_invalid_param");
    expect(Object.keys(body.data.params).sort()).toEqual(["display_name", "email", "password"]);
    expect(body.data.params.display_name).toEqual(["display_name is required"]);
    expect(body.messages).toHaveLength(3);
    const state = await t.app.inject({ method: "GET", url: "/api/auth/state" });
    expect(state.json().data.needs_setup).toBe(true);
  });

  it("refuses a common or guessable password on the password field, and writes nothing", async () => {
    for (const password of ["password123", "Password1!"]) {
      const response = await t.app.inject({ method: "POST", url: "/api/auth/setup", payload: { display_name: "Ana", email: uniqueEmail("weak"), password } });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params.password).toEqual([expect.stringMatching(/^This password is too easy to guess: \S/)]);
    }
    const state = await t.app.inject({ method: "GET", url: "/api/auth/state" });
    expect(state.json().data.needs_setup).toBe(true);
  });

  it("creates the first user as a site manager and signs them in", async () => {
    adminEmail = uniqueEmail("admin");
    admin = await setUpFirstUser(t.app, { email: adminEmail, display_name: "Ana Admin" });
    const me = await admin.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(200);
    const body = me.json().data;
    expect(body.user).toMatchObject({ display_name: "Ana Admin", email: adminEmail, manage_pm: true });
    expect(body.capabilities).toEqual({ manage_pm: true, create_project: true });
    expect(body.nonce).toBe(admin.nonce);
    expect(body.active_modules).toContain("files");
  });

  it("answers 409 once a user exists", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/setup",
      payload: { display_name: "Mallory", email: uniqueEmail("mallory"), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("already_set_up");
    const state = await t.app.inject({ method: "GET", url: "/api/auth/state" });
    expect(state.json().data.needs_setup).toBe(false);
  });
});

describe("POST /api/auth/login", () => {
  it("sets an httpOnly SameSite=Lax session cookie and returns the user and nonce", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: adminEmail.toUpperCase(), password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === "plotline_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    const body = response.json();
    expect(body.data.user.email).toBe(adminEmail);
    expect(body.data.user).not.toHaveProperty("password_hash");
    expect(body.data.nonce).toMatch(/^[\w-]{16,}$/);
  });

  it("gives one message for a wrong password and for an unknown e-mail", async () => {
    const wrongPassword = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: adminEmail, password: "nope-nope" } });
    const unknownEmail = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: uniqueEmail("ghost"), password: TEST_PASSWORD } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknownEmail.json().message);
    expect(wrongPassword.json()).toMatchObject({ code: "invalid_credentials", data: { status: 401 } });
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("throttles one e-mail from one address after 10 failures in a minute, even for the right password", async () => {
    const email = uniqueEmail("pair");
    await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Pat Pair", email, password: TEST_PASSWORD } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await login(email, "wrong-password", "198.51.100.20")).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const right = await login(email, TEST_PASSWORD, "198.51.100.20");
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe("too_many_requests");
  });

  it("lets the right password in from a clean address while the account is attacked from elsewhere", async () => {
    const statuses: number[] = [];
    // A spread attack: 15 addresses, one of them hammering until it is throttled.
    for (let n = 1; n <= 14; n += 1) statuses.push((await login(adminEmail, "wrong-password", `203.0.113.${n}`)).statusCode);
    for (let n = 0; n < 11; n += 1) statuses.push((await login(adminEmail, "wrong-password", "203.0.113.99")).statusCode);
    expect(statuses.slice(0, 24)).toEqual(Array(24).fill(401));
    expect(statuses[24]).toBe(429);
    const owner = await login(adminEmail, TEST_PASSWORD, "198.51.100.200");
    expect(owner.statusCode).toBe(200);
  });

  it("does not block an office behind one address because of one user's typos", async () => {
    const office = "192.0.2.10";
    const colleagues: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const email = uniqueEmail("colleague");
      await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: `Colleague ${n}`, email, password: TEST_PASSWORD } });
      colleagues.push(email);
    }
    const typist = uniqueEmail("typist");
    for (let n = 0; n < 12; n += 1) await login(typist, "wrong-password", office);
    // Other people's typos from the same office, one or two each.
    for (let n = 0; n < 20; n += 1) expect((await login(uniqueEmail("fumbler"), "wrong-password", office)).statusCode).toBe(401);
    for (const email of colleagues) expect((await login(email, TEST_PASSWORD, office)).statusCode).toBe(200);
    expect((await login(typist, "wrong-password", office)).statusCode).toBe(429);
  });

  it("blocks an address after 100 failures in a minute, across e-mails", async () => {
    const address = "192.0.2.77";
    const statuses: number[] = [];
    for (let n = 0; n < 100; n += 1) statuses.push((await login(uniqueEmail("spray"), "wrong-password", address)).statusCode);
    expect(statuses).toEqual(Array(100).fill(401));
    expect((await login(adminEmail, TEST_PASSWORD, address)).statusCode).toBe(429);
    expect((await login(adminEmail, TEST_PASSWORD, "192.0.2.78")).statusCode).toBe(200);
  });

  it("rejects a missing password with the field named", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: adminEmail } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ password: ["password is required"] });
  });
});

describe("nonce on cookie requests", () => {
  it("refuses a state-changing cookie request without the nonce", async () => {
    const session = await signIn(t.app, adminEmail);
    const response = await session.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "ci" }, nonce: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("invalid_nonce");
    const tokens = await session.inject({ method: "GET", url: "/api/auth/tokens" });
    expect(tokens.json().data).toEqual([]);
  });

  it("refuses another session's nonce", async () => {
    const first = await signIn(t.app, adminEmail);
    const second = await signIn(t.app, adminEmail);
    const response = await first.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "x" }, nonce: false, headers: { "x-pm-nonce": second.nonce } });
    expect(response.statusCode).toBe(403);
  });

  it("lets reads through without the nonce", async () => {
    const session = await signIn(t.app, adminEmail);
    const response = await session.inject({ method: "GET", url: "/api/auth/me", nonce: false });
    expect(response.statusCode).toBe(200);
  });
});

describe("personal access tokens", () => {
  it("creates a token shown once, works as a bearer without a nonce, lists it without the secret, and revokes it", async () => {
    const created = await admin.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "Deploy script" } });
    expect(created.statusCode).toBe(200);
    const { id, token, name } = created.json().data;
    expect(name).toBe("Deploy script");
    expect(token).toMatch(/^plt_/);

    const bearer = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer });
    expect(me.json().data.user.email).toBe(adminEmail);
    const write = await t.app.inject({ method: "POST", url: "/api/auth/tokens", headers: bearer, payload: { name: "second" } });
    expect(write.statusCode).toBe(200);

    const listed = await admin.inject({ method: "GET", url: "/api/auth/tokens" });
    const rows = listed.json().data;
    expect(rows.map((row: { name: string }) => row.name)).toEqual(["second", "Deploy script"]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(listed.json().meta.pagination.total).toBe(2);

    const revoked = await admin.inject({ method: "POST", url: `/api/auth/tokens/${id}/delete` });
    expect(revoked.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer });
    expect(after.statusCode).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const created = await admin.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "hashed" } });
    const { id, token } = created.json().data;
    const row = await t.database.db.selectFrom("api_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it("answers 401 for an unknown bearer token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: "Bearer plt_nothing" } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_signed_in");
  });

  it("answers 404 when revoking someone else's token", async () => {
    const created = await admin.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "mine" } });
    const otherEmail = uniqueEmail("other");
    await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Other", email: otherEmail, password: TEST_PASSWORD } });
    const other = await signIn(t.app, otherEmail);
    const response = await other.inject({ method: "POST", url: `/api/auth/tokens/${created.json().data.id}/delete` });
    expect(response.statusCode).toBe(404);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session so the cookie no longer signs in", async () => {
    const session = await signIn(t.app, adminEmail);
    const out = await session.inject({ method: "POST", url: "/api/auth/logout" });
    expect(out.statusCode).toBe(200);
    const me = await session.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(401);
  });

  it("answers 401 to a request with no session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "not_signed_in", messages: [expect.any(String)], data: { status: 401 } });
  });
});
