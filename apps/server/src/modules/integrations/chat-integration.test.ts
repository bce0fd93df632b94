import dns from "node:dns";
import { chatDeliveryListEnvelope, DEFAULT_SLACK_SETTING } from "@plotline/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

// The settings and the calls of the chat integration, with the site's default policy: https only, no
// private addresses. Deliveries themselves are in chat-delivery.test.ts.

let t: TestApp;
let cast: Cast;
let projectId: number;

/** A public address written as an IP, so that saving it needs no name server. */
const PUBLIC_HOOK = "https://93.184.216.34/services/T000/B000/secret-token";

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Chatty" })).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];
const MANAGERS_ONLY: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 403, client: 403, outsider: 403 };

const settingsUrl = (project = projectId) => `/api/pm/v2/projects/${project}/settings`;

function saveSlack(session: Session, value: unknown, project = projectId) {
  return session.inject({ method: "POST", url: settingsUrl(project), payload: { key: "slack", value } as Record<string, unknown> });
}

async function savedSlackRow(project: number) {
  return t.database.db.selectFrom("project_settings").select("value").where("project_id", "=", project).where("key", "=", "slack").executeTakeFirst();
}

/** A name server that answers these names, and nothing else. */
function answerNames(answers: Record<string, string>): void {
  const lookup = async (host: string) => {
    const address = answers[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
  vi.spyOn(dns.promises, "lookup").mockImplementation(lookup as unknown as typeof dns.promises.lookup);
}

describe("the slack project setting", () => {
  it("answers the defaults for a project that saved none: off, no address, every event but comment edits", async () => {
    const fresh = (await createProjectWithCast(cast)).id;
    const response = await cast.manager.inject({ method: "GET", url: settingsUrl(fresh) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.slack).toEqual(DEFAULT_SLACK_SETTING);
    expect(DEFAULT_SLACK_SETTING.options.tasks).toEqual({ create: true, update: true, complete: true, incomplete: true, createComment: true, updateComment: false });
  });

  it("saves the setting field by field: the switch alone keeps the address and the events", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const first = await saveSlack(cast.manager, { status: "enable", webhook: PUBLIC_HOOK, options: { tasks: { update: false, updateComment: "1" } } }, project);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.slack).toEqual({ status: "enable", webhook: PUBLIC_HOOK, options: { tasks: { ...DEFAULT_SLACK_SETTING.options.tasks, update: false, updateComment: true } } });

    const switched = await saveSlack(cast.siteManager, { status: "disable" }, project);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.slack).toEqual({ ...first.json().data.slack, status: "disable" });
    expect(JSON.parse((await savedSlackRow(project))?.value ?? "{}")).toEqual(switched.json().data.slack);

    // Clearing the address is allowed while the integration is off.
    const cleared = await saveSlack(cast.manager, { webhook: "" }, project);
    expect(cleared.json().data.slack.webhook).toBe("");
  });

  it("refuses to turn the integration on without an address, and writes nothing", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const response = await saveSlack(cast.manager, { status: "enable" }, project);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ "slack.webhook": ["Enter the webhook's address before turning the chat integration on."] });
    expect(await savedSlackRow(project)).toBeUndefined();
  });

  it("names each bad field of the value", async () => {
    const response = await saveSlack(cast.manager, { status: "on", options: { tasks: { create: "maybe", archive: true } }, color: "red" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({
      "slack.status": ["slack.status must be enable or disable"],
      "slack.options.tasks.create": ["slack.options.tasks.create must be true or false"],
      "slack.options.tasks": ["Unknown field archive"],
      slack: ["Unknown field color"],
    });
    const notObject = await saveSlack(cast.manager, "https://example.com");
    expect(notObject.json().data.params).toEqual({ slack: ["slack must be an object"] });
  });

  it("takes only https addresses by default", async () => {
    const response = await saveSlack(cast.manager, { webhook: "http://93.184.216.34/hook" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ "slack.webhook": ["The webhook's address must start with https://."] });
    for (const [webhook, message] of [
      ["ftp://93.184.216.34/hook", "The webhook's address must start with https://."],
      ["not an address", "The webhook's address is not a valid web address."],
      ["https://user:pass@93.184.216.34/hook", "The webhook's address must not hold a user name or password."],
    ] as const) {
      const refused = await saveSlack(cast.manager, { webhook });
      expect(refused.json().data.params, webhook).toEqual({ "slack.webhook": [message] });
    }
  });

  it("refuses loopback, link-local and private addresses, in any written form", async () => {
    const message = "The webhook's address leads to a loopback, link-local or private network address, which is not allowed.";
    for (const webhook of ["https://127.0.0.1/hook", "https://localhost/hook", "https://[::1]/hook", "https://[::ffff:127.0.0.1]/hook", "https://169.254.169.254/latest", "https://10.1.2.3/hook", "https://192.168.0.10/hook", "https://0x7f.1/hook"]) {
      const response = await saveSlack(cast.manager, { status: "enable", webhook });
      expect(response.statusCode, webhook).toBe(400);
      expect(response.json().data.params, webhook).toEqual({ "slack.webhook": [message] });
    }
  });

  it("resolves a host name when saving: refused when it leads inside, or nowhere", async () => {
    answerNames({ "chat.inside.example": "10.0.0.7", "chat.mixed.example": "::ffff:192.168.1.1", "chat.public.example": "93.184.216.34" });
    const project = (await createProjectWithCast(cast)).id;
    const inside = await saveSlack(cast.manager, { webhook: "https://chat.inside.example/hook" }, project);
    expect(inside.json().data.params["slack.webhook"]).toEqual(["The webhook's address leads to a loopback, link-local or private network address, which is not allowed."]);
    const mapped = await saveSlack(cast.manager, { webhook: "https://chat.mixed.example/hook" }, project);
    expect(mapped.statusCode).toBe(400);
    const nowhere = await saveSlack(cast.manager, { webhook: "https://chat.nowhere.example/hook" }, project);
    expect(nowhere.json().data.params["slack.webhook"]).toEqual(["The webhook's host name chat.nowhere.example could not be found."]);
    expect(await savedSlackRow(project)).toBeUndefined();
    const ok = await saveSlack(cast.manager, { status: "enable", webhook: "https://chat.public.example/hook" }, project);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("tells the activity feed what changed, but never the address", async () => {
    const project = (await createProjectWithCast(cast)).id;
    await saveSlack(cast.manager, { status: "enable", webhook: PUBLIC_HOOK, options: { tasks: { complete: false } } }, project);
    const row = await t.database.db.selectFrom("activities").select("meta").where("project_id", "=", project).where("resource_type", "=", "project_settings").executeTakeFirstOrThrow();
    expect(JSON.parse(row.meta ?? "{}")).toEqual({
      key: "slack",
      changes: { status: { from: "disable", to: "enable" }, tasks: { complete: { from: true, to: false } }, webhook_changed: true },
    });
    for (const role of ["coWorker", "client"] as const) {
      const feed = await cast[role].inject({ method: "GET", url: `/api/pm/v2/projects/${project}/activities` });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).not.toContain("secret-token");
    }
    // Saving the same value again changes nothing and tells nothing.
    const before = await t.database.db.selectFrom("activities").select("id").where("project_id", "=", project).execute();
    await saveSlack(cast.manager, { status: "enable", webhook: PUBLIC_HOOK }, project);
    expect(await t.database.db.selectFrom("activities").select("id").where("project_id", "=", project).execute()).toHaveLength(before.length);
  });
});

describe("who sees and changes the chat integration", () => {
  let secretProject: number;
  beforeAll(async () => {
    secretProject = (await createProjectWithCast(cast)).id;
    const saved = await saveSlack(cast.manager, { status: "enable", webhook: PUBLIC_HOOK }, secretProject);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  for (const role of ROLES) {
    it(`answers ${MANAGERS_ONLY[role]} to a ${role} saving the setting, reading the log or sending a test`, async () => {
      const save = await saveSlack(cast[role], { options: { tasks: { create: false } } }, secretProject);
      expect(save.statusCode).toBe(MANAGERS_ONLY[role]);
      const log = await cast[role].inject({ method: "GET", url: `/api/pm-pro/v2/projects/${secretProject}/integrations/deliveries` });
      expect(log.statusCode).toBe(MANAGERS_ONLY[role]);
      if (log.statusCode === 200) chatDeliveryListEnvelope.parse(log.json());
      const test = await cast[role].inject({ method: "POST", url: `/api/pm-pro/v2/projects/${secretProject}/integrations/slack/test` });
      expect(test.statusCode).toBe(MANAGERS_ONLY[role]);
      for (const response of [save, log, test]) if (response.statusCode !== 200) expect(response.body).not.toContain("secret-token");
    });
  }

  it("never shows the address to members who do not manage the project, in the project or its settings", async () => {
    for (const role of ["coWorker", "client"] as const) {
      for (const url of [`/api/pm/v2/projects/${secretProject}`, `/api/pm/v2/projects/${secretProject}/settings`, "/api/pm/v2/projects", `/api/pm/v2/projects/${secretProject}/activities`]) {
        const response = await cast[role].inject({ method: "GET", url });
        expect(response.body, `${role} ${url}`).not.toContain("secret-token");
      }
    }
    const managers = await cast.manager.inject({ method: "GET", url: settingsUrl(secretProject) });
    expect(managers.json().data.slack.webhook).toBe(PUBLIC_HOOK);
  });

  it("answers the test call 422 while no address is saved", async () => {
    const project = (await createProjectWithCast(cast)).id;
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${project}/integrations/slack/test` });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("Save the chat integration's webhook address before sending a test message.");
  });

  it("answers 404 for an unknown project", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/projects/999999/integrations/deliveries" });
    expect(response.statusCode).toBe(404);
  });

  it("answers module_inactive while the module is switched off", async () => {
    const off = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "integrations", type: "deactivate" } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const response = await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${secretProject}/integrations/deliveries` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("module_inactive");
    } finally {
      await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "integrations", type: "activate" } });
    }
  });
});
