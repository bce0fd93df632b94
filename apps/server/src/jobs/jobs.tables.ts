import type { Generated } from "kysely";

/**
 * A job of the table engine (SQLite). Times the runner compares are epoch milliseconds rather than the
 * usual `YYYY-MM-DD HH:MM:SS` text: back-off and test intervals are shorter than a second.
 */
export interface JobsTable {
  id: Generated<number>;
  /** The job's name, a key of `JobMap`. */
  name: string;
  /** The payload as JSON text. */
  payload: string;
  /** Deduplication key: a second enqueue with the same name and key is a no-op while the first has not started. */
  key: string | null;
  /** `pending` (waiting for its first run or a retry), `running`, `done` or `dead` (retries spent). */
  state: JobRowState;
  /** Runs started so far. */
  attempts: number;
  /** Runs allowed in all: the retries plus one. */
  max_attempts: number;
  /** Not run before this instant (epoch ms). */
  run_at: number;
  /** While running: when the run counts as lost (its process died) and the job may be taken again (epoch ms). */
  locked_until: number | null;
  /** The message of the last failure. */
  last_error: string | null;
  /** UTC `YYYY-MM-DD HH:MM:SS`. */
  created_at: string;
  /** When it reached `done` or `dead`; UTC `YYYY-MM-DD HH:MM:SS`. */
  finished_at: string | null;
}

/** The states of a table-engine job row. */
export type JobRowState = "pending" | "running" | "done" | "dead";

/** A recurring job of the table engine: the next due time is claimed by an atomic update, so one process fires it. */
export interface JobSchedulesTable {
  /** The job's name; one schedule per name. */
  name: string;
  /** Cron pattern (5 fields, or 6 with seconds), read in UTC. */
  cron: string;
  /** Payload of every job it enqueues, as JSON text. */
  payload: string;
  /** The next instant it is due (epoch ms). */
  next_run_at: number;
}

declare module "../db/schema.js" {
  interface Database {
    jobs: JobsTable;
    job_schedules: JobSchedulesTable;
  }
}
