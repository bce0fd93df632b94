import type { ProjectAccess } from "../projects/project-access.js";

/**
 * Who may do what with labels: every member reads a project's labels (tasks show them); the project's
 * managers and site managers create, change and delete them. Putting labels on a task is an edit of the task
 * (can_edit_task), decided by the tasks policy.
 */
export const labelPolicy = {
  canManage: (access: ProjectAccess) => access.isManager,
} as const;

/** The abilities the web app reads for a label. */
export function labelAbilities(access: ProjectAccess) {
  return { can_edit: labelPolicy.canManage(access), can_delete: labelPolicy.canManage(access) };
}
