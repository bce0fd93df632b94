import { createHmac, timingSafeEqual } from "node:crypto";

/** The `X-WC-Webhook-Signature` WooCommerce sends: base64 of the HMAC-SHA256 of the raw body, keyed by the webhook secret. */
export function signWooBody(secret: string, body: Buffer | string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/**
 * Whether `header` signs these exact bytes with the secret. Compared in constant time over the digests, so
 * the answer's timing tells nothing about how much of a forged signature was right.
 */
export function isWooSignatureValid(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const sent = Buffer.from(header.trim(), "base64");
  const expected = createHmac("sha256", secret).update(body).digest();
  if (sent.length !== expected.length) return false;
  return timingSafeEqual(sent, expected);
}
