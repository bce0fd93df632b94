import type { Generated, Selectable } from "kysely";

/**
 * The outbox (migration 0011): one row per domain event, written in the transaction of the change it
 * describes and handed to subscribers after commit.
 */
export interface EventsTable {
  id: Generated<number>;
  /** The event's name, `task.updated`. */
  name: string;
  /** The event's payload, JSON text. */
  payload: string;
  /** Who made the change; null for the system. */
  actor_id: number | null;
  /** The actor's display name when the change was made. */
  actor_name: string;
  /** When the change was made (UTC text). */
  occurred_at: string;
  /** When every subscriber handled it; null while pending. */
  dispatched_at: string | null;
  /** When it was given up on after too many failed attempts; the row stays for inspection. */
  failed_at: string | null;
  /** Failed attempts so far. */
  attempts: number;
  /** Not to be tried before this time (back-off after a failure). */
  next_attempt_at: string;
  /** A process claimed it until this time; another process may take it over after. */
  lease_until: string | null;
  /** Which dispatcher holds the lease. */
  lease_owner: string | null;
  /** The last failure's message. */
  last_error: string | null;
}
export type EventRow = Selectable<EventsTable>;

declare module "../db/schema.js" {
  interface Database {
    events: EventsTable;
  }
}
