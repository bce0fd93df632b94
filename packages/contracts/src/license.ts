import { z } from "zod";

/**
 * The license (`GET /api/pm-pro/v2/license/check`, `POST .../license/activation`, `POST .../license/delete`),
 * for site managers. A license does not lock any feature: it records who this copy is licensed to.
 */

/** The message of an activation without an e-mail or a key, as the documents word it. */
export const LICENSE_FIELDS_REQUIRED = "Please provide your email and license key";

/** The license as `data.license` carries it. */
export const licenseSchema = z.object({
  /** The stored key, shortened to its first and last characters; empty when none is stored. */
  key: z.string(),
  /** The purchase e-mail the key was issued to; empty when none is stored. */
  email: z.string(),
  /** The plan the key names, e.g. `pro`; null when none is stored. */
  plan: z.string().nullable(),
  /** Last day the key is valid, YYYY-MM-DD in UTC; null when none is stored. */
  expires_at: z.string().nullable(),
  /** When the key was activated here, ISO 8601; null when none is stored. */
  activated_at: z.string().nullable(),
  status: z.object({
    /** Whether a valid license is active. */
    activated: z.boolean(),
    /** Why a stored key is no longer valid (expired, or not signed by this copy's license key); else null. */
    error: z.string().nullable(),
  }),
  /** One readable sentence about the state. */
  message: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

/** `GET .../license/check` and `POST .../license/activation` answers. */
export const licenseEnvelope = z.object({ data: z.object({ license: licenseSchema }), message: z.string().optional() });
export type LicenseEnvelope = z.infer<typeof licenseEnvelope>;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: LICENSE_FIELDS_REQUIRED })
    .trim()
    .min(1, LICENSE_FIELDS_REQUIRED)
    .max(max, `${field} must have at most ${max} characters`);

/** `POST .../license/activation`: both fields are needed. */
export const licenseActivationBody = z.object({
  email: requiredText("email", 190).pipe(z.email("Please enter a valid e-mail address")),
  key: requiredText("key", 4000),
});
export type LicenseActivationBody = z.infer<typeof licenseActivationBody>;
