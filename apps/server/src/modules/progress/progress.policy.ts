import type { Actor } from "../../lib/actor.js";

/** The Progress feed reads every project: the documents keep it for the site's manager capability. */
export const progressPolicy = {
  canRead: (actor: Actor) => actor.isSiteManager,
} as const;
