import { z } from "zod";
import { zNewPassword } from "./password-strength.js";
import { zEmail, zFlag, zInt, zTitle } from "./primitives.js";

/** A user as the API shows it. Never carries the password or sessions. */
export const userSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  email: z.string(),
  /** Picture to show, or null for the initials fallback. */
  avatar_url: z.string().nullable(),
  /** The site-wide manager capability. */
  manage_pm: z.boolean(),
  /**
   * Only in `GET /api/pm/v2/users`: the user is a client in at least one project, so a project form adds
   * them as a client by default rather than as a co-worker who would see private items.
   */
  is_client: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/pm/v2/users` query. */
export const listUsersQuery = z.object({
  query: z.string().trim().max(190).optional(),
  page: zInt.min(1).default(1),
  per_page: zInt.min(-1).max(500).default(20),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

/** `POST /api/pm/v2/users` body. */
export const createUserBody = z.object({
  display_name: zTitle(120),
  email: zEmail,
  password: zNewPassword,
  manage_pm: zFlag.default(false),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** `POST /api/pm/v2/users/{id}/update` body: only the fields given change. */
export const updateUserBody = z.object({
  display_name: zTitle(120).optional(),
  email: zEmail.optional(),
  password: zNewPassword.optional(),
  manage_pm: zFlag.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;
