import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/**
 * License keys: `PL1.<payload>.<signature>`, both parts base64url. The payload is JSON holding the e-mail,
 * plan and expiry; the signature is Ed25519 over the ASCII text `PL1.<payload>`, so a key is checked
 * offline against a public key alone. Keys are signed by `npm run license:issue` with the private key.
 */

const PREFIX = "PL1";

/** What a license key holds. */
export interface LicensePayload {
  /** The purchase e-mail, lower-cased; activation must give the same one. */
  email: string;
  /** Plan name, e.g. `pro`: lowercase letters, digits, `_` and `-`. */
  plan: string;
  /** When the key was signed, ISO 8601 in UTC. */
  issued_at: string;
  /** When the key stops being valid, ISO 8601 in UTC. */
  expires_at: string;
}

/** Why a key was refused. */
export type LicenseKeyProblem = "malformed" | "signature" | "expired";

export type LicenseCheck = { ok: true; payload: LicensePayload } | { ok: false; problem: LicenseKeyProblem; payload?: LicensePayload };

const PLAN_PATTERN = /^[a-z0-9_-]{1,40}$/;

/**
 * Reads a key given as PEM text or as base64 of its DER bytes (SPKI for a public key, PKCS#8 for a private
 * one), and checks that it is an Ed25519 key. Throws an Error naming what is wrong.
 */
export function readLicenseKey(text: string, kind: "public" | "private"): KeyObject {
  const trimmed = text.trim();
  if (trimmed === "") throw new Error(`The license ${kind} key is empty`);
  let key: KeyObject;
  try {
    if (trimmed.startsWith("-----BEGIN")) {
      // A PEM private key also yields its public half, which is what a verifier needs from either.
      key = kind === "public" ? createPublicKey(trimmed) : createPrivateKey(trimmed);
    } else {
      const der = Buffer.from(trimmed, "base64");
      key = kind === "public" ? createPublicKey({ key: der, format: "der", type: "spki" }) : createPrivateKey({ key: der, format: "der", type: "pkcs8" });
    }
  } catch {
    throw new Error(`The license ${kind} key is not a readable key: give PEM text or base64 of its DER bytes (${kind === "public" ? "SPKI" : "PKCS#8"})`);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`The license ${kind} key must be an Ed25519 key, not ${key.asymmetricKeyType ?? "unknown"}`);
  return key;
}

/** Checks the fields of a payload; null when any is missing or malformed. */
function asPayload(value: unknown): LicensePayload | null {
  if (typeof value !== "object" || value === null) return null;
  const { email, plan, issued_at: issuedAt, expires_at: expiresAt } = value as Record<string, unknown>;
  if (typeof email !== "string" || !email.includes("@") || email.length > 190) return null;
  if (typeof plan !== "string" || !PLAN_PATTERN.test(plan)) return null;
  if (typeof issuedAt !== "string" || Number.isNaN(Date.parse(issuedAt))) return null;
  if (typeof expiresAt !== "string" || Number.isNaN(Date.parse(expiresAt))) return null;
  return { email, plan, issued_at: issuedAt, expires_at: expiresAt };
}

/** Signs a payload into a license key. */
export function signLicenseKey(payload: LicensePayload, privateKey: KeyObject): string {
  const checked = asPayload({ ...payload, email: payload.email.trim().toLowerCase() });
  if (!checked) throw new Error("A license needs an e-mail address, a plan (lowercase letters, digits, _ or -) and valid dates");
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(checked), "utf8").toString("base64url")}`;
  const signature = sign(null, Buffer.from(body, "ascii"), privateKey);
  return `${body}.${signature.toString("base64url")}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Verifies a license key against the public key: its shape, its signature, then its expiry at `now`. An
 * expired key still returns its payload, so the caller can say when it ended.
 */
export function verifyLicenseKey(token: string, publicKey: KeyObject, now: Date = new Date()): LicenseCheck {
  const parts = token.trim().split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, problem: "malformed" };
  const [, encodedPayload = "", encodedSignature = ""] = parts;
  if (!BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) return { ok: false, problem: "malformed" };
  const signature = Buffer.from(encodedSignature, "base64url");
  // Ed25519 signatures are always 64 bytes; anything else cannot verify.
  if (signature.length !== 64) return { ok: false, problem: "signature" };
  if (!verify(null, Buffer.from(`${PREFIX}.${encodedPayload}`, "ascii"), publicKey, signature)) return { ok: false, problem: "signature" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, problem: "malformed" };
  }
  const payload = asPayload(parsed);
  if (!payload) return { ok: false, problem: "malformed" };
  if (Date.parse(payload.expires_at) <= now.getTime()) return { ok: false, problem: "expired", payload };
  return { ok: true, payload };
}
