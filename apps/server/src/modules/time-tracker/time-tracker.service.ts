import {
  CUSTOM_TIME_MAX_SECONDS,
  CUSTOM_TIME_MIN_SECONDS,
  TIME_RUN_STATUS,
  type CustomTimeBody,
  type OthersTime,
  type RunningTimer,
  type StartTimerBody,
  type StopTimerBody,
  type TimeLog,
  type TimeLogEventPayload,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { recordEvent, transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { addSeconds, toStoredTimestamp } from "../../lib/dates.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { privacyView, taskPolicy, taskPrivacyScope } from "../tasks/tasks.policy.js";
import { customStartOf, dayOf } from "./time-days.js";
import { timePolicy, type TaskTimeState } from "./time-tracker.policy.js";
import { presentTimeLog, presentTimeUser, presentViewer, secondsSince, type TimeLogViewer } from "./time-tracker.presenter.js";
import { isUniqueViolation, timeTrackerRepository, type LogWithTask, type TaskForTime, type TimesheetCell } from "./time-tracker.repository.js";
import type { TimeLogRow } from "./time-tracker.tables.js";
import { timeBilling } from "./time-billing.js";
import { timesheetOf } from "./timesheet.js";

/** What starting a timer answers: the running log, the one it stopped, and the warnings to show. */
export interface StartedTimer {
  log: TimeLog;
  stopped: TimeLog | null;
  warnings: string[];
}

/** What stopping a timer answers: the stopped log and the message to show. */
export interface StoppedTimer {
  log: TimeLog;
  message: string;
}

/** Forgotten timers stopped per transaction by the cap job. */
const CAP_BATCH = 200;

/** The state of a log's task as the time rules read it. */
function stateOf(log: Pick<LogWithTask, "task_status" | "list_status">): TaskTimeState {
  return { status: log.task_status, listStatus: log.list_status };
}

/** The payload of a `time.logged` or `time.deleted` event about a log of this task. */
function timePayload(task: Pick<LogWithTask, "task_title" | "task_privacy" | "list_privacy">, row: TimeLogRow): TimeLogEventPayload {
  return {
    projectId: row.project_id,
    timeId: row.id,
    taskId: row.task_id,
    title: task.task_title,
    userId: row.user_id,
    seconds: row.total_seconds,
    day: row.day,
    source: row.source,
    stoppedByCap: row.stopped_by_cap === 1,
    privacyScope: taskPrivacyScope({ privacy: task.task_privacy }, { privacy: task.list_privacy }),
  };
}

interface StopOptions {
  /** The answer tells the log's owner, so a stop at the cap needs no notice later. */
  ownerSees: boolean;
  note?: string;
}

/**
 * Stops a running log inside `trx`: at `now`, or at exactly its start plus the cap when it ran longer, and
 * records the time logged. Undefined when someone else stopped it first.
 */
async function stopRunningLog(
  trx: Kysely<Database>,
  actor: Actor | null,
  log: LogWithTask,
  now: Date,
  capSeconds: number,
  options: StopOptions,
): Promise<TimeLogRow | undefined> {
  const capped = secondsSince(log.started_at, now) >= capSeconds;
  const at = toStoredTimestamp(now);
  const stopped = await timeTrackerRepository(trx).stopLog(log.id, {
    stopped_at: capped ? addSeconds(log.started_at, capSeconds) : at,
    total_seconds: capped ? capSeconds : secondsSince(log.started_at, now),
    stopped_by_cap: capped ? 1 : 0,
    cap_seen_at: capped && options.ownerSees ? at : null,
    ...(options.note !== undefined && { note: options.note }),
    updated_at: at,
  });
  if (stopped) await recordEvent(trx, actor, { name: "time.logged", payload: timePayload(log, stopped) });
  return stopped;
}

/**
 * Stops the timers running on what a delete is about to remove (`taskIds`: those tasks and their sub-tasks;
 * `listIds`: every task of those lists), inside the delete's transaction and before the trash keeps the rows.
 * The trash then keeps stopped logs only, so an undo never brings back a running timer beside the one its
 * owner has started since (the database holds one per user).
 */
export async function stopTimersOnDeleted(
  trx: Kysely<Database>,
  actor: Actor,
  maxHours: number,
  doomed: { taskIds?: readonly number[]; listIds?: readonly number[] },
): Promise<void> {
  const now = new Date();
  const running = await timeTrackerRepository(trx).findRunningOn(doomed);
  for (const log of running) await stopRunningLog(trx, actor, log, now, maxHours * 3600, { ownerSees: false });
}

/**
 * The time tracker (README.md): a timer per user that runs on the server, custom time, deleting logs, the
 * managers' view of everyone's time on a task, timesheets, and the cap that stops forgotten timers.
 */
export function timeTrackerService(ctx: AppContext, access: ProjectAccessService) {
  const repository = timeTrackerRepository(ctx.db);
  const timezone = ctx.config.timezone;
  const maxHours = ctx.config.timerMaxHours;
  const capSeconds = maxHours * 3600;

  function isPastCap(log: TimeLogRow, now: Date): boolean {
    return secondsSince(log.started_at, now) >= capSeconds;
  }

  function stopRunning(trx: Kysely<Database>, actor: Actor | null, log: LogWithTask, now: Date, options: StopOptions): Promise<TimeLogRow | undefined> {
    return stopRunningLog(trx, actor, log, now, capSeconds, options);
  }

  /**
   * The user's running timer; one that ran past the cap is stopped there first (by the server: its owner is
   * told through `GET time/running`) and is no longer running.
   */
  async function currentTimer(userId: number, now: Date): Promise<LogWithTask | undefined> {
    const running = await repository.findRunningLog(userId);
    if (!running || !isPastCap(running, now)) return running;
    await transact(ctx, (trx) => stopRunning(trx, null, running, now, { ownerSees: false }));
    return undefined;
  }

  /**
   * A task the caller may see, with their access to its project. A task that is not in the given project or
   * list, or that the caller may not see, is the same 404 as a missing one.
   */
  async function requireTask(actor: Actor, taskId: number, place: { projectId?: number; listId?: number } = {}) {
    const missing = () => notFound(say("tasks.task_not_found"));
    const task = await repository.findTaskForTime(taskId, actor.id);
    if (!task) throw missing();
    if (place.projectId !== undefined && task.project_id !== place.projectId) throw missing();
    if (place.listId !== undefined && task.task_list_id !== place.listId) throw missing();
    const projectAccess = await access.requireAccess(actor, task.project_id);
    if (!taskPolicy.canSee(privacyView(projectAccess), task, { privacy: task.list_privacy })) throw missing();
    return { task, projectAccess };
  }

  /** A task the caller may log time on (an assignee, not a client); 403 otherwise. */
  async function requireLoggable(actor: Actor, taskId: number, place: { projectId?: number; listId?: number } = {}): Promise<TaskForTime> {
    const { task, projectAccess } = await requireTask(actor, taskId, place);
    if (!timePolicy.canLog(projectAccess, task.assignee_id !== null)) throw forbidden(say("time_tracker.who_may_log"));
    return task;
  }

  /** Time goes only on an incomplete task in a current list (422 otherwise). */
  function checkOpenForLogging(task: TaskForTime): void {
    if (task.status === 1) throw new AppError("rule_broken", say("time_tracker.task_complete_cannot_log_time"));
    if (task.list_status !== 1) throw new AppError("rule_broken", say("time_tracker.list_archived_restore_to_log"));
  }

  function refuseWhileRunning(): AppError {
    return new AppError("rule_broken", say("time_tracker.please_stop_your_time_tracker"));
  }

  /** The warning a start answers about the timer it stopped. */
  function stoppedWarning(title: string, stopped: TimeLogRow): string {
    return stopped.stopped_by_cap === 1
      ? say("time_tracker.timer_on_task_stopped_at_cap", { title, hours: maxHours }).text
      : say("time_tracker.timer_on_task_stopped", { title }).text;
  }

  /** One attempt at starting: in one transaction, stops the timer running elsewhere and starts this one. */
  async function startOn(actor: Actor, task: TaskForTime): Promise<StartedTimer> {
    const now = new Date();
    const at = toStoredTimestamp(now);
    const { started, stopped, before } = await transact(ctx, async (trx) => {
      const logs = timeTrackerRepository(trx);
      const running = await logs.findRunningLog(actor.id);
      // Already running on this task (a second tab, a double click): it goes on as it is. A timer left
      // past the cap on this very task is stopped there, and a fresh one starts.
      if (running && running.task_id === task.id && !isPastCap(running, now)) return { started: running, stopped: undefined, before: undefined };
      const stoppedRow = running ? await stopRunning(trx, actor, running, now, { ownerSees: true }) : undefined;
      const startedRow = await logs.insertLog({
        task_id: task.id,
        project_id: task.project_id,
        user_id: actor.id,
        started_at: at,
        stopped_at: null,
        total_seconds: 0,
        run_status: TIME_RUN_STATUS.running,
        day: dayOf(now, timezone),
        note: "",
        source: "timer",
        stopped_by_cap: 0,
        cap_seen_at: null,
        created_at: at,
        updated_at: at,
      });
      return { started: startedRow, stopped: stoppedRow, before: running };
    });
    const viewer = presentViewer(actor);
    // While the new timer runs, neither log may be deleted.
    const noDelete = { can_delete: false };
    return {
      log: presentTimeLog(started, viewer, noDelete, now),
      stopped: stopped ? presentTimeLog(stopped, viewer, noDelete, now) : null,
      warnings: stopped && before ? [stoppedWarning(before.task_title, stopped)] : [],
    };
  }

  return {
    /**
     * `POST pm-pro/v2/time/`: starts the caller's timer on a task, stopping the one that ran elsewhere (a
     * warning says so). The database holds one running timer per user: a start that raced another of the
     * same user fails on that index and is run again, now seeing the other one.
     */
    async startTimer(actor: Actor, input: StartTimerBody): Promise<StartedTimer> {
      const task = await requireLoggable(actor, input.task_id, { projectId: input.project_id, ...(input.list_id !== undefined && { listId: input.list_id }) });
      checkOpenForLogging(task);
      try {
        return await startOn(actor, task);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      try {
        return await startOn(actor, task);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("conflict", say("time_tracker.another_timer_started_same_moment"));
        throw error;
      }
    },

    /** `POST pm-pro/v2/time/update`: stops the caller's running timer (at the cap when it ran past it). */
    async stopTimer(actor: Actor, input: StopTimerBody): Promise<StoppedTimer> {
      const now = new Date();
      const running = await repository.findRunningLog(actor.id);
      if (!running) throw new AppError("rule_broken", say("time_tracker.timer_not_running"));
      if (input.task_id !== undefined && input.task_id !== running.task_id) throw new AppError("rule_broken", say("time_tracker.timer_not_running_on_task"));
      const note = input.note;
      const stopped = await transact(ctx, (trx) => stopRunning(trx, actor, running, now, { ownerSees: true, ...(note !== undefined && { note }) }));
      if (!stopped) throw new AppError("rule_broken", say("time_tracker.timer_not_running"));
      const log = presentTimeLog(stopped, presentViewer(actor), { can_delete: timePolicy.canDelete(stopped, stateOf(running), actor.id, false) }, now);
      const message = stopped.stopped_by_cap === 1 ? stoppedWarning(running.task_title, stopped) : "Time tracker stopped successfully";
      return { log, message };
    },

    /** `POST pm-pro/v2/time/{time_id}/delete`: the owner deletes a log of an open task, with their timer stopped. */
    async deleteLog(actor: Actor, timeId: number): Promise<void> {
      const now = new Date();
      const found = await repository.findLog(timeId);
      if (!found) throw notFound(say("time_tracker.time_log_not_found"));
      if (found.user_id !== actor.id) throw forbidden(say("time_tracker.who_may_delete"));
      const projectAccess = await access.requireAccess(actor, found.project_id);
      if (!taskPolicy.canSee(privacyView(projectAccess), { privacy: found.task_privacy }, { privacy: found.list_privacy })) {
        throw notFound(say("time_tracker.time_log_not_found"));
      }
      if (await currentTimer(actor.id, now)) throw refuseWhileRunning();
      // The log itself may have been the timer the cap just stopped: read what it logged.
      const log = found.run_status === TIME_RUN_STATUS.running ? await repository.findLog(timeId) : found;
      if (!log) throw notFound(say("time_tracker.time_log_not_found"));
      if (log.task_status === 1) throw new AppError("rule_broken", say("time_tracker.task_complete_cannot_delete_time"));
      if (log.list_status !== 1) throw new AppError("rule_broken", say("time_tracker.list_archived_restore_to_delete"));
      // Billed time is on an invoice (modules/invoice): deleting the invoice frees it first.
      if (log.invoice_id !== null) throw new AppError("rule_broken", "This time is billed on an invoice: delete the invoice to change it.");
      await transact(ctx, async (trx) => {
        if (!(await timeTrackerRepository(trx).deleteStoppedLog(log.id))) throw notFound(say("time_tracker.time_log_not_found"));
        await recordEvent(trx, actor, { name: "time.deleted", payload: timePayload(log, log) });
      });
    },

    /**
     * `POST pm-pro/v2/custom-time/`: time typed in, 1 minute to 24 hours, on `date` (today by default, never a
     * day to come). It is said to start at noon of that day in the site's time zone.
     */
    async addCustomTime(actor: Actor, input: CustomTimeBody): Promise<TimeLog> {
      const seconds = input.hour * 3600 + input.minute * 60;
      if (seconds < CUSTOM_TIME_MIN_SECONDS) throw invalidField("minute", say("time_tracker.custom_time_at_least_one_minute"));
      if (seconds > CUSTOM_TIME_MAX_SECONDS) throw invalidField("hour", say("time_tracker.custom_time_at_most_24_hours"));
      const now = new Date();
      const today = dayOf(now, timezone);
      const day = input.date ?? today;
      if (day > today) throw invalidField("date", say("time_tracker.date_cannot_be_in_future"));
      const task = await requireLoggable(actor, input.task_id, input.project_id !== undefined ? { projectId: input.project_id } : {});
      if (await currentTimer(actor.id, now)) throw refuseWhileRunning();
      checkOpenForLogging(task);
      const at = toStoredTimestamp(now);
      const startedAt = customStartOf(day, timezone);
      const row = await transact(ctx, async (trx) => {
        const inserted = await timeTrackerRepository(trx).insertLog({
          task_id: task.id,
          project_id: task.project_id,
          user_id: actor.id,
          started_at: startedAt,
          stopped_at: addSeconds(startedAt, seconds),
          total_seconds: seconds,
          run_status: TIME_RUN_STATUS.stopped,
          day,
          note: input.note,
          source: "custom",
          stopped_by_cap: 0,
          cap_seen_at: null,
          created_at: at,
          updated_at: at,
        });
        const taskFacts = { task_title: task.title, task_privacy: task.privacy, list_privacy: task.list_privacy };
        await recordEvent(trx, actor, { name: "time.logged", payload: timePayload(taskFacts, inserted) });
        return inserted;
      });
      return presentTimeLog(row, presentViewer(actor), { can_delete: true }, now);
    },

    /**
     * `GET pm-pro/v2/others-time/?task_id=`: everyone else's logged (stopped) time on a task, by person, for
     * the project's managers and site managers.
     */
    async othersTime(actor: Actor, taskId: number): Promise<OthersTime> {
      const { projectAccess } = await requireTask(actor, taskId);
      if (!timePolicy.canSeeOthersTime(projectAccess)) throw forbidden(say("time_tracker.who_may_see_others_time"));
      const now = new Date();
      const rows = await repository.listOthersLogs(taskId, actor.id);
      const groups = new Map<number, OthersTime["data"][number]>();
      for (const row of rows) {
        let group = groups.get(row.user_id);
        if (!group) {
          const user = presentTimeUser({
            id: row.user_id, display_name: row.user_display_name, email: row.user_email, avatar_url: row.user_avatar_url, manage_pm: row.user_manage_pm,
          });
          group = { user: { data: user }, total: 0, logs: [] };
          groups.set(row.user_id, group);
        }
        group.total += row.total_seconds;
        group.logs.push(presentTimeLog(row, group.user.data, { can_delete: false }, now));
      }
      const data = [...groups.values()].sort(
        (a, b) => a.user.data.display_name.localeCompare(b.user.data.display_name, "en", { sensitivity: "base" }) || a.user.data.id - b.user.data.id,
      );
      return { data, meta: { total: data.reduce((sum, group) => sum + group.total, 0) } };
    },

    /**
     * `GET pm-pro/v2/time/running`: the caller's running timer with its task, and the logs the server stopped
     * at the cap that they have not been told of yet.
     */
    async runningTimer(actor: Actor): Promise<RunningTimer> {
      const now = new Date();
      const running = await currentTimer(actor.id, now);
      const capped = await repository.listUnseenCapped(actor.id);
      const viewer = presentViewer(actor);
      return {
        data: running ? presentTimeLog(running, viewer, { can_delete: false }, now) : null,
        meta: {
          task: running ? { id: running.task_id, title: running.task_title, project_id: running.project_id, task_list_id: running.task_list_id } : null,
          capped: capped.map((log) =>
            presentTimeLog(log, viewer, { can_delete: timePolicy.canDelete(log, stateOf(log), actor.id, running !== undefined) }, now)),
          max_hours: maxHours,
        },
      };
    },

    /** `POST pm-pro/v2/time/{time_id}/seen`: the owner was told that the server stopped this log at the cap. */
    async markCapSeen(actor: Actor, timeId: number): Promise<TimeLog> {
      const now = new Date();
      const log = await repository.findLog(timeId);
      if (!log) throw notFound(say("time_tracker.time_log_not_found"));
      if (log.user_id !== actor.id) throw forbidden(say("time_tracker.who_may_dismiss"));
      if (log.stopped_by_cap === 1 && log.cap_seen_at === null) await repository.markCapSeen(log.id, toStoredTimestamp(now));
      const timerRuns = (await repository.findRunningLog(actor.id)) !== undefined;
      return presentTimeLog(log, presentViewer(actor), { can_delete: timePolicy.canDelete(log, stateOf(log), actor.id, timerRuns) }, now);
    },

    /** `GET pm-pro/v2/timesheet`: see timesheet.ts. */
    timesheet: timesheetOf({ repository, access, timezone }),

    /** "Bill tracked time" for the invoice module: unbilled time by task, marking and freeing it (time-billing.ts). */
    billing: timeBilling(ctx.db),

    /**
     * A user's stopped time from day `from` to day `to`, by task and day, with each task's project, list and
     * privacy, not yet cleared for any reader: for reports that apply the reader's rules (the personal report).
     */
    loggedTimeOf(userId: number, from: string, to: string): Promise<TimesheetCell[]> {
      return repository.timesheetCells(userId, from, to);
    },

    /** The projects `managerId` manages that `memberId` is a member of: where a manager may read that member's time. */
    managedProjectsOf(managerId: number, memberId: number): Promise<number[]> {
      return repository.findManagedProjectsOf(managerId, memberId);
    },

    /**
     * Stops every timer that has run for the cap or longer at exactly its start plus the cap (the job
     * `time-tracker.cap-timers`, every minute). Each stop is conditional on the log still running, so a second
     * run, or another process running the job at the same time, stops and records nothing twice.
     * Answers how many timers this run stopped.
     */
    async capForgottenTimers(now: Date = new Date()): Promise<number> {
      const startedBefore = toStoredTimestamp(new Date(now.getTime() - capSeconds * 1000));
      let count = 0;
      for (;;) {
        const overdue = await repository.findRunningStartedBefore(startedBefore, CAP_BATCH);
        if (overdue.length === 0) break;
        count += await transact(ctx, async (trx) => {
          let stopped = 0;
          for (const log of overdue) if (await stopRunning(trx, null, log, now, { ownerSees: false })) stopped += 1;
          return stopped;
        });
        if (overdue.length < CAP_BATCH) break;
      }
      return count;
    },
  };
}

export type TimeTrackerService = ReturnType<typeof timeTrackerService>;

/**
 * The caller's own logs on each of these tasks, presented, newest first, for the `time.data` of one task's
 * answers and of bulk answers (the tasks module calls it). One statement per 500 tasks. A log may be deleted
 * by the caller while the task is incomplete, its list current and their timer stopped.
 */
export async function ownLogsOfTasks(db: Kysely<Database>, taskIds: readonly number[], viewer: TimeLogViewer): Promise<Map<number, TimeLog[]>> {
  const rows = await timeTrackerRepository(db).listOwnLogs(taskIds, viewer.id);
  const now = new Date();
  const user = presentViewer(viewer);
  const logs = new Map<number, TimeLog[]>(taskIds.map((id) => [id, []]));
  for (const row of rows) {
    logs.get(row.task_id)?.push(presentTimeLog(row, user, { can_delete: timePolicy.canDelete(row, stateOf(row), viewer.id, Boolean(row.timer_running)) }, now));
  }
  return logs;
}
