import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { LICENSE_FIELDS_REQUIRED } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { signLicenseKey, verifyLicenseKey } from "../../lib/license-token.js";
import { licenseRepository } from "./license.repository.js";

// A key pair of the tests' own: the server gets the public half through its configuration.
const pair = generateKeyPairSync("ed25519");
const stranger = generateKeyPairSync("ed25519");
const PUBLIC_KEY = pair.publicKey.export({ type: "spki", format: "der" }).toString("base64");

const DAY = 24 * 3600 * 1000;
const OWNER = "owner@example.test";

function issue(options: { email?: string; plan?: string; days?: number; signer?: typeof pair } = {}): string {
  const issued = new Date(Date.now() - DAY);
  return signLicenseKey(
    {
      email: options.email ?? OWNER,
      plan: options.plan ?? "pro",
      issued_at: issued.toISOString(),
      expires_at: new Date(Date.now() + (options.days ?? 365) * DAY).toISOString(),
    },
    (options.signer ?? pair).privateKey,
  );
}

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp({ config: { licensePublicKey: PUBLIC_KEY } });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const OTHERS: Role[] = ["manager", "coWorker", "client", "outsider"];

const CHECK = "/api/pm-pro/v2/license/check";
const ACTIVATE = "/api/pm-pro/v2/license/activation";
const DELETE = "/api/pm-pro/v2/license/delete";

function activate(session: Session, payload: Record<string, unknown>) {
  return session.inject({ method: "POST", url: ACTIVATE, payload });
}

async function check(session: Session = cast.siteManager) {
  const response = await session.inject({ method: "GET", url: CHECK });
  expect(response.statusCode).toBe(200);
  return response.json().data.license;
}

async function storedRow(): Promise<string | null> {
  const row = await t.database.db.selectFrom("settings").select("value").where("key", "=", "license").executeTakeFirst();
  return row?.value ?? null;
}

