import type { SprintAbilities } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import type { ProjectAccess } from "../projects/project-access.js";

/** What the rules look at of a sprint. */
export interface SprintFacts {
  created_by: number | null;
  status: string;
}

/**
 * Who may do what with sprints (README.md, the "Who"). The manager capability (site managers) edits
 * any sprint and the sprint's creator their own: its fields, start, completion, deletion, and the tasks of
 * every project of it they can enter. A project's manager adds and takes out the tasks of the projects they
 * manage. Everyone else who belongs to one of its projects reads it. Planning a sprint over a project takes
 * its manager or a co-worker who may create tasks there; clients never plan.
 */
export const sprintPolicy = {
  /** Name the project in a sprint one creates or edits. */
  canPlanIn: (actor: Actor, access: ProjectAccess) =>
    actor.isSiteManager || access.isManager || (access.role === "co_worker" && access.can("create_task")),
  /** Change the sprint itself: its fields, start, completion, deletion. */
  canEdit: (actor: Actor, sprint: SprintFacts) => actor.isSiteManager || (sprint.created_by !== null && sprint.created_by === actor.id),
  /** Add tasks of this project to the sprint, or take them out (whatever its status; a completed one refuses both). */
  canChangeTasksOf: (actor: Actor, sprint: SprintFacts, access: ProjectAccess) => sprintPolicy.canEdit(actor, sprint) || access.isManager,
} as const;

/** The abilities the web reads for a sprint, given the reader's access to each of its projects they may enter. */
export function sprintAbilities(actor: Actor, sprint: SprintFacts, accesses: readonly ProjectAccess[]): SprintAbilities {
  const canEdit = sprintPolicy.canEdit(actor, sprint);
  const open = sprint.status !== "completed";
  return {
    can_edit: canEdit,
    can_delete: canEdit,
    can_start: canEdit && sprint.status === "planned",
    can_complete: canEdit && sprint.status === "active",
    task_project_ids: open ? accesses.filter((access) => sprintPolicy.canChangeTasksOf(actor, sprint, access)).map((access) => access.projectId) : [],
  };
}
