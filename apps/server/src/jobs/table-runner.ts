import { Cron } from "croner";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { nowUtc } from "../lib/dates.js";
import {
  JOB_RUNNER_DEFAULTS,
  type EnqueueOptions,
  type JobHandler,
  type JobMap,
  type JobName,
  type JobRecord,
  type JobRunner,
  type JobRunnerOptions,
  type WorkOptions,
} from "./job-runner.js";
import { jobsRepository, type JobRow, type JobScheduleRow } from "./jobs.repository.js";

/** The table engine's options: the runner's, the database, and how long a run may take before it counts as lost. */
export interface TableRunnerOptions extends JobRunnerOptions {
  /** The database holding the `jobs` and `job_schedules` tables (migration 0012). */
  db: Kysely<Database>;
  /** A running job whose process has not finished it after this long is taken again (15 minutes). */
  lockMs?: number;
}

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
}

const DEFAULT_LOCK_MS = 15 * 60_000;
// Succeeded jobs are kept a week for diagnosis, then deleted by an hourly sweep; dead ones stay.
const KEEP_DONE_MS = 7 * 24 * 3600_000;
const CLEANUP_EVERY_MS = 3600_000;

/**
 * The job runner over the `jobs` and `job_schedules` tables, for SQLite, where one process usually does
 * everything. Idle workers poll every `pollIntervalMs`; an enqueue or a finished job in this process wakes
 * them at once. Every state change is a conditional update, so several processes on one database file
 * neither run a job twice nor fire a schedule twice.
 */
export function createTableRunner<M extends object = JobMap>(options: TableRunnerOptions): JobRunner<M> {
  const repository = jobsRepository(options.db);
  const pollIntervalMs = options.pollIntervalMs ?? JOB_RUNNER_DEFAULTS.pollIntervalMs;
  const retryDelayMs = options.retryDelayMs ?? JOB_RUNNER_DEFAULTS.retryDelayMs;
  const defaultRetries = options.defaultRetries ?? JOB_RUNNER_DEFAULTS.defaultRetries;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const registrations = new Map<string, Registration>();
  const inFlight = new Set<Promise<void>>();

  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let wakeAgain = false;
  let lastCleanup = 0;

  function plan(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      ticking = tick().finally(() => {
        ticking = null;
        plan(wakeAgain ? 0 : pollIntervalMs);
        wakeAgain = false;
      });
    }, delayMs);
  }

  /** Looks for work now rather than at the next poll. */
  function wake(): void {
    if (!running) return;
    if (ticking) wakeAgain = true;
    else plan(0);
  }

  async function tick(): Promise<void> {
    try {
      const now = Date.now();
      await fireDueSchedules(now);
      await takeJobs(now);
      if (now - lastCleanup >= CLEANUP_EVERY_MS) {
        lastCleanup = now;
        await repository.deleteDoneJobs(nowUtc(new Date(now - KEEP_DONE_MS)));
      }
    } catch (error) {
      onError(error);
    }
  }

  async function fireDueSchedules(now: number): Promise<void> {
    for (const schedule of await repository.listDueSchedules([...registrations.keys()], now)) {
      await repository.fireSchedule(schedule, nextTick(schedule.cron, now), {
        name: schedule.name,
        payload: schedule.payload,
        // A tick whose job from the tick before has not started yet adds nothing: the work is already queued.
        key: `schedule:${schedule.name}`,
        maxAttempts: defaultRetries + 1,
        runAt: now,
        createdAt: nowUtc(),
      });
    }
  }

  async function takeJobs(now: number): Promise<void> {
    while (running) {
      const names = [...registrations].filter(([, registration]) => registration.running < registration.concurrency).map(([name]) => name);
      const row = await repository.claimNextJob(names, now, now + lockMs);
      if (!row) return;
      const registration = registrations.get(row.name);
      if (!registration) return;
      registration.running += 1;
      const run = runJob(row, registration)
        .catch(onError)
        .finally(() => {
          registration.running -= 1;
          inFlight.delete(run);
          wake();
        });
      inFlight.add(run);
    }
  }

  async function runJob(row: JobRow, registration: Registration): Promise<void> {
    // Taken again after its lock expired, with every run already spent: the process running it died.
    if (row.attempts > row.max_attempts) {
      await repository.killJob(row, row.last_error ?? "The process running this job stopped before it finished.", nowUtc());
      return;
    }
    try {
      await registration.handler(JSON.parse(row.payload) as unknown, { id: String(row.id), name: row.name, attempt: row.attempts });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= row.max_attempts) await repository.killJob(row, message, nowUtc());
      else await repository.retryJob(row, Date.now() + retryDelayMs * 2 ** (row.attempts - 1), message);
      return;
    }
    await repository.completeJob(row, nowUtc());
  }

  return {
    engine: "table",

    async enqueue(name, payload, enqueueOptions: EnqueueOptions = {}) {
      const runAt = enqueueOptions.runAt?.getTime() ?? Date.now();
      const id = await repository.insertJob(
        {
          name,
          payload: JSON.stringify(payload ?? {}),
          key: enqueueOptions.key ?? null,
          maxAttempts: (enqueueOptions.retries ?? defaultRetries) + 1,
          runAt,
          createdAt: nowUtc(),
        },
        enqueueOptions.transaction,
      );
      // Within a transaction the wake-up's query waits for it (SQLite has one connection), then finds the job.
      if (id !== null && registrations.has(name) && runAt <= Date.now()) wake();
      return id === null ? null : String(id);
    },

    async schedule(name, cron, payload) {
      const now = Date.now();
      const row: JobScheduleRow = { name, cron, payload: JSON.stringify(payload ?? {}), next_run_at: nextTick(cron, now) };
      const existing = await repository.findSchedule(name);
      if (!existing) return repository.insertSchedule(row);
      if (existing.cron === row.cron && existing.payload === row.payload) return;
      // A new payload keeps the planned tick; a new pattern starts from its own next tick.
      await repository.updateSchedule({ ...row, next_run_at: existing.cron === cron ? existing.next_run_at : row.next_run_at });
    },

    async work<N extends JobName<M>>(name: N, handler: JobHandler<M[N]>, workOptions: WorkOptions = {}) {
      registrations.set(name, { handler: handler as JobHandler<unknown>, concurrency: Math.max(1, workOptions.concurrency ?? 1), running: 0 });
      wake();
    },

    async start() {
      if (running || !options.runWorkers) return;
      running = true;
      plan(0);
    },

    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
      await Promise.all([...inFlight]);
    },

    async findJob(name, id): Promise<JobRecord | null> {
      const row = await repository.findJob(Number(id));
      if (!row || row.name !== name) return null;
      return { id: String(row.id), name: row.name, state: row.state, attempts: row.attempts, lastError: row.last_error };
    },
  };
}

/** The next tick of a cron pattern (UTC) after `now`; throws on a pattern that is invalid or never fires again. */
function nextTick(cron: string, now: number): number {
  const next = new Cron(cron, { timezone: "UTC", paused: true }).nextRun(new Date(now));
  if (!next) throw new Error(`The cron pattern "${cron}" never fires again.`);
  return next.getTime();
}
