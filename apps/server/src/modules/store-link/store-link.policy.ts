import type { Actor } from "../../lib/actor.js";

/** Who may do what with the store link: its settings, links and orders are the site's, so site managers only. */
export const storeLinkPolicy = {
  canManage: (actor: Actor) => actor.isSiteManager,
};
