import * as crypto from "node:crypto";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random URL-safe secret of `bytes` bytes of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** SHA-256 hex of a secret; session and API tokens are stored this way only. */
export function hashSecret(secret: string): string {
  // The one-shot hash (Node 20.12 and later) skips a Hash object per call: every API request hashes its token.
  return typeof crypto.hash === "function" ? crypto.hash("sha256", secret, "hex") : createHash("sha256").update(secret).digest("hex");
}

/** Compares two secrets in constant time. */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
