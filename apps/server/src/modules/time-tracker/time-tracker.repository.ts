import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { TIME_RUN_STATUS } from "@plotline/contracts";
import { ROLE } from "@plotline/contracts";
import type { Insertable } from "kysely";
import type { TimeLogRow, TimeLogsTable } from "./time-tracker.tables.js";

/** Seconds by task id. */
export type SecondsByTask = Map<number, number>;

/** Every query of the time tracker. */
export function timeLogsRepository(db: Kysely<Database>) {
  return {
    /**
     * Seconds of stopped logs, by everyone, on each of these tasks itself (`own`) and on its sub-tasks (by
     * parent): one statement per 500 tasks.
     */
    async loggedOnTasks(taskIds: readonly number[]): Promise<{ own: SecondsByTask; subTasks: SecondsByTask }> {
      const rows = await inChunks(taskIds, (chunk) =>
        db.selectFrom("time_logs")
          .select(["task_id as id", sql<number>`0`.as("of_sub_tasks"), (eb) => eb.fn.sum<number>("total_seconds").as("seconds")])
          .where("task_id", "in", chunk)
          .where("run_status", "=", TIME_RUN_STATUS.stopped)
          .groupBy("task_id")
          .unionAll(
            db.selectFrom("time_logs")
              .innerJoin("tasks", "tasks.id", "time_logs.task_id")
              .select(["tasks.parent_id as id", sql<number>`1`.as("of_sub_tasks"), (eb) => eb.fn.sum<number>("time_logs.total_seconds").as("seconds")])
              .where("tasks.parent_id", "in", chunk)
              .where("tasks.parent_id", "<>", 0)
              .where("time_logs.run_status", "=", TIME_RUN_STATUS.stopped)
              .groupBy("tasks.parent_id"),
          )
          .execute());
      const own: SecondsByTask = new Map();
      const subTasks: SecondsByTask = new Map();
      for (const row of rows) (Number(row.of_sub_tasks) === 1 ? subTasks : own).set(row.id, Number(row.seconds));
      return { own, subTasks };
    },

    /** The task a user's timer runs on, if any. */
    async runningTaskOf(userId: number): Promise<number | null> {
      const row = await db.selectFrom("time_logs").select("task_id")
        .where("user_id", "=", userId).where("run_status", "=", TIME_RUN_STATUS.running)
        .executeTakeFirst();
      return row?.task_id ?? null;
    },
  };
}

// The time tracker's own calls (time-tracker.service.ts) read and write through the queries below.

/** A time log as written. */
export type NewTimeLog = Insertable<TimeLogsTable>;

/** A task as the time rules read it: its state, its list's, and whether the caller is assigned to it. */
export interface TaskForTime {
  id: number;
  project_id: number;
  task_list_id: number;
  title: string;
  /** 0 incomplete, 1 complete, 2 pending. */
  status: number;
  privacy: number;
  /** 1 current, 0 archived. */
  list_status: number;
  list_privacy: number;
  /** The caller's id when they are assigned to the task, else null. */
  assignee_id: number | null;
}

/** A log with what its rules and events need of its task and list. */
export interface LogWithTask extends TimeLogRow {
  task_title: string;
  task_status: number;
  task_privacy: number;
  task_list_id: number;
  list_status: number;
  list_privacy: number;
}

/** A log with its owner, for lists of other people's time. */
export interface LogWithUser extends LogWithTask {
  user_display_name: string;
  user_email: string;
  user_avatar_url: string | null;
  user_manage_pm: number;
}

/** A log of the reader's own, with whether the reader's timer runs right now (on any task). */
export interface OwnLog extends LogWithTask {
  /** 1 or 0 on SQLite, a boolean on PostgreSQL. */
  timer_running: number | boolean;
}

/** The seconds a user logged on one task on one day, with the task as a timesheet row shows it. */
export interface TimesheetCell {
  task_id: number;
  day: string;
  seconds: number;
  title: string;
  status: number;
  parent_id: number;
  privacy: number;
  project_id: number;
  project_title: string;
  task_list_id: number;
  list_status: number;
  list_privacy: number;
  /** The sheet's owner when assigned to the task, else null. */
  assignee_id: number | null;
}

/** The user fields a log's owner is shown with. */
export interface TimeUserRow {
  id: number;
  display_name: string;
  email: string;
  avatar_url: string | null;
  manage_pm: number;
}

