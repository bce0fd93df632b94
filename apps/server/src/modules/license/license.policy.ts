import type { Actor } from "../../lib/actor.js";

/** The license is the site's: site managers read and change it. */
export const licensePolicy = {
  canManage: (actor: Actor) => actor.isSiteManager,
} as const;
