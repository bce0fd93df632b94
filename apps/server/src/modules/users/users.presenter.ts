import type { User } from "@plotline/contracts";
import type { UserRow } from "./users.tables.js";

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

/** A user in the users list, with whether they are a client in some project (for the member role's default). */
export function presentListedUser(row: UserRow, isClient: boolean): User {
  return { ...presentUser(row), is_client: isClient };
}

/**
 * A loaded user, or a stand-in for one whose row is missing, so that one missing account never breaks a
 * whole listing (creators, assignees, authors of tasks, lists, milestones, discussions and comments).
 */
export function presentUserOrPlaceholder(users: ReadonlyMap<number, UserRow>, id: number): User {
  const row = users.get(id);
  return row ? presentUser(row) : { id, display_name: "Unknown user", email: "", avatar_url: null, manage_pm: false };
}