// `run_status` is written as a literal: the query then states the very condition of the partial index of
// running logs (`where run_status = 1`), which both engines' planners match without looking at bound values.
const RUNNING = sql.lit(TIME_RUN_STATUS.running);
const STOPPED = sql.lit(TIME_RUN_STATUS.stopped);

/**
 * Whether a write failed on a unique index: on `time_logs`, a second running timer of one user, started by a
 * request that raced another.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** The reads and writes of the time tracker's calls: timers, custom time, deletes, timesheets, the cap. */
export function timeTrackerRepository(db: Kysely<Database>) {
  function logsWithTask() {
    return db
      .selectFrom("time_logs")
      .innerJoin("tasks", "tasks.id", "time_logs.task_id")
      .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
      .selectAll("time_logs")
      .select([
        "tasks.title as task_title", "tasks.status as task_status", "tasks.privacy as task_privacy", "tasks.task_list_id",
        "task_lists.status as list_status", "task_lists.privacy as list_privacy",
      ]);
  }

  return {
    /** A task with its list's state, and whether `userId` is assigned to it. */
    findTaskForTime(taskId: number, userId: number): Promise<TaskForTime | undefined> {
      return db
        .selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .leftJoin("task_assignees", (join) => join.onRef("task_assignees.task_id", "=", "tasks.id").on("task_assignees.user_id", "=", userId))
        .select([
          "tasks.id", "tasks.project_id", "tasks.task_list_id", "tasks.title", "tasks.status", "tasks.privacy",
          "task_lists.status as list_status", "task_lists.privacy as list_privacy", "task_assignees.user_id as assignee_id",
        ])
        .where("tasks.id", "=", taskId)
        .executeTakeFirst();
    },

    /** One log with its task, or undefined. */
    findLog(id: number): Promise<LogWithTask | undefined> {
      return logsWithTask().where("time_logs.id", "=", id).executeTakeFirst();
    },

    /** The user's running timer with its task, or undefined. */
    findRunningLog(userId: number): Promise<LogWithTask | undefined> {
      return logsWithTask().where("time_logs.user_id", "=", userId).where("time_logs.run_status", "=", RUNNING).executeTakeFirst();
    },

    /** Running timers on these tasks or their sub-tasks, or on tasks of these lists: 500 ids per statement. */
    async findRunningOn(doomed: { taskIds?: readonly number[]; listIds?: readonly number[] }): Promise<LogWithTask[]> {
      const running = () => logsWithTask().where("time_logs.run_status", "=", RUNNING);
      const onTasks = await inChunks(doomed.taskIds ?? [], (chunk) =>
        running().where((eb) => eb.or([eb("tasks.id", "in", chunk), eb.and([eb("tasks.parent_id", "in", chunk), eb("tasks.parent_id", "<>", 0)])])).execute());
      const onLists = await inChunks(doomed.listIds ?? [], (chunk) => running().where("tasks.task_list_id", "in", chunk).execute());
      return [...new Map([...onTasks, ...onLists].map((log) => [log.id, log])).values()];
    },

    /** Running timers started at or before `startedBefore` (stored UTC), oldest first. */
    findRunningStartedBefore(startedBefore: string, limit: number): Promise<LogWithTask[]> {
      return logsWithTask()
        .where("time_logs.run_status", "=", RUNNING)
        .where("time_logs.started_at", "<=", startedBefore)
        .orderBy("time_logs.started_at")
        .orderBy("time_logs.id")
        .limit(limit)
        .execute();
    },

    /** Writes a log; a second running log of one user fails on `time_logs_running_idx`. */
    insertLog(row: NewTimeLog): Promise<TimeLogRow> {
      return db.insertInto("time_logs").values(row).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * Stops a running log; undefined when it no longer runs (another request or process stopped it first),
     * so that a timer is stopped, and its time recorded, once.
     */
    stopLog(
      id: number,
      stop: { stopped_at: string; total_seconds: number; stopped_by_cap: number; cap_seen_at: string | null; note?: string; updated_at: string },
    ): Promise<TimeLogRow | undefined> {
      return db
        .updateTable("time_logs")
        .set({ ...stop, run_status: TIME_RUN_STATUS.stopped })
        .where("id", "=", id)
        .where("run_status", "=", RUNNING)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes a stopped log; false when it was gone already. */
    async deleteStoppedLog(id: number): Promise<boolean> {
      const result = await db.deleteFrom("time_logs").where("id", "=", id).where("run_status", "=", STOPPED).where("invoice_id", "is", null).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Notes that the owner was told that the server stopped this log at the cap. */
    async markCapSeen(id: number, at: string): Promise<void> {
      await db.updateTable("time_logs").set({ cap_seen_at: at }).where("id", "=", id).where("cap_seen_at", "is", null).execute();
    },

    /** Logs the server stopped at the cap that the user has not been told of, newest first. */
    listUnseenCapped(userId: number): Promise<LogWithTask[]> {
      return logsWithTask()
        .where("time_logs.user_id", "=", userId)
        .where("time_logs.stopped_by_cap", "=", 1)
        .where("time_logs.cap_seen_at", "is", null)
        .orderBy("time_logs.started_at", "desc")
        .orderBy("time_logs.id", "desc")
        .execute();
    },

    /** The user's own logs on a task, newest first, each with whether the user's timer runs now: one statement. */
    listOwnLogs(taskIds: readonly number[], userId: number): Promise<OwnLog[]> {
      return inChunks(taskIds, (chunk) => logsWithTask()
        .select((eb) =>
          eb.exists(
            eb.selectFrom("time_logs as running")
              .select("running.id")
              .where("running.user_id", "=", userId)
              .where("running.run_status", "=", RUNNING),
          ).$castTo<number | boolean>().as("timer_running"))
        .where("time_logs.task_id", "in", chunk)
        .where("time_logs.user_id", "=", userId)
        .orderBy("time_logs.started_at", "desc")
        .orderBy("time_logs.id", "desc")
        .execute());
    },

    /** Everyone else's stopped logs on a task with their owners, newest first. */
    listOthersLogs(taskId: number, exceptUserId: number): Promise<LogWithUser[]> {
      return logsWithTask()
        .innerJoin("users", "users.id", "time_logs.user_id")
        .select([
          "users.display_name as user_display_name", "users.email as user_email", "users.avatar_url as user_avatar_url",
          "users.manage_pm as user_manage_pm",
        ])
        .where("time_logs.task_id", "=", taskId)
        .where("time_logs.run_status", "=", STOPPED)
        .where("time_logs.user_id", "<>", exceptUserId)
        .orderBy("time_logs.started_at", "desc")
        .orderBy("time_logs.id", "desc")
        .execute();
    },

    /**
     * A user's stopped time from day `from` to day `to` (both included), summed by task and day, with each
     * task's row: one statement, which reads the logs through `time_logs_user_day_idx`.
     */
    async timesheetCells(userId: number, from: string, to: string): Promise<TimesheetCell[]> {
      const sums = db
        .selectFrom("time_logs")
        .select(["time_logs.task_id", "time_logs.day", (eb) => eb.fn.sum<number>("time_logs.total_seconds").as("seconds")])
        .where("time_logs.user_id", "=", userId)
        .where("time_logs.day", ">=", from)
        .where("time_logs.day", "<=", to)
        .where("time_logs.run_status", "=", STOPPED)
        .groupBy(["time_logs.task_id", "time_logs.day"]);
      const rows = await db
        .selectFrom(sums.as("cells"))
        .innerJoin("tasks", "tasks.id", "cells.task_id")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .leftJoin("task_assignees", (join) => join.onRef("task_assignees.task_id", "=", "tasks.id").on("task_assignees.user_id", "=", userId))
        .select([
          "cells.task_id", "cells.day", "cells.seconds", "tasks.title", "tasks.status", "tasks.parent_id", "tasks.privacy", "tasks.project_id",
          "projects.title as project_title", "tasks.task_list_id", "task_lists.status as list_status", "task_lists.privacy as list_privacy",
          "task_assignees.user_id as assignee_id",
        ])
        .execute();
      return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
    },

    /** A user as a log's owner is shown, or undefined. */
    findUser(id: number): Promise<TimeUserRow | undefined> {
      return db.selectFrom("users").select(["id", "display_name", "email", "avatar_url", "manage_pm"]).where("id", "=", id).executeTakeFirst();
    },

    /** The projects that `managerId` manages (manager role) and `memberId` is a member of. */
    async findManagedProjectsOf(managerId: number, memberId: number): Promise<number[]> {
      const rows = await db
        .selectFrom("project_members as manager")
        .innerJoin("project_members as member", "member.project_id", "manager.project_id")
        .select("manager.project_id")
        .where("manager.user_id", "=", managerId)
        .where("manager.role_id", "=", ROLE.manager)
        .where("member.user_id", "=", memberId)
        .execute();
      return rows.map((row) => row.project_id);
    },
  };
}

export type TimeTrackerRepository = ReturnType<typeof timeTrackerRepository>;
