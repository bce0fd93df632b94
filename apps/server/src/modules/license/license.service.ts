import type { License, LicenseActivationBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, say } from "../../lib/app-error.js";
import { readLicenseKey, verifyLicenseKey, type LicenseCheck } from "../../lib/license-token.js";
import { licensePolicy } from "./license.policy.js";
import { expiryDay, presentLicense, presentNoLicense } from "./license.presenter.js";
import { licenseRepository } from "./license.repository.js";

/** Why a key is refused, in words, with the field the message belongs to. */
function problemOf(check: Exclude<LicenseCheck, { ok: true }>): { field: "key"; message: string } {
  switch (check.problem) {
    case "malformed":
      return { field: "key", message: "This is not a Plotline license key. Paste the whole key you received." };
    case "signature":
      return { field: "key", message: "This license key is not valid: its signature does not match Plotline's license key." };
    case "expired":
      return { field: "key", message: `This license key expired on ${check.payload ? expiryDay(check.payload) : "an earlier date"}.` };
  }
}

const OTHER_EMAIL = say("license.issued_to_other_email");

/**
 * The license: an Ed25519-signed key checked offline against the configured public key, kept in the site
 * settings. It locks nothing; it records who this copy is licensed to.
 */
export function licenseService(ctx: AppContext, now: () => Date = () => new Date()) {
  const repository = licenseRepository(ctx.db);
  const publicKey = readLicenseKey(ctx.config.licensePublicKey, "public");

  function requireManager(actor: Actor): void {
    if (!licensePolicy.canManage(actor)) throw forbidden(say("license.who_may_manage_license"));
  }

  return {
    /** The stored license, checked again now: a key that expired since (or was signed by another key) shows why. */
    async checkLicense(actor: Actor): Promise<License> {
      requireManager(actor);
      const stored = await repository.findLicense();
      if (!stored) return presentNoLicense();
      const check = verifyLicenseKey(stored.key, publicKey, now());
      if (!check.ok) return presentLicense(stored, check.payload ?? null, problemOf(check).message);
      if (check.payload.email !== stored.email) return presentLicense(stored, check.payload, OTHER_EMAIL.text);
      return presentLicense(stored, check.payload, null);
    },

    /** Verifies the key against the e-mail and stores it; a refused key leaves any stored license as it was. */
    async activateLicense(actor: Actor, input: LicenseActivationBody): Promise<License> {
      requireManager(actor);
      const key = input.key.trim();
      const email = input.email.trim().toLowerCase();
      const check = verifyLicenseKey(key, publicKey, now());
      if (!check.ok) {
        const problem = problemOf(check);
        throw invalidField(problem.field, problem.message);
      }
      if (check.payload.email !== email) throw invalidField("email", OTHER_EMAIL);
      const stored = { key, email, activated_at: now().toISOString(), activated_by: actor.id };
      await repository.saveLicense(stored, stored.activated_at.slice(0, 19).replace("T", " "));
      return presentLicense(stored, check.payload, null);
    },

    /** Deletes the stored license; deleting when none is stored is accepted. */
    async deleteLicense(actor: Actor): Promise<void> {
      requireManager(actor);
      await repository.deleteLicense();
    },
  };
}

export type LicenseService = ReturnType<typeof licenseService>;
