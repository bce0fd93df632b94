import { milestonePolicy } from "../milestones/milestones.policy.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { taskPolicy } from "../tasks/tasks.policy.js";

/**
 * Abilities of calendar events: moving or resizing one is the task or milestone update call, so the rules
 * are those calls' own (managers and the creator).
 */
export const calendarAbilities = {
  task: (access: ProjectAccess, row: { created_by: number; privacy: number }) => ({ can_edit: taskPolicy.canEdit(access, row) }),
  milestone: (access: ProjectAccess, row: { created_by: number }) => ({ can_edit: milestonePolicy.canEdit(access, row) }),
  /** What the New Task form needs of a project: whether a task may go there, and may be made private. */
  project: (access: ProjectAccess) => ({
    create_task: taskPolicy.canCreate(access),
    view_private_task: access.can("view_private_task"),
    can_set_privacy_task: taskPolicy.canMakePrivate(access),
  }),
} as const;
