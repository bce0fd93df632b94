import type { KanboardAbilities, KanboardColumnAbilities } from "@plotline/contracts";
import type { ProjectAccess } from "../projects/project-access.js";
import { taskPolicy, type TaskFacts } from "../tasks/tasks.policy.js";

/**
 * Who may do what on the board (README.md). The board itself (adding, renaming, recolouring, limiting,
 * marking done, deleting and reordering columns) is for site managers and the project's managers, as the
 * documents give "board actions and board title editing" to the manager capability. A card is a task:
 * whoever may change the task's status may move its card, put it on the board or take it off (a move into
 * or out of a done column changes the status), so clients move only the cards of tasks they may edit or are
 * assigned to. Seeing a card is seeing its task.
 */
export const kanboardPolicy = {
  canManageBoard: (access: ProjectAccess) => access.isManager,
  canMoveCard: (access: ProjectAccess, task: TaskFacts, assigneeIds: readonly number[]) => taskPolicy.canComplete(access, task, assigneeIds),
  /** Quick add at a column's top creates a task: whoever may create tasks. */
  canCreateTask: (access: ProjectAccess) => taskPolicy.canCreate(access),
} as const;

/** The abilities the web reads for a column. */
export function columnAbilities(access: ProjectAccess): KanboardColumnAbilities {
  const manages = kanboardPolicy.canManageBoard(access);
  return { can_edit: manages, can_delete: manages, can_create_task: kanboardPolicy.canCreateTask(access) };
}

/** The abilities the web reads for the board as a whole. */
export function boardAbilities(access: ProjectAccess): KanboardAbilities {
  const manages = kanboardPolicy.canManageBoard(access);
  return { can_create: manages, can_order: manages };
}
