import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_FILES_PER_REQUEST } from "@plotline/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import type { Actor } from "../../lib/actor.js";
import { localDiskStorage } from "../../storage/local-disk.js";
import { attachmentsService } from "./attachments.service.js";
import { filesService } from "./files.service.js";
import { purgeNow } from "../trash/trash.fixtures.js";
import { multipart, type TestFile } from "./files.multipart.fixture.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let dataDir: string;

const LIMIT = 100_000;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-files-"));
  t = await createTestApp({ config: { dataDir, maxUploadBytes: LIMIT } });
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Uploads" })).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const base = () => `/api/pm-pro/v2/projects/${projectId}/files`;

function upload(session: Session, files: TestFile[], fields: Record<string, string> = { type: "pro_file", parent: "0" }) {
  return session.inject({ method: "POST", url: base(), ...multipart(fields, files) });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "files");
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function rowCount(): Promise<number> {
  const rows = await t.database.db.withTables<{ project_files: { id: number } }>().selectFrom("project_files").select("id").execute();
  return rows.length;
}

const png = () => sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } }).png().toBuffer();

describe("uploads", () => {
  it("stores an image with a sniffed type, a cleaned name and a thumbnail", async () => {
    const response = await upload(cast.coWorker, [{ name: "../../evil<name>.txt", bytes: await png(), type: "text/html" }]);
    expect(response.statusCode).toBe(200);
    const [file] = response.json().data;
    expect(response.json().message).toBe("File uploaded successfully");
    expect(file).toMatchObject({ type: "pro_file", name: "evil_name_.txt", mime_type: "image/png", attachment_id: file.id, abilities: { can_download: true } });
    expect(file.thumb).toBe(`${base()}/${file.id}/thumb`);
    const thumb = await cast.client.inject({ method: "GET", url: file.thumb });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(240);
  });

  it("lets only roles with create_file upload", async () => {
    const bytes = Buffer.from("plain notes\n");
    // Clients hold create_file by default, as in the original; a project may take it away.
    expect((await upload(cast.client, [{ name: "a.txt", bytes }])).statusCode).toBe(200);
    const settings = `/api/pm/v2/projects/${projectId}/settings`;
    await cast.manager.inject({ method: "POST", url: settings, payload: { key: "capabilities", value: { client: { create_file: false } } } });
    expect((await upload(cast.client, [{ name: "a.txt", bytes }])).statusCode).toBe(403);
    await cast.manager.inject({ method: "POST", url: settings, payload: { key: "capabilities", value: { client: { create_file: true } } } });
    expect((await upload(cast.outsider, [{ name: "a.txt", bytes }])).statusCode).toBe(403);
    expect((await upload(cast.manager, [])).statusCode).toBe(400);
    expect((await upload(cast.manager, [{ name: "a.txt", bytes }], { type: "pro_file", parent: "999999" })).statusCode).toBe(400);
  });

  it("refuses an SVG with script, handlers or external references with svg_xss, storing nothing", async () => {
    const before = { files: (await storedFiles()).length, rows: await rowCount() };
    const bad = [
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)" width="5" height="5"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/track.png"/></svg>`,
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>`,
    ];
    for (const svg of bad) {
      // Named .png and sent as image/png: the content decides, not the name or the claimed type.
      const response = await upload(cast.manager, [{ name: "icon.png", bytes: Buffer.from(svg), type: "image/png" }, { name: "ok.txt", bytes: Buffer.from("fine") }]);
      expect(response.statusCode, svg).toBe(400);
      expect(response.json()).toMatchObject({ error_type: "svg_xss" });
      expect(response.json().message).toMatch(/SVG/);
    }
    expect((await storedFiles()).length).toBe(before.files);
    expect(await rowCount()).toBe(before.rows);

    const clean = await upload(cast.manager, [{ name: "logo.svg", bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#f00"/></svg>`) }]);
    expect(clean.statusCode).toBe(200);
    const [file] = clean.json().data;
    expect(file.mime_type).toBe("image/svg+xml");
    const download = await cast.manager.inject({ method: "GET", url: file.url });
    // An SVG is never shown inline.
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("creates a doc from a multipart form, its files[] becoming the doc's attachments", async () => {
    const doc = await upload(cast.manager, [], { type: "doc", title: "Form doc", description: "<p>Hi</p>" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data).toMatchObject({ type: "doc", title: "Form doc", description: { html: "<p>Hi</p>" }, files: { data: [] } });
    const withFile = await upload(cast.manager, [{ name: "a.txt", bytes: Buffer.from("x") }], { type: "doc", title: "With file" });
    expect(withFile.statusCode).toBe(200);
    expect(withFile.json().data.files.data).toMatchObject([{ name: "a.txt", fileable_type: "file", fileable_id: withFile.json().data.id }]);
    const revision = await upload(cast.manager, [{ name: "a.txt", bytes: Buffer.from("x") }], { type: "folder", title: "Folder with file" });
    expect(revision.statusCode).toBe(400);
    expect(revision.json().data.params).toHaveProperty("files");
  });

  it("removes the stored blobs when the rows cannot be written", async () => {
    const before = { files: (await storedFiles()).length, rows: await rowCount() };
    // A database that fails every insert, as a lost connection or a full disk would.
    const failing = t.app.ctx.db.withPlugin({
      transformQuery(args) {
        if (args.node.kind === "InsertQueryNode") throw new Error("insert failed");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const failingCtx = { ...t.app.ctx, db: failing };
    const storage = localDiskStorage(path.join(dataDir, "files"));
    const service = filesService(failingCtx, t.app.services.access, storage, attachmentsService(failingCtx, t.app.services.access, storage), t.app.services.trash);
    const actor: Actor = { id: cast.siteManager.userId, displayName: "Sam Site", email: "", avatarUrl: null, isSiteManager: true, via: "session", sessionId: null, nonce: null };
    await expect(service.upload(actor, projectId, { parent: 0 }, [{ filename: "a.png", bytes: await png() }])).rejects.toThrow(/insert failed/);
    expect((await storedFiles()).length).toBe(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it("answers 413 for a file over the limit and keeps nothing", async () => {
    const before = { files: (await storedFiles()).length, rows: await rowCount() };
    const response = await upload(cast.manager, [{ name: "small.txt", bytes: Buffer.from("fits") }, { name: "big.bin", bytes: Buffer.alloc(LIMIT + 1, 7) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "payload_too_large",
      message: "The file big.bin is larger than the upload limit of 0.1 MB.",
      data: { status: 413, params: { files: ["The file big.bin is larger than the upload limit of 0.1 MB."] } },
    });
    // A file of exactly the limit is accepted.
    const exact = await upload(cast.manager, [{ name: "exact.bin", bytes: Buffer.alloc(LIMIT, 7) }]);
    expect(exact.statusCode).toBe(200);
    const removed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/files/${exact.json().data[0].id}/delete` });
    await purgeNow(t.app, t.database.db, removed.json().undo.id);
    expect((await storedFiles()).length).toBe(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it("answers 413 for more files than one request may carry", async () => {
    const before = { files: (await storedFiles()).length, rows: await rowCount() };
    const many = Array.from({ length: MAX_FILES_PER_REQUEST + 1 }, (_, index) => ({ name: `n${index}.txt`, bytes: Buffer.from(`note ${index}`) }));
    const response = await upload(cast.manager, many);
    expect(response.statusCode).toBe(413);
    expect(response.json().data.params).toHaveProperty("files");
    expect((await storedFiles()).length).toBe(before.files);
    expect(await rowCount()).toBe(before.rows);
  });
});

describe("downloads", () => {
  let fileId: number;
  const bytes = Buffer.from("0123456789abcdefghij");

  beforeAll(async () => {
    const response = await upload(cast.coWorker, [{ name: "notes.txt", bytes }], { type: "pro_file", parent: "0", private: "1" });
    expect(response.statusCode).toBe(200);
    fileId = response.json().data[0].id;
  });

  it("checks permission before a download: hidden private files are 404", async () => {
    const check = (session: Session) => session.inject({ method: "GET", url: `${base()}/${fileId}/download-check` });
    expect((await check(cast.manager)).json()).toEqual({ data: { can_download: true, url: `${base()}/${fileId}/download` } });
    expect((await check(cast.client)).statusCode).toBe(404);
    expect((await check(cast.outsider)).statusCode).toBe(403);
    expect((await cast.client.inject({ method: "GET", url: `${base()}/${fileId}/download` })).statusCode).toBe(404);
  });

  it("streams the whole file with safe headers", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: `${base()}/${fileId}/download` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": expect.stringMatching(/^text\/plain/),
      "content-disposition": `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
      "content-length": String(bytes.length),
    });
  });

  it("serves byte ranges with 206 and refuses ranges outside the file with 416", async () => {
    const get = (range: string) => cast.manager.inject({ method: "GET", url: `${base()}/${fileId}/download`, headers: { range } });
    const first = await get("bytes=0-3");
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe("0123");
    expect(first.headers["content-range"]).toBe(`bytes 0-3/${bytes.length}`);
    const tail = await get("bytes=-5");
    expect(tail.body).toBe("fghij");
    const open = await get("bytes=15-");
    expect(open.body).toBe("fghij");
    expect(open.headers["content-length"]).toBe("5");
    const outside = await get("bytes=50-60");
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${bytes.length}`);
  });

  it("serves images inline and deletes the blobs with the item", async () => {
    const response = await upload(cast.coWorker, [{ name: "photo.png", bytes: await png() }]);
    const [file] = response.json().data;
    const download = await cast.client.inject({ method: "GET", url: file.url });
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["content-disposition"]).toMatch(/^inline;/);
    const before = (await storedFiles()).length;
    const removed = await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/files/${file.id}/delete` });
    expect(removed.statusCode).toBe(200);
    // The bytes wait in the trash for an undo, and go with its purge.
    expect((await storedFiles()).length).toBe(before);
    await purgeNow(t.app, t.database.db, removed.json().undo.id);
    expect((await storedFiles()).length).toBe(before - 2);
    expect((await cast.coWorker.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
  });
});
