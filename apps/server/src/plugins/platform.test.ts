import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SERVER_MODULES } from "../modules/registry.js";
import { createTestApp, setUpFirstUser, type Session, type TestApp } from "../../test/helpers.js";

// A stand-in Pro module that proves the registry's switch: its route must vanish when the module is off.
const probeModule = {
  module: "gantt" as const,
  routes: async (app: Parameters<(typeof SERVER_MODULES)[number]["routes"]>[0]) => {
    app.get("/pm-pro/v2/probe", { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.get("/pm-pro/v2/boom", async () => {
      throw new Error("secret internal detail");
    });
  },
};

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ modules: [...SERVER_MODULES, probeModule] });
  admin = await setUpFirstUser(t.app);
});
afterAll(() => t.close());

describe("security baseline", () => {
  it("sends a Content-Security-Policy and the other security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("answers an unexpected failure with 500 and no internals", async () => {
    const response = await admin.inject({ method: "GET", url: "/api/pm-pro/v2/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret internal detail");
    expect(response.body).not.toContain(".ts:");
    expect(response.json()).toMatchObject({ code: "internal_error", data: { status: 500 } });
  });

  it("answers malformed JSON with a 400 envelope", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{oops" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "bad_request", data: { status: 400 } });
  });

  it("answers a body over the limit with 413", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@b.c", password: "x".repeat(3 * 1024 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload_too_large");
  });

  it("answers an unknown API path with a 404 envelope", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/pm/v2/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found", data: { status: 404 } });
  });
});

describe("module registry", () => {
  it("serves a Pro module's routes while it is on, and 404 module_inactive once it is off", async () => {
    expect((await admin.inject({ method: "GET", url: "/api/pm-pro/v2/probe" })).json()).toEqual({ ok: true });
    await t.app.services.moduleStates.setActive("gantt", false);
    const off = await admin.inject({ method: "GET", url: "/api/pm-pro/v2/probe" });
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe("module_inactive");
    const me = await admin.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.json().data.active_modules).not.toContain("gantt");
    await t.app.services.moduleStates.setActive("gantt", true);
    expect((await admin.inject({ method: "GET", url: "/api/pm-pro/v2/probe" })).statusCode).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("documents every route at /api/docs/json, generated from the schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/pm/v2/users", "/api/pm/v2/users/{id}/update"]));
    const login = spec.paths["/api/auth/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
  });

  it("serves the docs page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(response.statusCode);
  });
});
