import type { TaskListAbilities } from "@plotline/contracts";
import { canMakePrivate, canSeeTaskList, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";

/** The fields of a list the rules look at. */
export interface ListFacts {
  created_by: number;
  privacy: number;
  status: number;
  is_inbox: number;
}

/**
 * Who may do what with a task list: create_list to add one (and view_private_list to make it private),
 * site and project managers or its creator to change or delete it; the Inbox is never deleted; tasks are
 * added to current lists by those with create_task.
 */
export const taskListPolicy = {
  canSee: (access: ProjectAccess, list: { privacy: number }) => canSeeTaskList(privacyViewOf(access), list),
  canCreate: (access: ProjectAccess) => access.can("create_list"),
  canMakePrivate: (access: ProjectAccess) => canMakePrivate(privacyViewOf(access), "task_list"),
  canEdit: (access: ProjectAccess, list: ListFacts) => access.isManager || list.created_by === access.userId,
  canDelete: (access: ProjectAccess, list: ListFacts) => (access.isManager || list.created_by === access.userId) && list.is_inbox === 0,
  canCreateTask: (access: ProjectAccess, list: ListFacts) => access.can("create_task") && list.status === 1,
  /** The order of lists is shared by everyone, so it is for those who may add lists. */
  canReorder: (access: ProjectAccess) => access.can("create_list"),
  /** A copy is a new list, so it is for those who may add lists; archived lists are not copied. */
  canDuplicate: (access: ProjectAccess, list: ListFacts) => access.can("create_list") && list.status === 1,
  /** The Inbox stays current and public: new tasks land in it. */
  canArchive: (access: ProjectAccess, list: ListFacts) => taskListPolicy.canEdit(access, list) && list.is_inbox === 0,
  canSetPrivacy: (access: ProjectAccess, list: ListFacts) =>
    taskListPolicy.canEdit(access, list) && taskListPolicy.canMakePrivate(access) && list.is_inbox === 0,
} as const;

/** The abilities the web app reads for a list. */
export function taskListAbilities(access: ProjectAccess, list: ListFacts): TaskListAbilities {
  return {
    can_edit: taskListPolicy.canEdit(access, list),
    can_delete: taskListPolicy.canDelete(access, list),
    can_create_task: taskListPolicy.canCreateTask(access, list),
    can_duplicate: taskListPolicy.canDuplicate(access, list),
    can_archive: taskListPolicy.canArchive(access, list),
    can_set_privacy: taskListPolicy.canSetPrivacy(access, list),
  };
}
