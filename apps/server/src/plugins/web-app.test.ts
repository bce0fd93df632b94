import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.js";

let t: TestApp;
let dist: string;

const SCRIPT = `console.log(${JSON.stringify("a page chunk ".repeat(200))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "plotline-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), '<!doctype html><script type="module" src="/assets/page-1a2b.js"></script>');
  // As the web build writes them (apps/web/vite.config.ts): the asset, and its gzip and brotli variants.
  await writeFile(path.join(dist, "assets", "page-1a2b.js"), SCRIPT);
  await writeFile(path.join(dist, "assets", "page-1a2b.js.gz"), gzipSync(SCRIPT));
  await writeFile(path.join(dist, "assets", "page-1a2b.js.br"), brotliCompressSync(SCRIPT));
  t = await createTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe("GET /assets/* of the web build", () => {
  it("sends the build's gzip variant to a browser that accepts gzip, cached for a year", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/page-1a2b.js", headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("prefers brotli when it is accepted too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/page-1a2b.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("sends the plain file to a client that accepts no compression", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/page-1a2b.js", headers: { "accept-encoding": "identity" } });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });
});
