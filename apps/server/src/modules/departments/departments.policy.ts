import type { Actor } from "../../lib/actor.js";

/**
 * Every signed-in user lists departments (the project form of any project manager offers them); only site
 * managers create, rename, delete them and set their people.
 */
export const departmentsPolicy = {
  canList: (_actor: Actor): boolean => true,
  canManage: (actor: Actor): boolean => actor.isSiteManager,
};
