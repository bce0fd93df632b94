import type { User } from "@plotline/contracts";
import type { UserRow } from "../../db/schema.js";

/** The fields of a user that leave the server. Never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    display_name: row.display_name,
    email: row.email,
    avatar_url: row.avatar_url,
    manage_pm: row.manage_pm === 1,
  };
}
