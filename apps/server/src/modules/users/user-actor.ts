import type { Actor } from "../../lib/actor.js";
import type { UserRow } from "./users.tables.js";

/**
 * A user as the access rules read them when nobody signed in is acting: a mail's recipient (what it may say
 * is decided with the access they would have if they opened the app now) or the member an incoming webhook
 * acts as (proven by the address's token). No session, no nonce.
 */
export function actorWithoutSession(user: UserRow): Actor {
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
