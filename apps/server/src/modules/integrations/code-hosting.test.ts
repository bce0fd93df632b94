import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { deliverGitHub, gitHubIssue, gitHubIssuesEvent } from "./code-hosting.fixtures.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://pm.example.com" } });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];
const MANAGES: Record<Role, boolean> = { siteManager: true, manager: true, coWorker: false, client: false, outsider: false };
const SECRET = "hook-secret-42";

const settingsUrl = (projectId: number) => `/api/pm/v2/projects/${projectId}/settings`;
const integrationsUrl = (projectId: number) => `/api/pm-pro/v2/projects/${projectId}/integrations`;
const regenerateUrl = (projectId: number) => `/api/pm-pro/v2/projects/${projectId}/integrations/git-bit/regenerate`;

function saveGitBit(session: Session, projectId: number, value: unknown) {
  return session.inject({ method: "POST", url: settingsUrl(projectId), payload: { key: "git_bit", value } as Record<string, unknown> });
}

function saveMap(session: Session, projectId: number, users: Record<string, string>) {
  return session.inject({ method: "POST", url: "/api/pm/v2/save_users_map_name", payload: { project_id: projectId, users } });
}

/** A project with the integration on and a secret: its id and token. */
async function enabledProject(): Promise<{ projectId: number; token: string }> {
  const projectId = (await createProjectWithCast(cast)).id;
  const saved = await saveGitBit(cast.manager, projectId, { status: "enable", secret: SECRET });
  expect(saved.statusCode, saved.body).toBe(200);
  return { projectId, token: saved.json().data.git_bit.git_bit_hash };
}

describe("the git_bit project setting", () => {
  it("is off, without a token or a secret, until enabled", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const response = await cast.manager.inject({ method: "GET", url: settingsUrl(projectId) });
    expect(response.json().data.git_bit).toEqual({ status: "disable", git_bit_hash: null, has_secret: false });
  });

  it("makes a random URL-safe token when first enabled and keeps it while switched off and on", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const enabled = await saveGitBit(cast.manager, projectId, { status: "enable", secret: SECRET });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { git_bit: gitBit } = enabled.json().data;
    expect(gitBit).toMatchObject({ status: "enable", has_secret: true });
    expect(gitBit.git_bit_hash).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(enabled.body).not.toContain(SECRET);
    const other = await enabledProject();
    expect(other.token).not.toBe(gitBit.git_bit_hash);

    const off = await saveGitBit(cast.manager, projectId, { status: "disable" });
    expect(off.json().data.git_bit).toEqual({ status: "disable", git_bit_hash: gitBit.git_bit_hash, has_secret: true });
    const on = await saveGitBit(cast.siteManager, projectId, { status: "enable", secret: "" });
    expect(on.json().data.git_bit).toEqual({ status: "enable", git_bit_hash: gitBit.git_bit_hash, has_secret: false });
  });

  it("refuses a bad value with 400 naming the field, and writes nothing", async () => {
    const projectId = (await createProjectWithCast(cast)).id;
    const bad = await saveGitBit(cast.manager, projectId, { status: "on" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual({ "git_bit.status": ["git_bit.status must be enable or disable"] });
    const tooLong = await saveGitBit(cast.manager, projectId, { status: "enable", secret: "x".repeat(201) });
    expect(tooLong.json().data.params).toHaveProperty(["git_bit.secret"]);
    const notObject = await saveGitBit(cast.manager, projectId, "enable");
    expect(notObject.json().data.params).toEqual({ git_bit: ["git_bit must be an object"] });
    expect((await cast.manager.inject({ method: "GET", url: settingsUrl(projectId) })).json().data.git_bit.git_bit_hash).toBeNull();
  });

  it("records who changed it without the secret or the token in the activity", async () => {
    const { projectId, token } = await enabledProject();
    const rows = await t.database.db.selectFrom("activities").select(["action", "meta"]).where("project_id", "=", projectId).where("resource_type", "=", "project_settings").execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]?.meta)).changes).toEqual({ status: { from: "disable", to: "enable" }, has_secret: { from: false, to: true }, new_token: { from: false, to: true } });
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("is not copied to a duplicate of the project", async () => {
    const { projectId } = await enabledProject();
    const copy = await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/duplicate/project/${projectId}` });
    expect(copy.statusCode, copy.body).toBe(200);
    const settings = await cast.siteManager.inject({ method: "GET", url: settingsUrl(copy.json().data.id) });
    expect(settings.json().data.git_bit).toEqual({ status: "disable", git_bit_hash: null, has_secret: false });
  });
});

describe("GET /api/pm-pro/v2/projects/:project/integrations", () => {
  it("answers everything the Integrations tab shows in one call", async () => {
    const { projectId, token } = await enabledProject();
    await saveMap(cast.manager, projectId, { [`github_${cast.coWorker.userId}`]: "carl-gh" });
    const response = await cast.manager.inject({ method: "GET", url: integrationsUrl(projectId) });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.git_bit).toEqual({
      status: "enable", git_bit_hash: token, has_secret: true,
      webhook_url: `https://pm.example.com/api/pm-pro/v2/integrations/${projectId}?token=${token}`,
    });
    expect(data.slack).toMatchObject({ status: "disable", webhook: "" });
    expect(data.users_map).toEqual({ [`github_${cast.coWorker.userId}`]: "carl-gh" });
    expect(data.users).toEqual(expect.arrayContaining([
      { id: cast.manager.userId, display_name: "Mia Manager", avatar_url: null, role: "manager" },
      { id: cast.coWorker.userId, display_name: "Carl Coworker", avatar_url: null, role: "co_worker" },
      { id: cast.client.userId, display_name: "Cleo Client", avatar_url: null, role: "client" },
    ]));
    expect(data.users.map((user: { role: string }) => user.role).indexOf("co_worker")).toBeGreaterThan(data.users.map((user: { role: string }) => user.role).lastIndexOf("manager"));
    expect(response.body).not.toContain(SECRET);
  });

  it("answers 404 for an unknown project", async () => {
    expect((await cast.siteManager.inject({ method: "GET", url: integrationsUrl(999_999) })).statusCode).toBe(404);
  });
});

