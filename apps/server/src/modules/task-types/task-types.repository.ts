import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** A task type as stored. */
export interface TaskTypeRow {
  id: number;
  title: string;
  description: string;
  created_at: string;
}

/** Queries on task types (a site setting). */
export function taskTypesRepository(db: Kysely<Database>) {
  return {
    listTaskTypes(): Promise<TaskTypeRow[]> {
      return db.selectFrom("task_types").selectAll().orderBy("title").orderBy("id").execute();
    },

    findTaskType(id: number): Promise<TaskTypeRow | undefined> {
      return db.selectFrom("task_types").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findTaskTypeByTitle(title: string): Promise<TaskTypeRow | undefined> {
      return db.selectFrom("task_types").selectAll().where((eb) => eb(eb.fn("lower", ["title"]), "=", title.toLowerCase())).executeTakeFirst();
    },

    insertTaskType(row: Omit<TaskTypeRow, "id">): Promise<TaskTypeRow> {
      return db.insertInto("task_types").values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Deletes the type; tasks of this type keep existing without one (the foreign key sets null). */
    async deleteTaskType(id: number): Promise<boolean> {
      const result = await db.deleteFrom("task_types").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
