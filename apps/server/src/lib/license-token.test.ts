import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readLicenseKey, signLicenseKey, verifyLicenseKey, type LicensePayload } from "./license-token.js";

const pair = generateKeyPairSync("ed25519");
const other = generateKeyPairSync("ed25519");

const payload: LicensePayload = {
  email: "Owner@Example.test",
  plan: "pro",
  issued_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2027-01-01T00:00:00.000Z",
};
const during = new Date("2026-06-01T00:00:00Z");

/** Replaces the payload part of a key, keeping its signature. */
function withPayload(token: string, changed: Record<string, unknown>): string {
  const [prefix, , signature] = token.split(".");
  return `${prefix}.${Buffer.from(JSON.stringify(changed)).toString("base64url")}.${signature}`;
}

describe("license keys", () => {
  it("verifies a key it signed, with the e-mail lower-cased", () => {
    const token = signLicenseKey(payload, pair.privateKey);
    expect(token).toMatch(/^PL1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicenseKey(token, pair.publicKey, during)).toEqual({ ok: true, payload: { ...payload, email: "owner@example.test" } });
  });

  it("refuses a key whose payload was changed after signing", () => {
    const token = signLicenseKey(payload, pair.privateKey);
    const tampered = withPayload(token, { ...payload, email: "owner@example.test", expires_at: "2099-01-01T00:00:00.000Z" });
    expect(verifyLicenseKey(tampered, pair.publicKey, during)).toEqual({ ok: false, problem: "signature" });
    const otherPlan = withPayload(token, { ...payload, email: "owner@example.test", plan: "enterprise" });
    expect(verifyLicenseKey(otherPlan, pair.publicKey, during)).toEqual({ ok: false, problem: "signature" });
  });

  it("refuses a key signed with another private key", () => {
    const token = signLicenseKey(payload, other.privateKey);
    expect(verifyLicenseKey(token, pair.publicKey, during)).toEqual({ ok: false, problem: "signature" });
  });

  it("refuses an expired key but still says when it ended", () => {
    const token = signLicenseKey(payload, pair.privateKey);
    const check = verifyLicenseKey(token, pair.publicKey, new Date("2027-01-01T00:00:00Z"));
    expect(check).toMatchObject({ ok: false, problem: "expired", payload: { expires_at: "2027-01-01T00:00:00.000Z" } });
  });

  it("refuses text that is not a key", () => {
    for (const text of ["", "hello", "PL1.abc", "PL2.abc.def", "PL1.a b.c", `PL1.${"A".repeat(10)}.${"B".repeat(86)}`]) {
      expect(verifyLicenseKey(text, pair.publicKey, during).ok).toBe(false);
    }
  });

  it("refuses a signed payload that lacks a field", () => {
    expect(() => signLicenseKey({ ...payload, plan: "Pro Plan" }, pair.privateKey)).toThrow(/plan/);
  });

  it("reads keys as PEM or as base64 DER, and only Ed25519 ones", () => {
    const pem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
    const der = pair.publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const privateDer = pair.privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
    const token = signLicenseKey(payload, readLicenseKey(privateDer, "private"));
    expect(verifyLicenseKey(token, readLicenseKey(pem, "public"), during).ok).toBe(true);
    expect(verifyLicenseKey(token, readLicenseKey(der, "public"), during).ok).toBe(true);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(() => readLicenseKey(rsa, "public")).toThrow(/Ed25519/);
    expect(() => readLicenseKey("not a key", "public")).toThrow(/not a readable key/);
  });
});
