import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUserAndSignIn, setUpFirstUser, signIn, TEST_PASSWORD, uniqueEmail, type Session, type TestApp } from "../../../test/helpers.js";
import { usersRepository } from "./users.repository.js";

let t: TestApp;
let admin: Session;
let member: Session & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await setUpFirstUser(t.app, { display_name: "Ana Admin" });
  member = await createUserAndSignIn(t.app, admin, { display_name: "Carl Coworker" });
});
afterAll(() => t.close());

async function countUsers(): Promise<number> {
  const row = await t.database.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("users looked up by id", () => {
  it("binds at most 500 ids per query, whatever the number asked for", async () => {
    const ids = Array.from({ length: 1_201 }, (_, i) => i + 1);
    t.queries.length = 0;
    const rows = await usersRepository(t.database.db).findUsersByIds([...ids, ...ids]);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([1, 2]);
    expect(t.queries).toHaveLength(3);
    t.queries.length = 0;
    expect(await usersRepository(t.database.db).findUsersByIds([])).toEqual([]);
    expect(t.queries).toHaveLength(0);
  });
});

describe("GET /api/pm/v2/users", () => {
  it("lists every user to a site manager with pagination meta", async () => {
    const response = await admin.inject({ method: "GET", url: "/api/pm/v2/users?per_page=1&page=2" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({ id: expect.any(Number), display_name: "Carl Coworker", email: member.email, avatar_url: null, manage_pm: false, is_client: false });
    expect(body.meta.pagination).toEqual({ total: 2, count: 1, per_page: 1, current_page: 2, links: expect.any(Object), total_pages: 2 });
  });

  it("filters by part of a name or e-mail, ignoring case and treating % literally", async () => {
    const byName = await admin.inject({ method: "GET", url: "/api/pm/v2/users?query=ANA" });
    expect(byName.json().data.map((u: { display_name: string }) => u.display_name)).toEqual(["Ana Admin"]);
    const byEmail = await admin.inject({ method: "GET", url: `/api/pm/v2/users?query=${encodeURIComponent(member.email.slice(0, 8))}` });
    expect(byEmail.json().data.map((u: { email: string }) => u.email)).toEqual([member.email]);
    const wildcard = await admin.inject({ method: "GET", url: "/api/pm/v2/users?query=%25" });
    expect(wildcard.json().data).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/pm/v2/users" })).statusCode).toBe(401);
  });

  it("answers 400 for a bad page size", async () => {
    const response = await member.inject({ method: "GET", url: "/api/pm/v2/users?per_page=abc" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toHaveProperty("per_page");
  });
});

describe("GET /api/pm/v2/users/:id", () => {
  it("shows one user and 404s an unknown one", async () => {
    const found = await admin.inject({ method: "GET", url: `/api/pm/v2/users/${member.userId}` });
    expect(found.json().data.display_name).toBe("Carl Coworker");
    const missing = await admin.inject({ method: "GET", url: "/api/pm/v2/users/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
  });
});

describe("who sees whom", () => {
  // Two customers' projects: a co-worker and a client in the first, another client in the second, and a
  // user in no project at all.
  let visibility: { site: TestApp; siteManager: Session; coWorker: Person; ownClient: Person; otherClient: Person; loner: Person };
  type Person = Session & { email: string };

  beforeAll(async () => {
    const site = await createTestApp();
    const siteManager = await setUpFirstUser(site.app, { display_name: "Sam Site" });
    const [coWorker, ownClient, otherClient, loner] = [
      await createUserAndSignIn(site.app, siteManager, { display_name: "Carl Coworker" }),
      await createUserAndSignIn(site.app, siteManager, { display_name: "Cleo Client" }),
      await createUserAndSignIn(site.app, siteManager, { display_name: "Olga Other" }),
      await createUserAndSignIn(site.app, siteManager, { display_name: "Lou Loner" }),
    ];
    const project = (title: string, assignees: Array<{ user_id: number; role_id: number }>) =>
      siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title, assignees } });
    expect((await project("First customer", [{ user_id: coWorker.userId, role_id: 2 }, { user_id: ownClient.userId, role_id: 3 }])).statusCode).toBe(200);
    expect((await project("Second customer", [{ user_id: otherClient.userId, role_id: 3 }])).statusCode).toBe(200);
    visibility = { site, siteManager, coWorker, ownClient, otherClient, loner };
  });
  afterAll(() => visibility.site.close());

  const emailsSeenBy = async (session: Session, query = "") => {
    const response = await session.inject({ method: "GET", url: `/api/pm/v2/users?per_page=-1${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json().data as Array<{ email: string }>).map((user) => user.email);
  };

  it("shows a member only the people who share a project with them", async () => {
    const { coWorker, ownClient, otherClient, loner } = visibility;
    const seen = await emailsSeenBy(coWorker);
    expect(seen).toEqual(expect.arrayContaining([coWorker.email, ownClient.email]));
    expect(seen).not.toContain(otherClient.email);
    expect(seen).not.toContain(loner.email);
    expect(await emailsSeenBy(ownClient)).not.toContain(otherClient.email);
  });

  it("shows a user in no project only themselves", async () => {
    const { loner } = visibility;
    expect(await emailsSeenBy(loner)).toEqual([loner.email]);
  });

  it("finds nobody outside the member's projects by name or e-mail", async () => {
    const { coWorker, otherClient, loner } = visibility;
    expect(await emailsSeenBy(coWorker, `&query=${encodeURIComponent(otherClient.email)}`)).toEqual([]);
    expect(await emailsSeenBy(coWorker, "&query=Lou")).toEqual([]);
    const response = await coWorker.inject({ method: "GET", url: "/api/pm/v2/users?query=o&per_page=1" });
    expect(response.json().meta.pagination.total).toBe((await emailsSeenBy(coWorker, "&query=o")).length);
    expect(await emailsSeenBy(loner, "&query=Carl")).toEqual([]);
  });

  it("answers 404 for one user outside the member's projects, and shows a co-member", async () => {
    const { coWorker, ownClient, otherClient, loner } = visibility;
    for (const hidden of [otherClient, loner]) {
      const response = await coWorker.inject({ method: "GET", url: `/api/pm/v2/users/${hidden.userId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(hidden.email);
    }
    const shared = await coWorker.inject({ method: "GET", url: `/api/pm/v2/users/${ownClient.userId}` });
    expect(shared.json().data.email).toBe(ownClient.email);
    const self = await loner.inject({ method: "GET", url: `/api/pm/v2/users/${loner.userId}` });
    expect(self.json().data.email).toBe(loner.email);
  });

  it("shows a site manager everyone", async () => {
    const { siteManager, coWorker, ownClient, otherClient, loner } = visibility;
    expect(await emailsSeenBy(siteManager)).toEqual(expect.arrayContaining([coWorker.email, ownClient.email, otherClient.email, loner.email]));
    expect((await siteManager.inject({ method: "GET", url: `/api/pm/v2/users/${loner.userId}` })).statusCode).toBe(200);
  });
});

describe("POST /api/pm/v2/users", () => {
  it("lets a site manager add a user who can then sign in", async () => {
    const email = uniqueEmail("new");
    const response = await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Nina New", email, password: TEST_PASSWORD, manage_pm: "1" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { display_name: "Nina New", manage_pm: true }, message: "User created" });
    const session = await signIn(t.app, email);
    const me = await session.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.json().data.capabilities.manage_pm).toBe(true);
  });

  it("accepts form-encoded bodies", async () => {
    const email = uniqueEmail("form");
    const response = await admin.inject({
      method: "POST",
      url: "/api/pm/v2/users",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ display_name: "Form User", email, password: TEST_PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.manage_pm).toBe(false);
  });

  it("forbids anyone but a site manager, and writes nothing", async () => {
    const before = await countUsers();
    const response = await member.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Sneaky", email: uniqueEmail("sneaky"), password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden", data: { status: 403 } });
    expect(await countUsers()).toBe(before);
  });

  it("refuses a duplicate e-mail with 409 on the email field", async () => {
    const response = await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Copy", email: member.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(409);
    expect(response.json().data.params).toHaveProperty("email");
  });

  it("refuses bad input with each field's message and writes nothing", async () => {
    const before = await countUsers();
    const response = await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { email: "nope", password: "123", manage_pm: "maybe" } });
    expect(response.statusCode).toBe(400);
    const params = response.json().data.params;
    expect(Object.keys(params).sort()).toEqual(["display_name", "email", "manage_pm", "password"]);
    expect(params.password).toEqual(["password must have at least 8 characters"]);
    expect(await countUsers()).toBe(before);
  });
});

describe("passwords too easy to guess", () => {
  it("refuses one when a user is added, and writes nothing", async () => {
    const before = await countUsers();
    const response = await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Weak", email: uniqueEmail("weak"), password: "qwertyuiop" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ password: ["This password is too easy to guess: this is a frequently used password."] });
    expect(await countUsers()).toBe(before);
  });

  it("refuses one when a password is changed, keeping the old one", async () => {
    const email = uniqueEmail("keeper");
    const created = await admin.inject({ method: "POST", url: "/api/pm/v2/users", payload: { display_name: "Keeper", email, password: TEST_PASSWORD } });
    const response = await admin.inject({ method: "POST", url: `/api/pm/v2/users/${created.json().data.id}/update`, payload: { password: "password123" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.password).toEqual([expect.stringMatching(/^This password is too easy to guess: /)]);
    await expect(signIn(t.app, email)).resolves.toMatchObject({ userId: created.json().data.id });
  });
});

describe("POST /api/pm/v2/users/:id/update", () => {
  it("lets a site manager rename a user and change their password", async () => {
    const response = await admin.inject({ method: "POST", url: `/api/pm/v2/users/${member.userId}/update`, payload: { display_name: "Carl C.", password: "a new long password" } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.display_name).toBe("Carl C.");
    expect((await member.inject({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    await expect(signIn(t.app, member.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    member = { ...(await signIn(t.app, member.email, "a new long password")), email: member.email };
  });

  it("forbids a non-manager from changing anyone, even themselves to manager", async () => {
    const response = await member.inject({ method: "POST", url: `/api/pm/v2/users/${member.userId}/update`, payload: { manage_pm: true } });
    expect(response.statusCode).toBe(403);
  });

  it("keeps at least one site manager", async () => {
    const managers = await t.database.db.selectFrom("users").select("id").where("manage_pm", "=", 1).execute();
    for (const manager of managers.filter((m) => m.id !== admin.userId)) {
      await admin.inject({ method: "POST", url: `/api/pm/v2/users/${manager.id}/update`, payload: { manage_pm: false } });
    }
    const response = await admin.inject({ method: "POST", url: `/api/pm/v2/users/${admin.userId}/update`, payload: { manage_pm: false } });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("rule_broken");
  });

  it("answers 404 for an unknown user", async () => {
    const response = await admin.inject({ method: "POST", url: "/api/pm/v2/users/424242/update", payload: { display_name: "Ghost" } });
    expect(response.statusCode).toBe(404);
  });
});
