import { routePath } from "@plotline/contracts";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";

/**
 * A link to a task's modal from the time tracker's screens: its address, and the state that makes
 * closing the task go back to the screen it was opened from (as task rows do). Kept apart from the
 * task rows' module, which the header, in every page's bundle, should not pull in.
 */
export function taskLink(task: { project_id: number; task_id: number }): { to: string; state: typeof TASK_LINK_STATE } {
  return { to: routePath("single_task", { project_id: task.project_id, task_id: task.task_id }), state: TASK_LINK_STATE };
}
