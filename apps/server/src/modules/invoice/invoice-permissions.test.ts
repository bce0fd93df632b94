import type { Invoice } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { createInvoice, invoiceBody, invoicePath, listOf } from "./invoice.fixtures.js";

let t: TestApp;
let cast: Cast;
/** A second client of the project, billed on their own invoice. */
let otherClient: Session;
let projectId: number;
/** Billed to `otherClient`. */
let theirs: Invoice;
/** Billed to the cast's client. */
let mine: Invoice;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  otherClient = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Olga Otherclient" });
  projectId = (
    await createProjectWithCast(cast, {
      title: "Matrix",
      assignees: [
        { user_id: cast.manager.userId, role_id: 1 },
        { user_id: cast.coWorker.userId, role_id: 2 },
        { user_id: cast.client.userId, role_id: 3 },
        { user_id: otherClient.userId, role_id: 3 },
      ],
    })
  ).id;
  // The outsider manages a project of their own, which gives them nothing here.
  await createProjectWithCast(cast, { title: "Elsewhere", assignees: [{ user_id: cast.outsider.userId, role_id: 1 }] });
  theirs = await createInvoice(cast.manager, projectId, invoiceBody(otherClient.userId, { title: "Theirs" }));
  mine = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { title: "Mine" }));
});
afterAll(() => t.close());

type Who = "siteManager" | "manager" | "coWorker" | "client" | "otherClient" | "outsider";
const who = (name: Who): Session => (name === "otherClient" ? otherClient : cast[name]);
const ALL: Who[] = ["siteManager", "manager", "coWorker", "client", "otherClient", "outsider"];

/** Each call on `theirs` (billed to otherClient) and the status each person gets. */
const MATRIX: Array<{ call: string; request: () => { method: "GET" | "POST" | "DELETE"; url: string; payload?: Record<string, unknown> }; expected: Record<Who, number> }> = [
  {
    call: "read",
    request: () => ({ method: "GET", url: invoicePath(projectId, theirs.id) }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 404, otherClient: 200, outsider: 403 },
  },
  {
    call: "pdf",
    request: () => ({ method: "GET", url: invoicePath(projectId, theirs.id, "/pdf") }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 404, otherClient: 200, outsider: 403 },
  },
  {
    call: "payment-validation",
    request: () => ({ method: "POST", url: invoicePath(projectId, theirs.id, "/payment-validation"), payload: { amount: 188.22 } }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 404, otherClient: 200, outsider: 403 },
  },
  {
    call: "update",
    request: () => ({ method: "POST", url: invoicePath(projectId, theirs.id), payload: { notes: "Thanks" } }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 403, otherClient: 403, outsider: 403 },
  },
  {
    call: "payment",
    request: () => ({ method: "POST", url: invoicePath(projectId, theirs.id, "/payment"), payload: { amount: 0.01 } }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 403, otherClient: 403, outsider: 403 },
  },
  {
    call: "mail",
    request: () => ({ method: "POST", url: invoicePath(projectId, theirs.id, "/mail/"), payload: {} }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 403, otherClient: 403, outsider: 403 },
  },
  {
    call: "create",
    request: () => ({ method: "POST", url: invoicePath(projectId), payload: invoiceBody(cast.client.userId, { title: "Made" }) }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 403, otherClient: 403, outsider: 403 },
  },
  {
    call: "bill tracked time",
    request: () => ({ method: "POST", url: invoicePath(projectId, undefined, "/from-time"), payload: invoiceBody(cast.client.userId, { rate: 10 }) }),
    expected: { siteManager: 422, manager: 422, coWorker: 403, client: 403, otherClient: 403, outsider: 403 },
  },
  {
    call: "project list",
    request: () => ({ method: "GET", url: invoicePath(projectId) }),
    expected: { siteManager: 200, manager: 200, coWorker: 403, client: 200, otherClient: 200, outsider: 403 },
  },
];

describe("the invoice permission matrix", () => {
  for (const row of MATRIX) {
    it(`${row.call}: managers write, the invoice's client reads, no one else`, async () => {
      const got: Record<string, number> = {};
      for (const name of ALL) got[name] = (await who(name).inject(row.request())).statusCode;
      expect(got).toEqual(row.expected);
    });
  }

  it("delete: only managers", async () => {
    const doomed = await createInvoice(cast.manager, projectId, invoiceBody(otherClient.userId, { title: "Doomed" }));
    for (const name of ["coWorker", "client", "otherClient", "outsider"] as const) {
      expect((await who(name).inject({ method: "DELETE", url: invoicePath(projectId, doomed.id) })).statusCode, name).toBe(403);
    }
    expect((await cast.manager.inject({ method: "DELETE", url: invoicePath(projectId, doomed.id) })).statusCode).toBe(200);
  });

  it("a client never sees another client's invoice in any list", async () => {
    for (const url of [invoicePath(projectId) + "?per_page=100", "/api/pm-pro/v2/invoices?per_page=100", "/api/pm-pro/v2/invoices?frontend=1&per_page=100", invoicePath(projectId) + "?frontend=1"]) {
      const seen = listOf(await cast.client.inject({ method: "GET", url }));
      expect(seen.data.length, url).toBeGreaterThan(0);
      expect(seen.data.every((invoice) => invoice.client_id === cast.client.userId), url).toBe(true);
      expect(seen.data.map((invoice) => invoice.id)).not.toContain(theirs.id);
      expect(Object.keys(seen.meta.client_addresses)).toEqual([String(cast.client.userId)]);
    }
  });

  it("the global list: everything for site managers, the managed projects' for managers, nothing for co-workers and outsiders", async () => {
    const all = listOf(await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/invoices?per_page=100" }));
    expect(all.data.map((invoice) => invoice.id)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
    const managed = listOf(await cast.manager.inject({ method: "GET", url: "/api/pm-pro/v2/invoices?per_page=100" }));
    expect(managed.data.map((invoice) => invoice.id)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
    expect(managed.data[0]?.abilities.can_edit).toBe(true);
    expect(listOf(await cast.coWorker.inject({ method: "GET", url: "/api/pm-pro/v2/invoices" })).data).toEqual([]);
    expect(listOf(await cast.outsider.inject({ method: "GET", url: "/api/pm-pro/v2/invoices" })).data).toEqual([]);
  });

  it("adds Invoices to the site menu for everyone (the portal for clients) and to the project menu for managers", async () => {
    const menu = async (session: Session) => ((await session.inject({ method: "GET", url: "/api/auth/me" })).json() as { data: { menu: Array<{ route: string; area: string; audience: string }> } }).data.menu;
    expect(await menu(cast.client)).toContainEqual(expect.objectContaining({ route: "invoices", area: "site", audience: "everyone" }));
    expect(await menu(cast.siteManager)).toContainEqual(expect.objectContaining({ route: "invoice", area: "project", audience: "project_manager" }));
  });

  it("answers 404 for an unknown project and while the module is off", async () => {
    expect((await cast.siteManager.inject({ method: "GET", url: invoicePath(999_999) })).statusCode).toBe(404);
    await t.app.services.moduleStates.setActive("invoice", false);
    try {
      const off = await cast.siteManager.inject({ method: "GET", url: invoicePath(projectId) });
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: "module_inactive" });
    } finally {
      await t.app.services.moduleStates.setActive("invoice", true);
    }
    expect((await cast.siteManager.inject({ method: "GET", url: invoicePath(projectId) })).statusCode).toBe(200);
  });
});
