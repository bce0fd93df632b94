import type { Actor } from "../../lib/actor.js";

/**
 * Who may do what to user accounts: only site managers manage them and see everyone; anyone else sees
 * themselves and the people who share a project with them (never, say, another customer's client).
 */
export const usersPolicy = {
  canList: (actor: Actor) => actor !== null,
  canSeeEveryone: (actor: Actor) => actor.isSiteManager,
  canCreate: (actor: Actor) => actor.isSiteManager,
  canUpdate: (actor: Actor) => actor.isSiteManager,
} as const;
