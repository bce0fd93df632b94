import type { Actor } from "../../lib/actor.js";

/** Task types are a site setting: everyone signed in reads them, site managers change them. */
export const taskTypePolicy = {
  canList: (actor: Actor) => actor.id > 0,
  canCreate: (actor: Actor) => actor.isSiteManager,
  canDelete: (actor: Actor) => actor.isSiteManager,
} as const;
