import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "plotline-site-"));
  t = await createTestApp({ config: { dataDir } });
  cast = await createCast(t.app);
  // The cast's manager, co-worker and client hold those roles in a project; the outsider holds none.
  await createProjectWithCast(cast, { title: "Roles" });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const URL = "/api/pm/v2/settings";
type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const NON_MANAGERS: Role[] = ["manager", "coWorker", "client", "outsider"];

/** Back to the defaults; clearing the logo first deletes its stored file. */
async function resetSettings(): Promise<void> {
  await save(cast.siteManager, { key: "logo", value: 0 });
  await t.database.db.deleteFrom("settings").execute();
}

function save(session: Session, payload: unknown) {
  return session.inject({ method: "POST", url: URL, payload: payload as Record<string, unknown> });
}

/** A multipart body with one file part per entry, as a browser sends it. */
function multipart(files: { name: string; bytes: Buffer; field?: string }[]) {
  const boundary = `----plotline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function uploadLogo(session: Session, files: { name: string; bytes: Buffer }[]) {
  return session.inject({ method: "POST", url: `${URL}/logo`, ...multipart(files) });
}

async function png(width = 600, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } }).png().toBuffer();
}

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, "files"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe("GET /api/pm/v2/settings", () => {
  beforeEach(resetSettings);

  it("answers every known setting with its default when nothing was saved", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { front_end_page: 0, task_start_field: true, daily_digest: false, logo: 0, project_create_capability: "managers", hrm_integration: "0", first_day_of_week: 0, project_per_page: 10 },
      meta: { logo: null, front_end_page: null },
    });
  });

  it.each(["siteManager", "manager", "coWorker", "client", "outsider"] as Role[])("is readable by %s (the web app of everyone needs it)", async (role) => {
    const response = await cast[role].inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.task_start_field).toBe(true);
  });

  it("answers 401 to someone not signed in", async () => {
    const response = await t.app.inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_signed_in");
  });

  it("falls back to the default when a stored value no longer fits its schema", async () => {
    await t.app.services.siteSettings.save("task_start_field", "maybe");
    const response = await cast.coWorker.inject({ method: "GET", url: URL });
    expect(response.json().data.task_start_field).toBe(true);
  });
});

describe("POST /api/pm/v2/settings", () => {
  beforeEach(resetSettings);

  it("saves one { key, value } and answers every setting with a message", async () => {
    const response = await save(cast.siteManager, { key: "task_start_field", value: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Settings saved", data: { task_start_field: false, daily_digest: false } });
    const read = await cast.client.inject({ method: "GET", url: URL });
    expect(read.json().data.task_start_field).toBe(false);
  });

  it("saves a list of settings, accepting the documents' text forms", async () => {
    const response = await save(cast.siteManager, {
      settings: [
        { key: "daily_digest", value: "1" },
        { key: "task_start_field", value: "false" },
        { key: "hrm_integration", value: 1 },
        { key: "project_create_capability", value: "everyone" },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ daily_digest: true, task_start_field: false, hrm_integration: "1", project_create_capability: "everyone" });
  });

  it("saves the first day of the week, given as a number or its text", async () => {
    const monday = await save(cast.siteManager, { key: "first_day_of_week", value: 1 });
    expect(monday.statusCode).toBe(200);
    expect(monday.json().data.first_day_of_week).toBe(1);
    const saturday = await save(cast.siteManager, { key: "first_day_of_week", value: "6" });
    expect(saturday.json().data.first_day_of_week).toBe(6);
    const read = await cast.client.inject({ method: "GET", url: URL });
    expect(read.json().data.first_day_of_week).toBe(6);
  });

  it("accepts a form-encoded body", async () => {
    const response = await cast.siteManager.inject({
      method: "POST",
      url: URL,
      payload: "key=hrm_integration&value=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.hrm_integration).toBe("1");
  });

  it("sets front_end_page to an existing page and shows the page in meta", async () => {
    const page = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/pages", payload: { post_title: "Team space", path: "/team-space" } });
    const id = page.json().data.id as number;
    const response = await save(cast.siteManager, { key: "front_end_page", value: String(id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { front_end_page: id }, meta: { front_end_page: { id, post_title: "Team space", path: "/team-space" } } });
    await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/pages/${id}/delete` });
  });

  it.each([
    [{ key: "nope", value: 1 }, "nope", "Unknown setting nope"],
    [{ key: "task_start_field", value: "maybe" }, "task_start_field", "task_start_field must be true or false"],
    [{ key: "daily_digest", value: null }, "daily_digest", "daily_digest must be true or false"],
    [{ key: "hrm_integration", value: "yes" }, "hrm_integration", "hrm_integration must be '1' (on) or '0' (off)"],
    [{ key: "project_create_capability", value: "clients" }, "project_create_capability", "project_create_capability must be one of: managers, everyone"],
    [{ key: "first_day_of_week", value: 7 }, "first_day_of_week", "first_day_of_week must be a day number from 0 (Sunday) to 6 (Saturday)"],
    [{ key: "first_day_of_week", value: "monday" }, "first_day_of_week", "first_day_of_week must be a day number from 0 (Sunday) to 6 (Saturday)"],
    [{ key: "first_day_of_week", value: 1.5 }, "first_day_of_week", "first_day_of_week must be a day number from 0 (Sunday) to 6 (Saturday)"],
    [{ key: "front_end_page", value: -1 }, "front_end_page", "front_end_page must be the id of a page, or 0 for none"],
    [{ key: "front_end_page", value: true }, "front_end_page", "front_end_page must be the id of a page, or 0 for none"],
    [{ key: "front_end_page", value: 999 }, "front_end_page", "front_end_page must be the id of an existing page, or 0 for none"],
    [{ key: "logo", value: 999 }, "logo", "logo must be the id of the current logo, or 0 for none; upload a new logo through the logo upload"],
  ])("refuses %j with 400 naming the setting", async (payload, field, message) => {
    const response = await save(cast.siteManager, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("rest_invalid_param");
    expect(body.message).toBe(message);
    expect(body.data.params[field]).toEqual([message]);
  });

  it("writes nothing when one setting of a list is bad", async () => {
    const response = await save(cast.siteManager, { settings: [{ key: "daily_digest", value: true }, { key: "task_start_field", value: "x" }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ task_start_field: ["task_start_field must be true or false"] });
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data.daily_digest).toBe(false);
  });

  it.each([
    [{}, "key", "key is required (or settings, a list of { key, value })"],
    [{ settings: [] }, "settings", "settings must have at least 1 item"],
    [{ key: "" }, "key", "key is required"],
  ])("refuses the body %j with 400 naming the field", async (payload, field, message) => {
    const response = await save(cast.siteManager, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params[field]).toEqual([message]);
  });

  it.each(NON_MANAGERS)("refuses %s with 403 and writes nothing", async (role) => {
    const response = await save(cast[role], { key: "daily_digest", value: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Only site managers can change site settings.");
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data.daily_digest).toBe(false);
  });

  it("answers 401 to someone not signed in", async () => {
    const response = await t.app.inject({ method: "POST", url: URL, payload: { key: "daily_digest", value: true } });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a cookie write without the nonce", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: URL, payload: { key: "daily_digest", value: true }, nonce: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("invalid_nonce");
  });
});

