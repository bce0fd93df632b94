import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let dist: string;
let pageId: number;

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "plotline-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), INDEX);
  await writeFile(path.join(dist, "assets", "app-1a2b.js"), "console.log('app')");
  t = await createTestApp({ config: { webDistDir: dist } });
  cast = await createCast(t.app);
  const page = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/pages", payload: { post_title: "Workspace", path: "/workspace" } });
  pageId = page.json().data.id as number;
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

function chooseFrontEndPage(id: number) {
  return cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "front_end_page", value: id } });
}

describe("the front-end page", () => {
  it("is not served while no front-end page is chosen", async () => {
    await chooseFrontEndPage(0);
    const response = await t.app.inject({ method: "GET", url: "/workspace" });
    expect(response.statusCode).toBe(404);
  });

  it("serves the app at the chosen page's path and below it, with the security headers", async () => {
    expect((await chooseFrontEndPage(pageId)).statusCode).toBe(200);
    for (const url of ["/workspace", "/workspace/", "/workspace/board/3?x=1"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    }
    // The app's assets are addressed from the root, so they load on the front-end page too.
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-1a2b.js" });
    expect(asset.statusCode).toBe(200);
  });

  it("serves nothing at other paths, nor at paths that only start with the same letters", async () => {
    await chooseFrontEndPage(pageId);
    for (const url of ["/workspaces", "/other", "/work"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
  });

  it("leaves unknown API addresses a JSON 404 and the API docs in place", async () => {
    await chooseFrontEndPage(pageId);
    const response = await t.app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not_found");
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(["/api/pm/v2/pages", "/api/pm/v2/settings", "/api/erp/v1/hrm/departments"]));
    expect(Object.keys(docs.json().paths).some((path) => path === "/*")).toBe(false);
  });

  it("follows a change of the page's path at once", async () => {
    await chooseFrontEndPage(pageId);
    await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/pages/${pageId}/update`, payload: { path: "/team" } });
    expect((await t.app.inject({ method: "GET", url: "/team" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/workspace" })).statusCode).toBe(404);
    await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/pages/${pageId}/update`, payload: { path: "/workspace" } });
  });

  it("still serves the admin app at /", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });
});
