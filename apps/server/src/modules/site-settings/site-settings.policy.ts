import type { Actor } from "../../lib/actor.js";

/**
 * Who may read and write site settings. Every known setting is harmless to show (the web app of every user
 * needs task_start_field, the logo, the front-end page and the workforce flag), so every signed-in user
 * reads them; only site managers write.
 */
export const siteSettingsPolicy = {
  canRead: (_actor: Actor): boolean => true,
  canWrite: (actor: Actor): boolean => actor.isSiteManager,
};
