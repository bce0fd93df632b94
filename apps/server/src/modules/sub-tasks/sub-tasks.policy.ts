import type { ProjectAccess } from "../projects/project-access.js";
import type { TaskFacts } from "../tasks/tasks.policy.js";

/**
 * Who may do what with a task's sub-tasks as a whole. Each sub-task is a task and follows the task rules
 * (tasks.policy.ts): its managers and creator edit and delete it, and its assignees also change its status.
 */
export const subTaskPolicy = {
  /**
   * Add sub-tasks to a task: site and project managers; otherwise a co-worker (never a client) who made the
   * task or is assigned to it, as long as the project lets co-workers create tasks at all.
   */
  canCreate: (access: ProjectAccess, parent: TaskFacts, parentAssigneeIds: readonly number[]) =>
    access.isManager ||
    (access.role === "co_worker" && access.can("create_task") && (parent.created_by === access.userId || parentAssigneeIds.includes(access.userId))),
  /** Reorder a task's sub-tasks: whoever may add them. */
  canSort: (access: ProjectAccess, parent: TaskFacts, parentAssigneeIds: readonly number[]) => subTaskPolicy.canCreate(access, parent, parentAssigneeIds),
} as const;
