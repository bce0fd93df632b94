import { CompiledQuery, type Kysely, type Selectable } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobSchedulesTable, JobsTable } from "./jobs.tables.js";

/** A job row as read. */
export type JobRow = Selectable<JobsTable>;

/** A schedule row as read. */
export type JobScheduleRow = Selectable<JobSchedulesTable>;

/** The run of a job a runner claimed: the job's id and the attempt it holds. */
export type HeldRun = Pick<JobRow, "id" | "attempts">;

/** A job to insert. */
export interface NewJob {
  name: string;
  payload: string;
  key: string | null;
  maxAttempts: number;
  runAt: number;
  createdAt: string;
}

// Due jobs are read a few at a time and taken one by one with a conditional update: a row another
// process took in between no longer matches, and the next one is tried.
const CLAIM_CANDIDATES = 5;

/** Queries of the table engine of the job runner; the only place that reads or writes `jobs` and `job_schedules`. */
export function jobsRepository(db: Kysely<Database>) {
  /** Inserts a job; null when a job with the same name and key has not started yet (the unique index). */
  async function insertJob(job: NewJob, executor: Kysely<Database> = db): Promise<number | null> {
    const row = await executor
      .insertInto("jobs")
      .values({
        name: job.name,
        payload: job.payload,
        key: job.key,
        state: "pending",
        attempts: 0,
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        created_at: job.createdAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id ?? null;
  }

  return {
    /** Inserts a job, in `executor` (a transaction) when given; null when one with the same name and key waits. */
    insertJob: (job: NewJob, executor?: Kysely<Database>) => insertJob(job, executor),

    async findJob(id: number): Promise<JobRow | undefined> {
      return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * Takes the next due job of these names: pending and due, or running with an expired lock (its process
     * died). Marks it running until `lockUntil` and counts the attempt. Undefined when none is due.
     */
    async claimNextJob(names: readonly string[], now: number, lockUntil: number): Promise<JobRow | undefined> {
      if (names.length === 0) return undefined;
      const candidates = await db
        .selectFrom("jobs")
        .select(["id", "state", "attempts"])
        .where("name", "in", names)
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "=", "pending"), eb("run_at", "<=", now)]),
            eb.and([eb("state", "=", "running"), eb("locked_until", "<", now)]),
          ]),
        )
        .orderBy("run_at")
        .orderBy("id")
        .limit(CLAIM_CANDIDATES)
        .execute();
      for (const candidate of candidates) {
        const row = await db
          .updateTable("jobs")
          .set((eb) => ({ state: "running", attempts: eb("attempts", "+", 1), locked_until: lockUntil }))
          .where("id", "=", candidate.id)
          .where("state", "=", candidate.state)
          .where("attempts", "=", candidate.attempts)
          .returningAll()
          .executeTakeFirst();
        if (row) return row;
      }
      return undefined;
    },

    // The three below change a job only while this run still holds it (the state and attempt it claimed):
    // a run that outlived its lock was claimed again elsewhere, and its late answer must not undo that one.

    async completeJob(run: HeldRun, finishedAt: string): Promise<void> {
      await db.updateTable("jobs").set({ state: "done", locked_until: null, finished_at: finishedAt }).where("id", "=", run.id).where("state", "=", "running").where("attempts", "=", run.attempts).execute();
    },

    /** Puts a failed job back in line until `runAt`. */
    async retryJob(run: HeldRun, runAt: number, error: string): Promise<void> {
      await db.updateTable("jobs").set({ state: "pending", run_at: runAt, locked_until: null, last_error: error }).where("id", "=", run.id).where("state", "=", "running").where("attempts", "=", run.attempts).execute();
    },

    /** Ends a job whose retries are spent; it stays, with its last error, for inspection. */
    async killJob(run: HeldRun, error: string, finishedAt: string): Promise<void> {
      await db.updateTable("jobs").set({ state: "dead", locked_until: null, last_error: error, finished_at: finishedAt }).where("id", "=", run.id).where("state", "=", "running").where("attempts", "=", run.attempts).execute();
    },

    /** Deletes the jobs that succeeded before `before`; dead ones are kept. */
    async deleteDoneJobs(before: string): Promise<void> {
      await db.deleteFrom("jobs").where("state", "=", "done").where("finished_at", "<", before).execute();
    },

    async findSchedule(name: string): Promise<JobScheduleRow | undefined> {
      return db.selectFrom("job_schedules").selectAll().where("name", "=", name).executeTakeFirst();
    },

    /** Adds a schedule; a process that added it first wins (the others read it back). */
    async insertSchedule(schedule: JobScheduleRow): Promise<void> {
      await db
        .insertInto("job_schedules")
        .values(schedule)
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
    },

    /** Changes a schedule's pattern or payload, with the next due instant of the new pattern. */
    async updateSchedule(schedule: JobScheduleRow): Promise<void> {
      const { name, ...fields } = schedule;
      await db.updateTable("job_schedules").set(fields).where("name", "=", name).execute();
    },

    /** The schedules due at `now` among these names. */
    async listDueSchedules(names: readonly string[], now: number): Promise<JobScheduleRow[]> {
      if (names.length === 0) return [];
      return db.selectFrom("job_schedules").selectAll().where("name", "in", names).where("next_run_at", "<=", now).execute();
    },

    /**
     * Fires a due schedule: moves its next due instant from `dueAt` to `nextRunAt` and enqueues its job, in
     * one transaction. Only the process whose update still finds `dueAt` fires; false for the others.
     */
    async fireSchedule(schedule: JobScheduleRow, nextRunAt: number, job: NewJob): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("job_schedules")
          .set({ next_run_at: nextRunAt })
          .where("name", "=", schedule.name)
          .where("next_run_at", "=", schedule.next_run_at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await insertJob(job, trx);
        return true;
      });
    },
  };
}

/**
 * pg-boss's database adapter over a connection of the app's own (a transaction), so that a job pg-boss
 * writes through it commits or rolls back with that transaction.
 */
export function pgBossExecutor(db: Kysely<Database>): { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } {
  return {
    executeSql: async (text, values = []) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows }),
  };
}

/** The table engine's queries. */
export type JobsRepository = ReturnType<typeof jobsRepository>;
