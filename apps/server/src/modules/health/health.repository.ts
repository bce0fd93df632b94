import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** The readiness probe's one query. */
export function healthRepository(db: Kysely<Database>) {
  return {
    /** Resolves once the database answers a trivial query; rejects when it does not. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
