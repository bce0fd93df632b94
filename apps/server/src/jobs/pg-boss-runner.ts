import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { pgBossExecutor } from "./jobs.repository.js";
import {
  JOB_RUNNER_DEFAULTS,
  type EnqueueOptions,
  type JobHandler,
  type JobMap,
  type JobName,
  type JobRecord,
  type JobRunner,
  type JobRunnerOptions,
  type JobState,
  type WorkOptions,
} from "./job-runner.js";

/** The pg-boss engine's options: the runner's, where its schema lives, and its cron clock (tests shorten it). */
export interface PgBossRunnerOptions extends JobRunnerOptions {
  /** `postgres://...`; pg-boss opens a pool of its own. */
  connectionString: string;
  /** PostgreSQL schema of pg-boss's own tables, apart from the app's. */
  schema: string;
  /** Connections pg-boss holds (10). */
  poolSize?: number;
  /** How often a worker process checks whether a schedule is due (pg-boss: 30 s). */
  cronMonitorIntervalSeconds?: number;
  /** How often the due schedules are turned into jobs (pg-boss: 5 s). */
  cronWorkerIntervalSeconds?: number;
}

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
  workerIds: string[];
}

/** How long after enqueuing in a transaction the workers are woken. */
const TRANSACTION_NOTIFY_DELAY_MS = 25;

// pg-boss says "failed" and "cancelled" where the runner says dead; "created" and "retry" are both waiting.
const STATES: Record<PgBoss.JobWithMetadata["state"], JobState> = {
  created: "pending",
  retry: "pending",
  active: "running",
  completed: "done",
  failed: "dead",
  cancelled: "dead",
};

/**
 * The job runner on PostgreSQL, over pg-boss 10 in its own schema. Each job name is a queue with the
 * `short` policy: at most one waiting job per singleton key, which is how `key` dedupes. A job enqueued
 * without a key gets a key of its own so that it never collides. Failed jobs retry with pg-boss's
 * exponential back-off (whole seconds, 1 at least) and, once dead, are copied to the `<name>.dead` queue
 * (pg-boss's dead-letter queue) while the original stays `failed` with its error.
 */
export function createPgBossRunner<M extends object = JobMap>(options: PgBossRunnerOptions): JobRunner<M> {
  const pollIntervalMs = options.pollIntervalMs ?? JOB_RUNNER_DEFAULTS.pollIntervalMs;
  const retryDelaySeconds = Math.max(1, Math.round((options.retryDelayMs ?? JOB_RUNNER_DEFAULTS.retryDelayMs) / 1000));
  const defaultRetries = options.defaultRetries ?? JOB_RUNNER_DEFAULTS.defaultRetries;
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema,
    max: options.poolSize ?? 10,
    // Maintenance and cron monitoring belong to the processes that run jobs; an API-only one only sends.
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    ...(options.cronMonitorIntervalSeconds && { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }),
    ...(options.cronWorkerIntervalSeconds && { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }),
  });
  boss.on("error", onError);
  const registrations = new Map<string, Registration>();
  const queues = new Map<string, Promise<void>>();
  let connecting: Promise<unknown> | null = null;
  let working = false;
  let stopped = false;

  /** Connects (and installs or migrates pg-boss's schema) once, on first use. */
  function connect(): Promise<unknown> {
    if (stopped) return Promise.reject(new Error("The job runner is stopped."));
    connecting ??= boss.start();
    return connecting;
  }

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      const deadLetter = `${name}.dead`;
      created = (async () => {
        await boss.createQueue(deadLetter);
        await boss.createQueue(name, { name, policy: "short", deadLetter, retryLimit: defaultRetries, retryDelay: retryDelaySeconds, retryBackoff: true });
      })();
      // A failed creation is tried again by the next call rather than remembered.
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  }

  async function startWorkers(name: string, registration: Registration): Promise<void> {
    await ensureQueue(name);
    while (registration.workerIds.length < registration.concurrency) {
      let workerId = "";
      workerId = await boss.work<unknown>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: Math.max(0.5, pollIntervalMs / 1000) },
        async (jobs) => {
          // pg-boss waits out its polling interval after every fetch; a worker that got a job looks for the
          // next one at once instead, so a queue of many jobs drains at the handler's pace, not one a poll.
          if (jobs.length > 0) boss.notifyWorker(workerId);
          for (const job of jobs) await registration.handler(job.data, { id: job.id, name, attempt: job.retryCount + 1 });
        },
      );
      registration.workerIds.push(workerId);
    }
  }

  return {
    engine: "pg-boss",

    async enqueue(name, payload, enqueueOptions: EnqueueOptions = {}) {
      await connect();
      await ensureQueue(name);
      const id = await boss.send(name, (payload ?? {}) as object, {
        singletonKey: enqueueOptions.key === undefined ? `id:${randomUUID()}` : `key:${enqueueOptions.key}`,
        ...(enqueueOptions.runAt && { startAfter: enqueueOptions.runAt }),
        retryLimit: enqueueOptions.retries ?? defaultRetries,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        ...(enqueueOptions.transaction && { db: pgBossExecutor(enqueueOptions.transaction) }),
      });
      const registration = registrations.get(name);
      const isDue = !enqueueOptions.runAt || enqueueOptions.runAt.getTime() <= Date.now();
      if (id && registration && isDue) {
        const notify = () => {
          for (const workerId of registration.workerIds) boss.notifyWorker(workerId);
        };
        // A job written in a transaction is seen once it commits, which its writer does right after this:
        // the workers are woken a moment later (the next poll finds it if that was too early).
        if (enqueueOptions.transaction) setTimeout(notify, TRANSACTION_NOTIFY_DELAY_MS).unref();
        else notify();
      }
      return id;
    },

    async schedule(name, cron, payload) {
      await connect();
      await ensureQueue(name);
      await boss.schedule(name, cron, (payload ?? {}) as object, {
        tz: "UTC",
        retryLimit: defaultRetries,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
      });
    },

    async work<N extends JobName<M>>(name: N, handler: JobHandler<M[N]>, workOptions: WorkOptions = {}) {
      const registration: Registration = {
        handler: handler as JobHandler<unknown>,
        concurrency: Math.max(1, workOptions.concurrency ?? 1),
        workerIds: [],
      };
      registrations.set(name, registration);
      if (working) await startWorkers(name, registration);
    },

    async start() {
      await connect();
      if (working || !options.runWorkers) return;
      working = true;
      for (const [name, registration] of registrations) await startWorkers(name, registration);
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      working = false;
      if (!connecting) return;
      await connecting.catch(() => undefined);
      // Graceful: running handlers finish (for up to 10 s) before the pool closes.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },

    async findJob(name, id): Promise<JobRecord | null> {
      await connect();
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      if (!job) return null;
      const output = job.output as { message?: unknown } | null;
      return {
        id: job.id,
        name: job.name,
        state: STATES[job.state],
        attempts: job.startedOn ? job.retryCount + 1 : 0,
        lastError: typeof output?.message === "string" ? output.message : null,
      };
    },
  };
}
