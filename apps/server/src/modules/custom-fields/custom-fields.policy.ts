import type { Actor } from "../../lib/actor.js";
import type { ProjectAccess } from "../projects/project-access.js";

/**
 * Who may do what with custom fields: every member reads a project's fields (its own and the site-wide
 * ones); the project's managers (site managers count) change the project's own; site managers alone
 * change site-wide fields. Filling a field in on a task is an edit of the task (tasks policy).
 */
export const customFieldPolicy = {
  canManageProject: (access: ProjectAccess) => access.isManager,
  canManageSite: (actor: Actor) => actor.isSiteManager,
} as const;

/** The abilities the web app reads for a field, as one reader sees it. */
export function customFieldAbilities(canManage: boolean) {
  return { can_edit: canManage, can_delete: canManage };
}
