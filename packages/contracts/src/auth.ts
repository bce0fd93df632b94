import { z } from "zod";
import { menuEntrySchema } from "./modules.js";
import { zEmail, zPassword, zTitle } from "./primitives.js";
import { zNewPassword } from "./password-strength.js";
import { preferencesSchema } from "./preferences.js";
import { userSchema } from "./users.js";

/** Name of the header that carries the nonce on state-changing cookie requests. */
export const NONCE_HEADER = "x-pm-nonce";

/** Name of the session cookie. */
export const SESSION_COOKIE = "plotline_session";

/** `GET /api/auth/state`. */
export const authStateSchema = z.object({ needs_setup: z.boolean() });

/** `POST /api/auth/setup` body: the first user. */
export const setupBody = z.object({
  display_name: zTitle(120),
  email: zEmail,
  password: zNewPassword,
});
export type SetupBody = z.infer<typeof setupBody>;

/** `POST /api/auth/login` body. A password is checked, never validated for strength here. */
export const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(190),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Answer of sign-in and setup. */
export const signedInSchema = z.object({ user: userSchema, nonce: z.string() });

/** `GET /api/auth/me`. */
export const meSchema = z.object({
  user: userSchema,
  nonce: z.string(),
  capabilities: z.object({
    manage_pm: z.boolean(),
    /** Whether the user may create (and so duplicate) projects: site managers, or everyone when the site allows it. */
    create_project: z.boolean(),
  }),
  /** Keys of the modules switched on, so the web app builds its menus from them. */
  active_modules: z.array(z.string()),
  /**
   * The menu entries of the modules that are on, site and project ones, that this user may see at the site
   * level: project-manager entries come along and the web shows them in projects the user manages.
   */
  menu: z.array(menuEntrySchema),
  /** The user's personal formats: date format, time zone, colour scheme, relative dates. */
  preferences: preferencesSchema,
});
export type Me = z.infer<typeof meSchema>;

/** `POST /api/auth/tokens` body. */
export const createTokenBody = z.object({ name: zTitle(100) });

/** A personal access token as listed: never the secret. */
export const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof tokenSchema>;

/** A token just created: the secret is shown this once. */
export const createdTokenSchema = z.object({ id: z.number().int(), name: z.string(), token: z.string() });

/** Failed sign-ins allowed per minute for one e-mail from one address before 429. */
export const MAX_FAILED_LOGINS_PER_MINUTE = 10;

/** Failed sign-ins allowed per minute from one address, whatever the e-mail, before 429: room for an office behind one NAT. */
export const MAX_FAILED_LOGINS_PER_ADDRESS_PER_MINUTE = 100;

export { zPassword };
