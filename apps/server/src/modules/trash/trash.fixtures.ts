import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/**
 * Test helper: ends a trash entry's undo window and purges it, as its `trash.purge` job does when the
 * window has passed; for tests of deletes that check the file bytes are gone.
 */
export async function purgeNow(app: FastifyInstance, db: Kysely<Database>, undoId: number): Promise<void> {
  await db.updateTable("trash_entries").set({ expires_at: "2000-01-01 00:00:00" }).where("id", "=", undoId).execute();
  await app.services.trash.purge(undoId);
}
