import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { readCache, type TableRevisions } from "../../shared/read-cache.js";
import { timeLogsRepository, type SecondsByTask } from "./time-tracker.repository.js";

/** The time every task answer carries, read in bulk for the task presentation (tasks/tasks.loader.ts). */
export interface LoggedTime {
  /** Seconds of stopped logs on each task itself. */
  own: SecondsByTask;
  /** Seconds of stopped logs on each task's sub-tasks, by parent. */
  subTasks: SecondsByTask;
}

/** Logged seconds of these tasks and of their sub-tasks: one statement per 500 tasks. */
export function loggedTimeOfTasks(db: Kysely<Database>, taskIds: readonly number[]): Promise<LoggedTime> {
  return timeLogsRepository(db).loggedOnTasks(taskIds);
}

/** Each user's running timer's task, kept until a time log changes. */
export interface RunningTimers {
  /** The task the user's timer runs on, or null. */
  taskOf(userId: number): Promise<number | null>;
}

/**
 * Which task each user's timer runs on, for the `time.meta.running` of the tasks they read. Kept per user
 * until a commit writes `time_logs`, so a listing served from its cache still runs no SQL.
 */
export function runningTimers(tables: TableRevisions, db: Kysely<Database>): RunningTimers {
  // One per database handle, so that every service reading tasks shares what it keeps.
  const existing = runningTimersOf.get(db);
  if (existing) return existing;
  const made = keptRunningTimers(tables, db);
  runningTimersOf.set(db, made);
  return made;
}

const runningTimersOf = new WeakMap<Kysely<Database>, RunningTimers>();

function keptRunningTimers(tables: TableRevisions, db: Kysely<Database>): RunningTimers {
  const logs = timeLogsRepository(db);
  const kept = readCache<{ taskId: number | null }>(tables, { dependsOn: ["time_logs"], maxWeight: 10_000 });
  return {
    async taskOf(userId) {
      return (await kept.get(String(userId), async () => ({ taskId: await logs.runningTaskOf(userId) }))).taskId;
    },
  };
}
