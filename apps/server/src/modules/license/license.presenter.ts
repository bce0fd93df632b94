import type { License } from "@plotline/contracts";
import type { LicensePayload } from "../../lib/license-token.js";
import type { StoredLicense } from "./license.repository.js";

/** A stored key as shown back: enough to recognise it, not enough to copy it. */
export function maskKey(key: string): string {
  return key.length <= 16 ? "•".repeat(key.length) : `${key.slice(0, 8)}…${key.slice(-6)}`;
}

/** The last day of a key, YYYY-MM-DD in UTC. */
export function expiryDay(payload: Pick<LicensePayload, "expires_at">): string {
  return new Date(payload.expires_at).toISOString().slice(0, 10);
}

/** No license is stored. */
export function presentNoLicense(): License {
  return {
    key: "",
    email: "",
    plan: null,
    expires_at: null,
    activated_at: null,
    status: { activated: false, error: null },
    message: "No license is active. Every feature works without one; a license records who this copy is licensed to.",
  };
}

/** A stored license, valid (`error` null) or no longer valid (`error` says why). */
export function presentLicense(stored: StoredLicense, payload: LicensePayload | null, error: string | null): License {
  const expires = payload ? expiryDay(payload) : null;
  return {
    key: maskKey(stored.key),
    email: stored.email,
    plan: payload?.plan ?? null,
    expires_at: expires,
    activated_at: stored.activated_at,
    status: { activated: error === null, error },
    message: error ?? `Licensed to ${stored.email}, ${payload?.plan ?? ""} plan, valid until ${expires ?? ""}.`,
  };
}