describe("POST /api/pm/v2/settings/logo", () => {
  beforeEach(resetSettings);

  it("stores an image as the logo with a thumbnail, shown to every signed-in user", async () => {
    const bytes = await png();
    const response = await uploadLogo(cast.siteManager, [{ name: "acme logo.png", bytes }]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Logo saved");
    const logo = body.meta.logo;
    expect(body.data.logo).toBe(logo.id);
    expect(logo).toMatchObject({ name: "acme logo.png", mime_type: "image/png", url: `/api/pm/v2/site-files/${logo.id}`, thumb: `/api/pm/v2/site-files/${logo.id}/thumb` });

    const read = await cast.client.inject({ method: "GET", url: URL });
    expect(read.json().meta.logo).toEqual(logo);
    const image = await cast.client.inject({ method: "GET", url: logo.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.rawPayload.equals(bytes)).toBe(true);
    const thumb = await cast.coWorker.inject({ method: "GET", url: logo.thumb });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(240);
    expect((await t.app.inject({ method: "GET", url: logo.url })).statusCode).toBe(401);
  });

  it("replaces the previous logo and deletes its file; logo 0 removes it", async () => {
    const first = (await uploadLogo(cast.siteManager, [{ name: "one.png", bytes: await png() }])).json().meta.logo;
    const second = (await uploadLogo(cast.siteManager, [{ name: "two.png", bytes: await png(300, 100) }])).json().meta.logo;
    expect(second.id).not.toBe(first.id);
    expect((await cast.siteManager.inject({ method: "GET", url: first.url })).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(2);

    const kept = await save(cast.siteManager, { key: "logo", value: second.id });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().meta.logo.id).toBe(second.id);

    const cleared = await save(cast.siteManager, { key: "logo", value: 0 });
    expect(cleared.json()).toMatchObject({ data: { logo: 0 }, meta: { logo: null } });
    expect((await cast.siteManager.inject({ method: "GET", url: second.url })).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("keeps an SVG logo that is safe, with no thumbnail", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><rect width="40" height="10" fill="#09f"/></svg>');
    const response = await uploadLogo(cast.siteManager, [{ name: "mark.svg", bytes: svg }]);
    expect(response.statusCode).toBe(200);
    const logo = response.json().meta.logo;
    expect(logo).toMatchObject({ mime_type: "image/svg+xml", thumb: logo.url });
  });

  it("refuses an SVG with a script with the svg_xss error and stores nothing", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await uploadLogo(cast.siteManager, [{ name: "bad.svg", bytes: svg }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "svg_xss", error_type: "svg_xss" });
    expect(await storedFiles()).toHaveLength(0);
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data.logo).toBe(0);
  });

  it.each([
    ["a text file", [{ name: "notes.png", bytes: Buffer.from("just words, not an image") }], "The logo must be a PNG, JPEG, GIF, WebP or SVG image."],
    ["an empty file", [{ name: "empty.png", bytes: Buffer.alloc(0) }], "The chosen file is empty."],
    ["no file", [], "Choose one image to upload as the logo."],
  ])("refuses %s with 400 on file", async (_what, files, message) => {
    const response = await uploadLogo(cast.siteManager, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ file: [message] });
  });

  it("refuses two files at once", async () => {
    const bytes = await png();
    const response = await uploadLogo(cast.siteManager, [{ name: "a.png", bytes }, { name: "b.png", bytes }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ file: ["Choose one image to upload as the logo."] });
  });

  it("refuses a logo over 5 MB with 400 on file", async () => {
    const response = await uploadLogo(cast.siteManager, [{ name: "huge.png", bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ file: ["The logo must be at most 5 MB."] });
  });

  it("refuses a body that is not multipart", async () => {
    const response = await save(cast.siteManager, {});
    expect(response.statusCode).toBe(400);
    const logo = await cast.siteManager.inject({ method: "POST", url: `${URL}/logo`, payload: { file: "x" } });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().data.params).toEqual({ file: ["Send the logo as multipart form data in the field file."] });
  });

  it.each(NON_MANAGERS)("refuses %s with 403 and stores nothing", async (role) => {
    const response = await uploadLogo(cast[role], [{ name: "logo.png", bytes: await png() }]);
    expect(response.statusCode).toBe(403);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("answers 401 to someone not signed in", async () => {
    const response = await t.app.inject({ method: "POST", url: `${URL}/logo`, ...multipart([{ name: "logo.png", bytes: await png() }]) });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for a site file that does not exist", async () => {
    expect((await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/site-files/9999" })).statusCode).toBe(404);
    expect((await cast.coWorker.inject({ method: "GET", url: "/api/pm/v2/site-files/9999/thumb" })).statusCode).toBe(404);
  });
});
