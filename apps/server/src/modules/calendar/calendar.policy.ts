import { milestonePolicy } from "../milestones/milestones.policy.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { privacyView, taskPolicy, type PrivacyView } from "../tasks/tasks.policy.js";

/** What a reader may see of one project on the calendar: the task rules plus private milestones. */
export interface CalendarView extends PrivacyView {
  privateMilestones: boolean;
}

/** The reader's calendar view of a project. */
export function calendarView(access: ProjectAccess): CalendarView {
  return { ...privacyView(access), privateMilestones: access.can("view_private_milestone") };
}

/**
 * Abilities of calendar events: moving or resizing one is the task or milestone update call, so the rules
 * are those calls' own (managers and the creator).
 */
export const calendarAbilities = {
  task: (access: ProjectAccess, row: { created_by: number; privacy: number }) => ({ can_edit: taskPolicy.canEdit(access, row) }),
  milestone: (access: ProjectAccess, row: { created_by: number }) => ({ can_edit: milestonePolicy.canEdit(access, row) }),
} as const;
