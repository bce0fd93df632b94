import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";

/**
 * The calendar's index (see modules/calendar/README.md).
 *
 * - `tasks_calendar_idx` (project, due date, start date): a calendar range is "due on or after the first
 *   day and started before the day after the last" or, for tasks without a due date, "started inside the
 *   range". Both are ranges on this index, and the start date is read from the index itself, so tasks
 *   outside the range are skipped without reading their rows.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema.createIndex("tasks_calendar_idx").on("tasks").columns(["project_id", "due_date", "start_at"]).execute();
}
