import { TIME_RUN_STATUS } from "@plotline/contracts";
import type { ProjectAccess } from "../projects/project-access.js";

/** A task's state as the time rules read it. */
export interface TaskTimeState {
  /** 0 incomplete, 1 complete, 2 pending. */
  status: number;
  /** The task's list: 1 current, 0 archived. */
  listStatus: number;
}

/**
 * Who may do what with time (README.md): only assignees log time, and clients never do; a log is deleted by
 * its owner alone; the project's managers (and site managers) see everyone's time on a task; a timesheet is
 * its owner's, and site managers and the managers of a project the owner is in may read it.
 */
export const timePolicy = {
  /** Start a timer or add custom time on a task: an assignee who is not the project's client. */
  canLog: (access: ProjectAccess, isAssignee: boolean) => isAssignee && (access.isManager || access.role !== "client"),
  /** Time goes only on an incomplete task in a current list. */
  isOpenForTime: (task: TaskTimeState) => task.status !== 1 && task.listStatus === 1,
  /** Delete a log: its owner, while the task is open for time and their own timer is stopped. */
  canDelete: (log: { user_id: number; run_status: number }, task: TaskTimeState, viewerId: number, viewerTimerRuns: boolean) =>
    log.user_id === viewerId && log.run_status === TIME_RUN_STATUS.stopped && !viewerTimerRuns && timePolicy.isOpenForTime(task),
  /** See the other users' time on a task. */
  canSeeOthersTime: (access: ProjectAccess) => access.isManager,
} as const;
