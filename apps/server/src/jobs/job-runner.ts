/**
 * The job runner's one interface, shared by its two engines: pg-boss on PostgreSQL, a `jobs` table on
 * SQLite. Job names and payloads are typed through `JobMap`, which modules extend:
 *
 * ```ts
 * declare module "../../jobs/job-runner.js" {
 *   interface JobMap {
 *     "tasks.reindex": { taskId: number };
 *   }
 * }
 * ```
 */

import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Every job name and its payload type. Empty here: each module adds its own jobs by interface merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface JobMap {}

/** A job name: a key of `JobMap` (or of the map a test runner is typed with). */
export type JobName<M extends object = JobMap> = keyof M & string;

/** How a job is enqueued. */
export interface EnqueueOptions {
  /** Deduplication key: enqueuing the same name and key again is a no-op while the first job has not started. */
  key?: string;
  /** Not run before this instant. */
  runAt?: Date;
  /** Further runs after a failure, each after a longer wait (exponential back-off); then the job is dead. */
  retries?: number;
  /**
   * A transaction of the app's database to write the job in: the job then exists only once that
   * transaction commits, with what else it wrote. An event subscriber passes its `db`, so the rows it writes
   * and the job that acts on them are both there or both gone, even if the process stops right after.
   */
  transaction?: Kysely<Database>;
}

/** How a handler is run. */
export interface WorkOptions {
  /** Jobs of this name run at once in this process (1 by default). */
  concurrency?: number;
}

/** What a handler learns about the job it runs. */
export interface JobInfo {
  /** The job's id, as `enqueue` returned it. */
  id: string;
  /** The job's name. */
  name: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

/** Runs one job. Throwing (or rejecting) fails the run: the job is retried or, once its retries are spent, dead. */
export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

/** Handlers by job name, as a module declares them. */
export type JobHandlers<M extends object = JobMap> = { [N in JobName<M>]?: JobHandler<M[N]> };

/** A recurring job, as a module declares it. */
export interface ScheduleSpec<M extends object = JobMap> {
  /** The job enqueued at each tick. */
  name: JobName<M>;
  /** Cron pattern read in UTC: 5 fields, or 6 with seconds first. */
  cron: string;
  /** Payload of each enqueued job. */
  payload?: M[JobName<M>];
}

/** A job's state, the same on both engines. */
export type JobState = "pending" | "running" | "done" | "dead";

/** A job as `findJob` reads it back. */
export interface JobRecord {
  /** The id `enqueue` returned. */
  id: string;
  /** The job's name. */
  name: string;
  /** Where it stands: waiting, running, succeeded, or dead after its retries. */
  state: JobState;
  /** Runs started so far. */
  attempts: number;
  /** The message of the last failure, if any. */
  lastError: string | null;
}

/** Enqueues and runs background jobs. One per app (`app.jobs`); tests type theirs with a map of their own. */
export interface JobRunner<M extends object = JobMap> {
  /** `table` on SQLite, `pg-boss` on PostgreSQL. */
  readonly engine: "table" | "pg-boss";
  /** Adds a job; returns its id, or null when a job with the same key is still waiting to start. */
  enqueue<N extends JobName<M>>(name: N, payload: M[N], options?: EnqueueOptions): Promise<string | null>;
  /** Enqueues `name` at every tick of `cron` (UTC), once per tick whatever the number of processes. */
  schedule<N extends JobName<M>>(name: N, cron: string, payload?: M[N]): Promise<void>;
  /** Registers the handler of `name`. Handlers run only in a runner made with `runWorkers`, once started. */
  work<N extends JobName<M>>(name: N, handler: JobHandler<M[N]>, options?: WorkOptions): Promise<void>;
  /** Connects and, in a worker process, starts running jobs and firing schedules. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for the running ones and clears every timer. */
  stop(): Promise<void>;
  /** Reads one job back (tests, diagnostics). */
  findJob(name: JobName<M>, id: string): Promise<JobRecord | null>;
}

/** What both engines are built from. */
export interface JobRunnerOptions {
  /** Whether this process runs handlers and fires schedules (`PLOTLINE_WORKERS`); enqueuing works either way. */
  runWorkers: boolean;
  /** How often idle workers look for due jobs; an enqueue in this process wakes them at once. */
  pollIntervalMs?: number;
  /** The first back-off wait; each further retry waits twice as long. */
  retryDelayMs?: number;
  /** Retries of a job enqueued without `retries`. */
  defaultRetries?: number;
  /** Where errors of the runner itself (not of a job) are reported. */
  onError?: (error: unknown) => void;
}

/** The runner's defaults: a poll a second, 30 s to the first retry, 3 retries. */
export const JOB_RUNNER_DEFAULTS = { pollIntervalMs: 1000, retryDelayMs: 30_000, defaultRetries: 3 } as const;

/**
 * The jobs one module brings: its handlers, built from the app's services, and its schedules. A module entry
 * (`ModuleDefinition`) declares these two fields.
 */
export interface JobSource<S> {
  /** Handlers by job name, given the app's services. */
  jobs?: (services: S) => JobHandlers;
  /** Recurring jobs: each enqueues its job at every tick of its cron pattern. */
  schedules?: readonly ScheduleSpec[];
}

/**
 * Registers the sources' handlers, `concurrency` at once per name. No I/O: an app does this when built, and
 * runs nothing until `startJobRunner`.
 */
export async function registerJobHandlers<S>(runner: JobRunner, sources: readonly JobSource<S>[], services: S, concurrency = 1): Promise<void> {
  for (const source of sources) {
    const handlers = source.jobs?.(services) ?? {};
    for (const name of Object.keys(handlers) as JobName[]) {
      const handler = handlers[name];
      if (handler) await runner.work(name, handler as JobHandler<JobMap[typeof name]>, { concurrency });
    }
  }
}

/** Writes the sources' schedules (the same in every process, so writing them again changes nothing) and starts the runner. */
export async function startJobRunner<S>(runner: JobRunner, sources: readonly JobSource<S>[]): Promise<void> {
  for (const source of sources) {
    for (const spec of source.schedules ?? []) await runner.schedule(spec.name, spec.cron, spec.payload);
  }
  await runner.start();
}
