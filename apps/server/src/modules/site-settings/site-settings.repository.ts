import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** Queries on site-wide settings (key -> JSON value). */
export function siteSettingsRepository(db: Kysely<Database>) {
  return {
    async findValue(key: string): Promise<unknown> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    },

    async listValues(): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
      return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    },

    async saveValue(key: string, value: unknown, at: string): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto("settings")
        .values({ key, value: json, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },
  };
}
