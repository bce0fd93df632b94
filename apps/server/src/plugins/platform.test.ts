import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { multipart } from "../modules/files/files.multipart.fixture.js";
import { defineModule } from "../modules/module.js";
import { MODULES } from "../modules/registry.js";
import { createTestApp, setUpFirstUser, type Session, type TestApp } from "../../test/helpers.js";

// A stand-in Pro module that proves the registry's switch: its route must vanish when the module is off.
const probeModule = defineModule({
  name: "probe",
  switch: "gantt",
  routes: [
    async (app) => {
      app.get("/pm-pro/v2/probe", { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
      app.get("/pm-pro/v2/boom", async () => {
        throw new Error("secret internal detail");
      });
    },
  ],
});

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ modules: [...MODULES, probeModule] });
  admin = await setUpFirstUser(t.app);
});
afterAll(() => t.close());

describe("security baseline", () => {
  it("sends API answers a Content-Security-Policy that allows nothing, and the other security headers", async () => {
    for (const url of ["/api/health", "/api/auth/me", "/api/pm/v2/nothing-here"]) {
      const response = await admin.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
    }
  });

  it("sends the API docs, a page, the Content-Security-Policy of pages", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
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

describe("bad input", () => {
  let project: number;
  let list: number;
  let task: number;

  beforeAll(async () => {
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await admin.inject({ method: "POST", url, payload });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    };
    project = await post("/api/pm/v2/projects", { title: "Bad input" });
    list = await post(`/api/pm/v2/projects/${project}/task-lists`, { title: "List" });
    task = await post(`/api/pm/v2/projects/${project}/tasks`, { title: "Task", board_id: list });
  });

  const expectInvalid = (response: { statusCode: number; json: () => unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "rest_invalid_param", data: { status: 400, params: { [field]: [expect.any(String)] } } });
  };

  it("refuses ids and integers beyond the 32-bit range with 400 naming the field, and an unknown id in range is 404", async () => {
    expectInvalid(await admin.inject({ method: "GET", url: "/api/pm/v2/projects/2147483648" }), "id");
    expect((await admin.inject({ method: "GET", url: "/api/pm/v2/projects/2147483647" })).statusCode).toBe(404);
    expectInvalid(await admin.inject({ method: "GET", url: `/api/pm/v2/tasks?users=2147483648` }), "users");
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "x", board_id: 2 ** 31 } }), "board_id");
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "x", parent_id: 2 ** 40 } }), "parent_id");
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "x", assignees: [2 ** 31] } }), "assignees.0");
    expectInvalid(
      await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/lists/sorting`, payload: { orders: [{ id: list, index: 2 ** 31 }] } }),
      "orders.0.index",
    );
    const comment = { content: "x", commentable_type: "task", commentable_id: 2 ** 31 };
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/comments`, payload: comment }), "commentable_id");
  });

  it("takes only plain decimal digits as a path or query id", async () => {
    for (const id of ["0x1", "%201", "1%20", "1e0", "%2B1", "1.0", "-1"]) {
      expectInvalid(await admin.inject({ method: "GET", url: `/api/pm/v2/projects/${id}` }), "id");
    }
    expectInvalid(await admin.inject({ method: "GET", url: `/api/pm/v2/tasks?project_id=0x1` }), "project_id");
    expect((await admin.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` })).statusCode).toBe(200);
    const asNumber = await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "JSON numbers", board_id: list } });
    expect(asNumber.statusCode).toBe(200);
  });

  it("refuses NUL and control characters in text with 400 naming the field, and keeps line breaks and tabs in multi-line text", async () => {
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "a\u0000b" } }), "title");
    expectInvalid(await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "bell\u0007" } }), "title");
    expectInvalid(await admin.inject({ method: "GET", url: "/api/pm/v2/projects?title=a%00" }), "title");
    expectInvalid(await admin.inject({ method: "GET", url: "/api/pm/v2/search?query=a%00b" }), "query");
    expectInvalid(
      await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks/${task}/update`, payload: { description: "x\u0000" } }),
      "description",
    );
    expectInvalid(
      await admin.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/comments`, ...multipart({ content: "a\u0000", commentable_type: "task", commentable_id: String(task) }) }),
      "content",
    );
    const multiLine = await admin.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${project}/tasks/${task}/update`,
      payload: { description: "line one\r\nline two\tindented" },
    });
    expect(multiLine.statusCode).toBe(200);
  });

  it("searches for text full of full-text syntax without an error", async () => {
    for (const query of ['"', '"open', "*", "a*", "(", ")", "NEAR", "NEAR(a b)", "-", "-a", "a OR", "AND", "^x", "a:b", "'", "+", "\\"]) {
      const response = await admin.inject({ method: "GET", url: `/api/pm/v2/search?${new URLSearchParams({ query })}` });
      expect(response.statusCode, query).toBe(200);
    }
  });

  it("answers a malformed multipart body with 400 on every route that takes uploads", async () => {
    const uploads = [
      `/api/pm/v2/projects/${project}/tasks`,
      `/api/pm/v2/projects/${project}/tasks/${task}`,
      `/api/pm/v2/projects/${project}/tasks/${task}/update`,
      `/api/pm/v2/projects/${project}/discussion-boards`,
      `/api/pm/v2/projects/${project}/discussion-boards/1/update`,
      `/api/pm/v2/projects/${project}/comments`,
      `/api/pm/v2/projects/${project}/comments/1`,
      `/api/pm-pro/v2/projects/${project}/files`,
      `/api/pm-pro/v2/projects/${project}/files/1`,
      "/api/pm/v2/settings/logo",
    ];
    const boundary = "----plotline";
    const bodies = [
      { headers: { "content-type": "multipart/form-data" }, payload: "--x\r\n\r\n" },
      {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\ncontent-disposition: form-data; name="files[]"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhalf a fi`,
      },
    ];
    for (const url of uploads) {
      for (const body of bodies) {
        const response = await admin.inject({ method: "POST", url, ...body });
        expect(response.statusCode, `${url} ${body.headers["content-type"]}`).toBe(400);
        expect(response.json()).toMatchObject({ code: "bad_request", data: { status: 400 } });
      }
    }
    // Every other POST route either reads multipart the same way (400) or takes none at all (415).
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.keys(spec.paths).filter((path) => "post" in (spec.paths[path] ?? {}) && !/logout|module-update|license/.test(path));
    for (const path of posts) {
      const url = path.replace("{project}", String(project)).replace(/\{\w+\}/g, "1");
      for (const body of bodies) {
        expect([400, 415], url).toContain((await admin.inject({ method: "POST", url, ...body })).statusCode);
      }
    }
  });

  it("answers an update with nothing to change with 400 rather than running an empty UPDATE", async () => {
    const page = await admin.inject({ method: "POST", url: "/api/pm/v2/pages", payload: { post_title: "Page", path: "/bad-input" } });
    const pageId = (page.json() as { data: { id: number } }).data.id;
    for (const payload of [{}, { unknown: 1 }]) {
      const response = await admin.inject({ method: "POST", url: `/api/pm/v2/pages/${pageId}/update`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "rest_invalid_param", data: { status: 400 } });
    }
  });
});

describe("caching", () => {
  it("forbids storing any API answer that depends on the caller", async () => {
    for (const url of ["/api/auth/me", "/api/pm/v2/projects", "/api/pm/v2/users/999999", "/api/pm/v2/nothing-here"]) {
      expect((await admin.inject({ method: "GET", url })).headers["cache-control"], url).toBe("no-store");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me" })).headers["cache-control"]).toBe("no-store");
    const failed = await admin.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{oops" });
    expect(failed.headers["cache-control"]).toBe("no-store");
  });

  it("forbids storing a downloaded project file", async () => {
    const project = await admin.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Cached files" } });
    const projectId = (project.json() as { data: { id: number } }).data.id;
    const upload = await admin.inject({
      method: "POST",
      url: `/api/pm-pro/v2/projects/${projectId}/files`,
      ...multipart({}, [{ name: "notes.txt", bytes: Buffer.from("private notes"), type: "text/plain" }]),
    });
    expect(upload.statusCode).toBe(200);
    const file = (upload.json() as { data: Array<{ url: string }> }).data[0];
    const download = await admin.inject({ method: "GET", url: file?.url ?? "" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the health check and the API docs cacheable", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).headers["cache-control"]).not.toBe("no-store");
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).headers["cache-control"]).not.toBe("no-store");
  });
});
