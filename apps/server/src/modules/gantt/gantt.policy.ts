import type { ProjectAccess } from "../projects/project-access.js";
import { taskPolicy, type TaskFacts } from "../tasks/tasks.policy.js";

/**
 * Who may do what on the Gantt chart (README.md). Seeing the chart is seeing the project's tasks: a task
 * the reader may not see is not on it, nor are its links. Moving or resizing a bar changes the task's
 * dates, so it is for whoever may change them (`taskPolicy.canEditDetails`: managers, the task's creator,
 * and its assignees where the project lets assignees edit); linking to a task and unlinking it constrain
 * its dates, so they are for the same people about the link's target; a reschedule needs it of every
 * task it moves.
 */
export const ganttPolicy = {
  canSchedule: (access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]) => taskPolicy.canEditDetails(access, task, assigneeIds),
  /** Whether the assignees matter: managers and creators may schedule whoever is assigned. */
  needsAssignees: (access: ProjectAccess, task: TaskFacts) => !taskPolicy.canEdit(access, task),
} as const;
