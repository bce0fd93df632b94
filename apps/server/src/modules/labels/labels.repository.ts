import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { LabelRow } from "./labels.tables.js";
import { inChunks } from "../../db/sql-helpers.js";

/** New label values. */
export type NewLabel = Omit<LabelRow, "id">;

/** A label on a task, as task listings load it. */
export interface TaskLabelRow {
  task_id: number;
  id: number;
  title: string;
  description: string;
  color: string;
}

/** Queries on a project's labels and on the labels tasks carry. */
export function labelsRepository(db: Kysely<Database>) {
  return {
    /** Every label of a project, by name ignoring case, then id. */
    listLabels(projectId: number): Promise<LabelRow[]> {
      return db.selectFrom("labels").selectAll().where("project_id", "=", projectId).orderBy(sql`lower(title)`).orderBy("id").execute();
    },

    findLabel(id: number): Promise<LabelRow | undefined> {
      return db.selectFrom("labels").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Another label of the project with this name, ignoring case. */
    async findLabelNamed(projectId: number, title: string, exceptId?: number): Promise<LabelRow | undefined> {
      return db
        .selectFrom("labels")
        .selectAll()
        .where("project_id", "=", projectId)
        .where(sql<boolean>`lower(title) = ${title.toLowerCase()}`)
        .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId ?? 0))
        .executeTakeFirst();
    },

    insertLabel(label: NewLabel): Promise<LabelRow> {
      return db.insertInto("labels").values(label).returningAll().executeTakeFirstOrThrow();
    },

    async updateLabel(id: number, changes: Partial<NewLabel>): Promise<LabelRow | undefined> {
      return db.updateTable("labels").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** Deletes a label; the tasks carrying it lose it (task_labels rows go with it). */
    async deleteLabel(id: number): Promise<void> {
      await db.deleteFrom("task_labels").where("label_id", "=", id).execute();
      await db.deleteFrom("labels").where("id", "=", id).execute();
    },

    /** Which of the given ids are labels of the project. */
    async findLabelIds(projectId: number, ids: readonly number[]): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) => db.selectFrom("labels").select("id").where("project_id", "=", projectId).where("id", "in", chunk).execute());
      return new Set(rows.map((row) => row.id));
    },

    /** The labels of many tasks in one statement per 500 tasks, by name within each task. */
    findLabelsOfTasks(taskIds: readonly number[]): Promise<TaskLabelRow[]> {
      return inChunks(taskIds, (chunk) =>
        db
          .selectFrom("task_labels")
          .innerJoin("labels", "labels.id", "task_labels.label_id")
          .select(["task_labels.task_id", "labels.id", "labels.title", "labels.description", "labels.color"])
          .where("task_labels.task_id", "in", chunk)
          .orderBy(sql`lower(labels.title)`)
          .orderBy("labels.id")
          .execute(),
      );
    },

    /** Label ids a task carries. */
    async findTaskLabelIds(taskId: number): Promise<number[]> {
      const rows = await db.selectFrom("task_labels").select("label_id").where("task_id", "=", taskId).orderBy("label_id").execute();
      return rows.map((row) => row.label_id);
    },

    /** Replaces the labels of a task. */
    async replaceTaskLabels(taskId: number, projectId: number, labelIds: readonly number[]): Promise<void> {
      await db.deleteFrom("task_labels").where("task_id", "=", taskId).execute();
      if (labelIds.length === 0) return;
      await db.insertInto("task_labels").values(labelIds.map((labelId) => ({ task_id: taskId, label_id: labelId, project_id: projectId }))).execute();
    },
  };
}
