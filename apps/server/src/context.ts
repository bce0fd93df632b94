import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Database } from "./db/schema.js";
import type { DatabaseKind } from "./db/kysely.js";
import type { EventDispatcher } from "./events/event-dispatcher.js";
import type { JobRunner } from "./jobs/job-runner.js";
import type { TableRevisions } from "./shared/read-cache.js";

/** What every service and repository factory is built from. One per app. */
export interface AppContext {
  db: Kysely<Database>;
  kind: DatabaseKind;
  config: Config;
  /** Hands committed domain events to subscribers; services record events through `transact` (events/record-event.ts). */
  events: EventDispatcher;
  /** Background jobs: `enqueue` from any process; handlers run where `PLOTLINE_WORKERS` is not 0. */
  jobs: JobRunner;
  /** Revisions of the tables, moved on by every commit: what read caches are stamped with (shared/read-cache.ts). */
  tables: TableRevisions;
}
