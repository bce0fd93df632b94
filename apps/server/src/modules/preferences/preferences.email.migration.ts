import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";

/** The mail kinds a user may turn off, one column each (0/1), on for every row already there. */
export const EMAIL_COLUMNS = ["email_assigned", "email_comments", "email_mentions", "email_project_activity", "email_daily_digest"] as const;

/** Adds the users' choices of mail to `user_preferences`: every kind on by default. */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  for (const column of EMAIL_COLUMNS) {
    await db.schema.alterTable("user_preferences").addColumn(column, "integer", (col) => col.notNull().defaultTo(1)).execute();
  }
}
