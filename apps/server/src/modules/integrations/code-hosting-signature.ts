import { createHmac, timingSafeEqual } from "node:crypto";

/** The scheme both services use: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the secret. */
const PREFIX = "sha256=";

/** The signature header value a service would send for this body and secret. */
export function signBody(secret: string, body: Buffer | string): string {
  return PREFIX + createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * Whether `header` (`X-Hub-Signature-256` from GitHub, `X-Hub-Signature` from Bitbucket) signs these exact
 * bytes with the secret. Compared in constant time over the digests, so that the answer's timing tells
 * nothing about how much of a forged signature was right.
 */
export function isSignatureValid(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const sent = header.slice(PREFIX.length).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sent)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(Buffer.from(sent, "hex"), expected);
}
