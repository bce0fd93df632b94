import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** Queries on `project_settings`: one row per project and key, the value as JSON text. */
export function projectSettingsRepository(db: Kysely<Database>) {
  return {
    /** The saved JSON text of each key of a project. */
    async findValues(projectId: number): Promise<Map<string, string>> {
      const rows = await db.selectFrom("project_settings").select(["key", "value"]).where("project_id", "=", projectId).execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async saveValue(projectId: number, key: string, json: string, at: string): Promise<void> {
      await db
        .insertInto("project_settings")
        .values({ project_id: projectId, key, value: json, updated_at: at })
        .onConflict((oc) => oc.columns(["project_id", "key"]).doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },
  };
}