describe("POST /api/pm/v2/save_users_map_name", () => {
  it("saves members' usernames, removes one sent empty, and answers the whole map", async () => {
    const { projectId } = await enabledProject();
    const first = await saveMap(cast.manager, projectId, { [`github_${cast.coWorker.userId}`]: " carl-gh ", [`bitbucket_${cast.client.userId}`]: "cleo.bb" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: "User mapping completed",
      data: { [`github_${cast.coWorker.userId}`]: "carl-gh", [`bitbucket_${cast.client.userId}`]: "cleo.bb" },
    });
    const second = await saveMap(cast.siteManager, projectId, { [`github_${cast.coWorker.userId}`]: "", [`github_${cast.manager.userId}`]: "mia" });
    expect(second.json().data).toEqual({ [`bitbucket_${cast.client.userId}`]: "cleo.bb", [`github_${cast.manager.userId}`]: "mia" });
  });

  it("refuses a non-member, a bad key and a name given twice with 400 naming each field, writing nothing", async () => {
    const { projectId } = await enabledProject();
    const outsider = await saveMap(cast.manager, projectId, { [`github_${cast.outsider.userId}`]: "otto", [`github_${cast.coWorker.userId}`]: "carl" });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().data.params).toEqual({ [`users.github_${cast.outsider.userId}`]: [`User ${cast.outsider.userId} is not a member of this project.`] });
    const badKey = await saveMap(cast.manager, projectId, { gitlab_3: "x", github_abc: "y" });
    expect(Object.keys(badKey.json().data.params)).toEqual(["users.gitlab_3", "users.github_abc"]);
    const twice = await saveMap(cast.manager, projectId, { [`github_${cast.coWorker.userId}`]: "Same", [`github_${cast.client.userId}`]: "same" });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().data.params)).toHaveLength(2);
    const tooLong = await saveMap(cast.manager, projectId, { [`github_${cast.coWorker.userId}`]: "x".repeat(101) });
    expect(tooLong.json().data.params).toHaveProperty([`users.github_${cast.coWorker.userId}`]);
    expect((await cast.manager.inject({ method: "GET", url: integrationsUrl(projectId) })).json().data.users_map).toEqual({});
  });

  it("refuses a name another member holds, unless the same save moves it", async () => {
    const { projectId } = await enabledProject();
    await saveMap(cast.manager, projectId, { [`github_${cast.coWorker.userId}`]: "shared" });
    const taken = await saveMap(cast.manager, projectId, { [`github_${cast.client.userId}`]: "SHARED" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe("SHARED is already mapped to another member of this project for GitHub.");
    const moved = await saveMap(cast.manager, projectId, { [`github_${cast.client.userId}`]: "shared", [`github_${cast.coWorker.userId}`]: "" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ [`github_${cast.client.userId}`]: "shared" });
  });

  it("answers 404 for an unknown project", async () => {
    expect((await saveMap(cast.siteManager, 999_999, {})).statusCode).toBe(404);
  });
});

describe("POST /api/pm-pro/v2/projects/:project/integrations/git-bit/regenerate", () => {
  it("makes a new token: the old address stops working at once", async () => {
    const { projectId, token } = await enabledProject();
    const response = await cast.manager.inject({ method: "POST", url: regenerateUrl(projectId) });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.json().data.git_bit_hash as string;
    expect(response.json()).toMatchObject({ message: "Webhook address regenerated", data: { status: "enable", has_secret: true } });
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(fresh).not.toBe(token);
    const payload = gitHubIssuesEvent("opened", gitHubIssue(1));
    expect((await deliverGitHub(t.app, "issues", payload, { projectId, token, secret: SECRET })).statusCode).toBe(403);
    expect((await deliverGitHub(t.app, "issues", payload, { projectId, token: fresh, secret: SECRET })).statusCode).toBe(200);
  });
});

describe("who may read and change the integrations", () => {
  for (const role of ROLES) {
    it(`${MANAGES[role] ? "lets" : "refuses"} a ${role}${MANAGES[role] ? "" : " with 403, never showing the token or the secret"}`, async () => {
      const { projectId, token } = await enabledProject();
      const session = cast[role];
      const answers = [
        await session.inject({ method: "GET", url: integrationsUrl(projectId) }),
        await session.inject({ method: "GET", url: settingsUrl(projectId) }),
        await saveMap(session, projectId, { [`github_${cast.coWorker.userId}`]: `name-${role}` }),
        await saveGitBit(session, projectId, { status: "enable" }),
        await session.inject({ method: "POST", url: regenerateUrl(projectId) }),
      ];
      for (const response of answers) {
        expect(response.statusCode, response.body).toBe(MANAGES[role] ? 200 : 403);
        expect(response.body).not.toContain(SECRET);
        if (!MANAGES[role]) expect(response.body).not.toContain(token);
      }
      // The project's own answer never carries the integration's token or secret, for anyone.
      const project = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
      expect(project.statusCode).toBe(role === "outsider" ? 403 : 200);
      expect(project.body).not.toContain(token);
      expect(project.body).not.toContain(SECRET);
      expect(project.body).not.toContain("git_bit");
    });
  }
});
