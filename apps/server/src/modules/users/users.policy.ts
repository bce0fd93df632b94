import type { Actor } from "../../lib/actor.js";

/** Who may do what to user accounts: only site managers manage them; everyone signed in may look. */
export const usersPolicy = {
  canList: (actor: Actor) => actor !== null,
  canView: (actor: Actor) => actor !== null,
  canCreate: (actor: Actor) => actor.isSiteManager,
  canUpdate: (actor: Actor) => actor.isSiteManager,
} as const;
