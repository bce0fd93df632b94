import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { UserPreferencesChanges, UserPreferencesRow } from "./preferences.tables.js";

/** Queries on `user_preferences`. The only code that reads or writes it. */
export function preferencesRepository(db: Kysely<Database>) {
  return {
    /** The user's stored row, or undefined when they never changed anything. */
    findPreferences(userId: number): Promise<UserPreferencesRow | undefined> {
      return db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    /** The stored rows of these users (those who never changed anything have none). */
    findPreferencesOf(userIds: readonly number[]): Promise<UserPreferencesRow[]> {
      return inChunks(userIds, (chunk) => db.selectFrom("user_preferences").selectAll().where("user_id", "in", chunk).execute());
    },

    /**
     * Sets the given columns in one statement: a first change inserts the row (the rest from `defaults`), a
     * later one updates only the columns given, so two changes of different fields at once both stay.
     */
    upsertPreferences(
      userId: number,
      changes: UserPreferencesChanges,
      defaults: Required<UserPreferencesChanges>,
      at: string,
    ): Promise<UserPreferencesRow> {
      return db
        .insertInto("user_preferences")
        .values({ user_id: userId, ...defaults, ...changes, updated_at: at })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...changes, updated_at: at }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
