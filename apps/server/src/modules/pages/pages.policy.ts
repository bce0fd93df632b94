import type { Actor } from "../../lib/actor.js";

/** Every signed-in user lists the pages (the Pages tab and the web app need them); site managers change them. */
export const pagesPolicy = {
  canList: (_actor: Actor): boolean => true,
  canManage: (actor: Actor): boolean => actor.isSiteManager,
};
