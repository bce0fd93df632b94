import type { ProjectAbilities } from "@plotline/contracts";
import type { ProjectAccess } from "./project-access.js";

/** What a member may do with the project itself: managers run it; everyone inside may favourite it. */
export const projectPolicy = {
  canEdit: (access: ProjectAccess) => access.isManager,
  canDelete: (access: ProjectAccess) => access.isManager,
  canManageSettings: (access: ProjectAccess) => access.isManager,
  /** A copy is a new project: for its managers who may also create projects (site settings). */
  canDuplicate: (access: ProjectAccess, canCreateProjects: boolean) => access.isManager && canCreateProjects,
} as const;

/** The abilities the web app reads for a project; `canCreateProjects` is the actor's site-wide right. */
export function projectAbilities(access: ProjectAccess, canCreateProjects: boolean): ProjectAbilities {
  return {
    can_edit: projectPolicy.canEdit(access),
    can_delete: projectPolicy.canDelete(access),
    can_manage: projectPolicy.canManageSettings(access),
    duplicate: projectPolicy.canDuplicate(access, canCreateProjects),
    create_list: access.can("create_list"),
    create_task: access.can("create_task"),
    create_milestone: access.can("create_milestone"),
    create_message: access.can("create_message"),
    create_file: access.can("create_file"),
    view_private_list: access.can("view_private_list"),
    view_private_task: access.can("view_private_task"),
    view_private_milestone: access.can("view_private_milestone"),
    view_private_message: access.can("view_private_message"),
    view_private_file: access.can("view_private_file"),
    // Each module's policy lets a new record be private for the holders of its view_private_* capability
    // (discussions: anyone who may start one); the create forms read these instead of re-coding that.
    can_set_privacy_list: access.can("view_private_list"),
    can_set_privacy_task: access.can("view_private_task"),
    can_set_privacy_milestone: access.can("view_private_milestone"),
    can_set_privacy_message: access.can("create_message"),
    can_set_privacy_file: access.can("view_private_file"),
  };
}