describe("license", () => {
  it("GET check says no license is active on a new site", async () => {
    expect(await check()).toEqual({
      key: "",
      email: "",
      plan: null,
      expires_at: null,
      activated_at: null,
      status: { activated: false, error: null },
      message: expect.stringMatching(/^No license is active/),
    });
  });

  it("POST activation without an e-mail or a key answers 'Please provide your email and license key'", async () => {
    const cases: Array<{ payload: Record<string, unknown>; fields: string[] }> = [
      { payload: {}, fields: ["email", "key"] },
      { payload: { email: OWNER }, fields: ["key"] },
      { payload: { key: issue() }, fields: ["email"] },
      { payload: { email: "  ", key: "" }, fields: ["email", "key"] },
    ];
    for (const { payload, fields } of cases) {
      const response = await activate(cast.siteManager, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe(LICENSE_FIELDS_REQUIRED);
      expect(Object.keys(body.data.params).sort()).toEqual(fields);
      for (const field of fields) expect(body.data.params[field]).toEqual([LICENSE_FIELDS_REQUIRED]);
    }
    expect(await storedRow()).toBeNull();
  });

  it("POST activation refuses a key signed with another private key", async () => {
    const response = await activate(cast.siteManager, { email: OWNER, key: issue({ signer: stranger }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "rest_invalid_param",
      message: "This license key is not valid: its signature does not match Plotline's license key.",
      data: { params: { key: ["This license key is not valid: its signature does not match Plotline's license key."] } },
    });
    expect(await storedRow()).toBeNull();
  });

  it("POST activation refuses a key whose payload was changed", async () => {
    const [prefix, , signature] = issue().split(".");
    const forged = Buffer.from(JSON.stringify({ email: OWNER, plan: "enterprise", issued_at: "2026-01-01T00:00:00Z", expires_at: "2099-01-01T00:00:00Z" })).toString("base64url");
    const response = await activate(cast.siteManager, { email: OWNER, key: `${prefix}.${forged}.${signature}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.key[0]).toMatch(/signature does not match/);
  });

  it("POST activation refuses a key issued to another e-mail address", async () => {
    const response = await activate(cast.siteManager, { email: "someone.else@example.test", key: issue() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "This license key was issued to another e-mail address.",
      data: { params: { email: ["This license key was issued to another e-mail address."] } },
    });
  });

  it("POST activation refuses an expired key, saying when it expired", async () => {
    const key = issue({ days: -2 });
    const day = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const response = await activate(cast.siteManager, { email: OWNER, key });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ key: [`This license key expired on ${day}.`] });
  });

  it("POST activation refuses text that is not a key and a malformed e-mail", async () => {
    const notKey = await activate(cast.siteManager, { email: OWNER, key: "1234-5678-ABCD" });
    expect(notKey.statusCode).toBe(400);
    expect(notKey.json().data.params).toEqual({ key: ["This is not a Plotline license key. Paste the whole key you received."] });
    const badEmail = await activate(cast.siteManager, { email: "owner", key: issue() });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().data.params).toEqual({ email: ["Please enter a valid e-mail address"] });
    expect(await storedRow()).toBeNull();
  });

  it("POST activation stores a valid key (e-mail in any case) and GET check shows who the copy is licensed to", async () => {
    const key = issue({ days: 30 });
    const expires = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const response = await activate(cast.siteManager, { email: " Owner@Example.TEST ", key: ` ${key}\n` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("License activated successfully");
    const expected = {
      key: `${key.slice(0, 8)}…${key.slice(-6)}`,
      email: OWNER,
      plan: "pro",
      expires_at: expires,
      activated_at: expect.any(String),
      status: { activated: true, error: null },
      message: `Licensed to ${OWNER}, pro plan, valid until ${expires}.`,
    };
    expect(body.data.license).toEqual(expected);
    expect(await check()).toEqual(expected);
    const stored = JSON.parse((await storedRow()) ?? "{}");
    expect(stored).toMatchObject({ key, email: OWNER, activated_by: cast.siteManager.userId });
  });

  it("a refused activation leaves the active license as it was", async () => {
    const before = await storedRow();
    const response = await activate(cast.siteManager, { email: OWNER, key: issue({ signer: stranger }) });
    expect(response.statusCode).toBe(400);
    expect(await storedRow()).toBe(before);
    expect((await check()).status.activated).toBe(true);
  });

  for (const role of OTHERS) {
    it(`refuses a ${role} every license call with 403, changing nothing`, async () => {
      const before = await storedRow();
      for (const request of [
        { method: "GET" as const, url: CHECK },
        { method: "POST" as const, url: ACTIVATE, payload: { email: OWNER, key: issue({ plan: "business" }) } },
        { method: "POST" as const, url: DELETE },
      ]) {
        const response = await cast[role].inject(request);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: "forbidden", message: "Only site managers can manage the license." });
      }
      expect(await storedRow()).toBe(before);
    });
  }

  it("refuses a visitor who is not signed in with 401", async () => {
    expect((await t.app.inject({ method: "GET", url: CHECK })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: ACTIVATE, payload: { email: OWNER, key: issue() } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: DELETE })).statusCode).toBe(401);
  });

  it("GET check reports a stored key that has expired since, or that this copy's public key did not sign", async () => {
    const repository = licenseRepository(t.database.db);
    const expired = signLicenseKey({ email: OWNER, plan: "pro", issued_at: "2024-01-01T00:00:00.000Z", expires_at: "2025-01-01T00:00:00.000Z" }, pair.privateKey);
    await repository.saveLicense({ key: expired, email: OWNER, activated_at: "2024-01-02T00:00:00.000Z", activated_by: cast.siteManager.userId }, "2024-01-02 00:00:00");
    expect(await check()).toMatchObject({
      email: OWNER,
      plan: "pro",
      expires_at: "2025-01-01",
      status: { activated: false, error: "This license key expired on 2025-01-01." },
      message: "This license key expired on 2025-01-01.",
    });

    const foreign = issue({ signer: stranger });
    await repository.saveLicense({ key: foreign, email: OWNER, activated_at: "2024-01-02T00:00:00.000Z", activated_by: cast.siteManager.userId }, "2024-01-02 00:00:00");
    expect((await check()).status).toEqual({ activated: false, error: "This license key is not valid: its signature does not match Plotline's license key." });
  });

  it("POST delete removes the license, and deleting again is accepted", async () => {
    expect((await activate(cast.siteManager, { email: OWNER, key: issue() })).statusCode).toBe(200);
    const response = await cast.siteManager.inject({ method: "POST", url: DELETE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "License deleted successfully" });
    expect(await storedRow()).toBeNull();
    expect((await check()).status).toEqual({ activated: false, error: null });
    expect((await cast.siteManager.inject({ method: "POST", url: DELETE })).statusCode).toBe(200);
  });

  it("POST delete with a cookie session needs the nonce", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: DELETE, nonce: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("invalid_nonce");
  });
});

describe("npm run license:issue", () => {
  const root = path.resolve(import.meta.dirname, "../../../../..");
  const run = promisify(execFile);
  const script = ["--import", "tsx", "apps/server/src/scripts/license-issue.ts"];

  it("signs a key with the private key from the environment (base64 DER or PEM) that the server accepts", async () => {
    const der = pair.privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
    const pem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    for (const secret of [der, pem]) {
      const { stdout } = await run(process.execPath, [...script, "--email", "Buyer@Example.test", "--plan", "team", "--days", "10"], {
        cwd: root,
        env: { ...process.env, PLOTLINE_LICENSE_PRIVATE_KEY: secret },
      });
      const check = verifyLicenseKey(stdout.trim(), pair.publicKey);
      expect(check).toMatchObject({ ok: true, payload: { email: "buyer@example.test", plan: "team" } });
      if (check.ok) expect(Date.parse(check.payload.expires_at) - Date.parse(check.payload.issued_at)).toBe(10 * DAY);
    }
  });

  it("fails with a readable message without a private key", async () => {
    const env = { ...process.env };
    delete env.PLOTLINE_LICENSE_PRIVATE_KEY;
    await expect(run(process.execPath, [...script, "--email", OWNER], { cwd: root, env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("PLOTLINE_LICENSE_PRIVATE_KEY is not set"),
    });
  });
});
