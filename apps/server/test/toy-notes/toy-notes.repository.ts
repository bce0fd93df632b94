import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.js";
import { nowUtc } from "../../src/lib/dates.js";
import type { ToyNoteRow } from "./toy-notes.tables.js";

/** The only place that queries the toy module's table. */
export function toyNotesRepository(db: Kysely<Database>) {
  return {
    insertNote(projectId: number, title: string): Promise<ToyNoteRow> {
      return db.insertInto("toy_notes").values({ project_id: projectId, title, created_at: nowUtc() }).returningAll().executeTakeFirstOrThrow();
    },
    listNotes(projectId: number): Promise<ToyNoteRow[]> {
      return db.selectFrom("toy_notes").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
    },
    async countByProject(projectIds: readonly number[]): Promise<Array<{ project_id: number; count: number }>> {
      if (projectIds.length === 0) return [];
      const rows = await db
        .selectFrom("toy_notes")
        .select(["project_id", (eb) => eb.fn.countAll<number>().as("count")])
        .where("project_id", "in", projectIds)
        .groupBy("project_id")
        .execute();
      return rows.map((row) => ({ project_id: row.project_id, count: Number(row.count) }));
    },
  };
}
