import { privacyScopeOf } from "../activities/activity-recorder.js";
import type { TaskAbilities } from "@plotline/contracts";
import type { ProjectAccess } from "../projects/project-access.js";

/** Which private records of one project a reader may see. */
export interface PrivacyView {
  /** Holds view_private_task: private tasks are shown. */
  privateTasks: boolean;
  /** Holds view_private_list: private lists, and the tasks in them, are shown. */
  privateLists: boolean;
}

/** The reader's privacy view of a project. */
export function privacyView(access: ProjectAccess): PrivacyView {
  return { privateTasks: access.can("view_private_task"), privateLists: access.can("view_private_list") };
}

/** The fields of a task the rules look at. */
export interface TaskFacts {
  created_by: number;
  privacy: number;
}

/**
 * Who may do what with a task: site managers and project managers everything, creators edit and delete
 * their own, assignees also change its status. Seeing a private task needs view_private_task, and a task in
 * a private list needs view_private_list as well.
 */
export const taskPolicy = {
  canSee: (view: PrivacyView, task: { privacy: number }, list: { privacy: number }) =>
    (task.privacy === 0 || view.privateTasks) && (list.privacy === 0 || view.privateLists),
  canCreate: (access: ProjectAccess) => access.can("create_task"),
  canMakePrivate: (access: ProjectAccess) => access.can("view_private_task"),
  canEdit: (access: ProjectAccess, task: TaskFacts) => access.isManager || task.created_by === access.userId,
  canDelete: (access: ProjectAccess, task: TaskFacts) => access.isManager || task.created_by === access.userId,
  canComplete: (access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]) =>
    taskPolicy.canEdit(access, task) || assigneeIds.includes(access.userId),
  /** Reordering tasks inside a list is open to everyone who may add tasks; moving one is an edit. */
  canReorder: (access: ProjectAccess) => access.can("create_task"),
} as const;

/** The abilities the web app reads for a task. */
export function taskAbilities(access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]): TaskAbilities {
  return {
    can_edit: taskPolicy.canEdit(access, task),
    can_delete: taskPolicy.canDelete(access, task),
    can_complete: taskPolicy.canComplete(access, task, assigneeIds),
  };
}

/**
 * The capabilities an activity about a task needs to be read: view_private_task for a private task,
 * view_private_list for a task in a private list, both (a joined scope) for a private task in a private list.
 */
export function taskPrivacyScope(task: { privacy: number }, list: { privacy: number }): string | null {
  return privacyScopeOf([...(task.privacy === 1 ? (["view_private_task"] as const) : []), ...(list.privacy === 1 ? (["view_private_list"] as const) : [])]);
}
