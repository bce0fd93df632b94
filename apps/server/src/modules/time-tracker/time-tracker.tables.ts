import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    time_logs: TimeLogsTable;
  }
}

export interface TimeLogsTable {
  id: Generated<number>;
  task_id: number;
  /** Copied from the task, so a project's logs are read without a join. */
  project_id: number;
  /** Whose time it is (the spec's `created_by`): a log is always its owner's. */
  user_id: number;
  /** UTC timestamps `YYYY-MM-DD HH:MM:SS`; `stopped_at` is null while the timer runs. */
  started_at: string;
  stopped_at: string | null;
  /** Whole seconds; 0 while running. */
  total_seconds: number;
  /** 1 while running, 0 stopped. */
  run_status: number;
  /** The day the log belongs to: the day it started in the site's time zone when it was written. */
  day: string;
  note: string;
  /** `timer` or `custom`. */
  source: string;
  /** 1 when the server stopped a forgotten timer at the cap. */
  stopped_by_cap: number;
  /** When its owner was shown that the server stopped it (null: not yet). */
  cap_seen_at: string | null;
  created_at: string;
  updated_at: string;
  /** The invoice that billed this time ("bill tracked time"), null while unbilled; freed when it is deleted. */
  invoice_id: Generated<number | null>;
}
export type TimeLogRow = Selectable<TimeLogsTable>;
