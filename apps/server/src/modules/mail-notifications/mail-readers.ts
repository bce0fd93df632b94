import type { Actor } from "../../lib/actor.js";
import type { UserRow } from "../users/users.tables.js";

/**
 * A recipient as the access rules read a user: what a mail may say is decided with the same project access
 * and privacy view they would have if they opened the app now. Never signed in: no session, no nonce.
 */
export function readerOf(user: UserRow): Actor {
  return {
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    avatarUrl: user.avatar_url,
    isSiteManager: user.manage_pm === 1,
    via: "token",
    sessionId: null,
    nonce: null,
  };
}
