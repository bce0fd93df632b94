import type { Actor } from "../../lib/actor.js";

/** The modules list is a site-wide switchboard: site managers only. */
export const moduleListPolicy = {
  canList: (actor: Actor) => actor.isSiteManager,
  canUpdate: (actor: Actor) => actor.isSiteManager,
} as const;
