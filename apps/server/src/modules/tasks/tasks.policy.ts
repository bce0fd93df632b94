import type { TaskAbilities } from "@plotline/contracts";
import { canMakePrivate, canSeeTask, capabilitiesToSee, privacyScopeOf, privacyViewOf, type PrivacyView } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";

/** The reader's privacy view of a project (the privacy module's, under the name this module's callers use). */
export function privacyView(access: ProjectAccess): PrivacyView {
  return privacyViewOf(access);
}

/** The fields of a task the rules look at. */
export interface TaskFacts {
  created_by: number;
  privacy: number;
}

/** The fields of a task the abilities look at: a sub-task (parent_id not 0) moves only with its parent. */
export interface TaskAbilityFacts extends TaskFacts {
  parent_id: number;
}

/**
 * The fields of a task its assignees may change when the project's setting `assignees_can_edit` is on;
 * privacy, assignees, list, labels, priority and the rest stay with its editors.
 */
export const TASK_DETAIL_FIELDS = ["title", "description", "start_at", "due_date", "estimation"] as const;

/**
 * Who may do what with a task: site managers and project managers everything, creators edit and delete
 * their own, assignees also change its status, and co-workers assigned to it change its details when the
 * project allows it. Seeing a private task needs view_private_task, and a task in a private list needs
 * view_private_list as well.
 */
export const taskPolicy = {
  canSee: (view: PrivacyView, task: { privacy: number }, list: { privacy: number }) => canSeeTask(view, task, list),
  canCreate: (access: ProjectAccess) => access.can("create_task"),
  canMakePrivate: (access: ProjectAccess) => canMakePrivate(privacyViewOf(access), "task"),
  canEdit: (access: ProjectAccess, task: TaskFacts) => access.isManager || task.created_by === access.userId,
  canDelete: (access: ProjectAccess, task: TaskFacts) => access.isManager || task.created_by === access.userId,
  canComplete: (access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]) =>
    taskPolicy.canEdit(access, task) || assigneeIds.includes(access.userId),
  /** Change the TASK_DETAIL_FIELDS: editors, and a co-worker assigned to it where `assignees_can_edit` is on. */
  canEditDetails: (access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]) =>
    taskPolicy.canEdit(access, task) || (access.assigneesCanEdit && access.role === "co_worker" && assigneeIds.includes(access.userId)),
  /** Reordering tasks inside a list is open to everyone who may add tasks; moving one is an edit. */
  canReorder: (access: ProjectAccess) => access.can("create_task"),
  /** Moving a task to another list is an edit; a sub-task moves with its parent. */
  canMove: (access: ProjectAccess, task: TaskAbilityFacts) => taskPolicy.canEdit(access, task) && task.parent_id === 0,
} as const;

/** The abilities the web app reads for a task. */
export function taskAbilities(access: ProjectAccess, task: TaskAbilityFacts, assigneeIds: readonly number[]): TaskAbilities {
  const canEdit = taskPolicy.canEdit(access, task);
  return {
    can_edit: canEdit,
    can_delete: taskPolicy.canDelete(access, task),
    can_complete: taskPolicy.canComplete(access, task, assigneeIds),
    can_move: taskPolicy.canMove(access, task),
    // A sub-task's privacy is its parent's (tasks/sub-task-writes.ts).
    can_set_privacy: canEdit && taskPolicy.canMakePrivate(access) && task.parent_id === 0,
    can_edit_details: taskPolicy.canEditDetails(access, task, assigneeIds),
  };
}

/**
 * The capabilities an activity about a task needs to be read: view_private_task for a private task,
 * view_private_list for a task in a private list, both (a joined scope) for a private task in a private list.
 */
export function taskPrivacyScope(task: { privacy: number }, list: { privacy: number }): string | null {
  return privacyScopeOf(capabilitiesToSee({ kind: "task", privacy: task.privacy, listPrivacy: list.privacy }));
}
