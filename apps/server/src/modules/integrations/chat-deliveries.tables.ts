import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    integration_deliveries: IntegrationDeliveriesTable;
  }
}

/**
 * One message to a project's chat channel and how its delivery went. The log shows the newest 50 of a
 * project; older finished ones are deleted as new ones finish.
 */
export interface IntegrationDeliveriesTable {
  id: Generated<number>;
  project_id: number;
  /** The chat service: `slack` (any Slack-compatible incoming webhook). */
  channel: string;
  /** What it tells: a task event's option name (`create`, `complete`, `createComment` ...) or `test`. */
  event: string;
  /** The JSON body posted to the webhook (`text` and `blocks`), fixed when the change happened. */
  payload: string;
  /** `pending`, `retrying`, `delivered` or `failed`. */
  status: string;
  /** Tries made so far; each try's job claims the row by moving this on. */
  tries: Generated<number>;
  last_error: string | null;
  /** When the next try is due (UTC); null once finished. */
  next_try_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/** A delivery as read. */
export type IntegrationDeliveryRow = Selectable<IntegrationDeliveriesTable>;
