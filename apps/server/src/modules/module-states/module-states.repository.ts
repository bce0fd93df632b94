import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** Queries on the modules list's switches. */
export function moduleStatesRepository(db: Kysely<Database>) {
  return {
    async listStates(): Promise<Map<string, boolean>> {
      const rows = await db.selectFrom("module_states").select(["key", "active"]).execute();
      return new Map(rows.map((row) => [row.key, row.active === 1]));
    },

    async saveState(key: string, active: boolean, at: string): Promise<void> {
      await db
        .insertInto("module_states")
        .values({ key, active: active ? 1 : 0, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ active: active ? 1 : 0, updated_at: at }))
        .execute();
    },
  };
}
