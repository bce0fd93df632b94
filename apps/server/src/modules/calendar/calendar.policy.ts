import { milestonePolicy } from "../milestones/milestones.policy.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { taskPolicy } from "../tasks/tasks.policy.js";

/**
 * What an event's abilities are worked out from. `move` says what dragging it changes: its dates (the month
 * and week views), or its dates and its people (the user view, where a drop on another row reassigns it).
 */
export interface EventFacts {
  created_by: number;
  privacy: number;
  assigneeIds: readonly number[];
  move: "dates" | "dates_and_people";
}

/**
 * Abilities of calendar events: moving or resizing one is the task or milestone update call, so the rules
 * are those calls' own. Dates are task details, which an assignee may change where the project lets
 * assignees edit; a change of people is an edit (managers and the creator).
 */
export const calendarAbilities = {
  task: (access: ProjectAccess, facts: EventFacts) => ({
    can_edit: facts.move === "dates" ? taskPolicy.canEditDetails(access, facts, facts.assigneeIds) : taskPolicy.canEdit(access, facts),
  }),
  milestone: (access: ProjectAccess, row: { created_by: number }) => ({ can_edit: milestonePolicy.canEdit(access, row) }),
  /** What the New Task form needs of a project: whether a task may go there, and may be made private. */
  project: (access: ProjectAccess) => ({
    create_task: taskPolicy.canCreate(access),
    view_private_task: access.can("view_private_task"),
    can_set_privacy_task: taskPolicy.canMakePrivate(access),
  }),
} as const;
