import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { CustomFieldOptionRow, CustomFieldRow, CustomFieldValueRow } from "./custom-fields.tables.js";

/** New field values. */
export type NewCustomField = Omit<CustomFieldRow, "id">;
export type NewCustomFieldOption = Omit<CustomFieldOptionRow, "id">;
export type NewCustomFieldValue = Omit<CustomFieldValueRow, "id">;

/** A stored value with its field's type, as a page of tasks reads them. */
export interface TaskValueRow {
  task_id: number;
  field_id: number;
  type: string;
  value_text: string | null;
  value_long: string | null;
  value_number: number | null;
  value_date: string | null;
  value_int: number | null;
}

/** Whose fields: a project's own and the site's, or the site's alone (`projectId` null). */
export interface FieldScope {
  projectId: number | null;
}

/** Queries on custom fields, their options and the tasks' values. */
export function customFieldsRepository(db: Kysely<Database>) {
  return {
    /**
     * The fields a scope sees, in order: the site-wide fields first, then (for a project) its own, each by
     * position then id. `withSite` false: the scope's own alone.
     */
    listFields(scope: FieldScope, withSite = true): Promise<CustomFieldRow[]> {
      return db
        .selectFrom("custom_fields")
        .selectAll()
        .where((eb) => {
          const own = scope.projectId === null ? eb("project_id", "is", null) : eb("project_id", "=", scope.projectId);
          return withSite && scope.projectId !== null ? eb.or([own, eb("project_id", "is", null)]) : own;
        })
        .orderBy(sql`case when project_id is null then 0 else 1 end`)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
    },

    /** Fields by id (any scope). */
    findFields(ids: readonly number[]): Promise<CustomFieldRow[]> {
      return inChunks(ids, (chunk) => db.selectFrom("custom_fields").selectAll().where("id", "in", chunk).execute());
    },

    findField(id: number): Promise<CustomFieldRow | undefined> {
      return db.selectFrom("custom_fields").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Every field of many projects and the site-wide ones (reports). */
    fieldsOfProjects(projectIds: readonly number[] | null): Promise<CustomFieldRow[]> {
      return db
        .selectFrom("custom_fields")
        .selectAll()
        .$if(projectIds !== null, (qb) => qb.where((eb) => eb.or([eb("project_id", "is", null), eb("project_id", "in", projectIds && projectIds.length > 0 ? [...projectIds] : [0])])))
        .orderBy(sql`case when project_id is null then 0 else 1 end`)
        .orderBy("project_id")
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
    },

    /** The options of these fields, by position. */
    optionsOf(fieldIds: readonly number[]): Promise<CustomFieldOptionRow[]> {
      return inChunks(fieldIds, (chunk) =>
        db.selectFrom("custom_field_options").selectAll().where("field_id", "in", chunk).orderBy("field_id").orderBy("sort_order").orderBy("id").execute(),
      );
    },

    async countFields(scope: FieldScope): Promise<number> {
      const row = await db
        .selectFrom("custom_fields")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) => (scope.projectId === null ? eb("project_id", "is", null) : eb("project_id", "=", scope.projectId)))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async nextSortOrder(scope: FieldScope): Promise<number> {
      const row = await db
        .selectFrom("custom_fields")
        .select((eb) => eb.fn.max("sort_order").as("top"))
        .where((eb) => (scope.projectId === null ? eb("project_id", "is", null) : eb("project_id", "=", scope.projectId)))
        .executeTakeFirst();
      return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
    },

    insertField(field: NewCustomField): Promise<CustomFieldRow> {
      return db.insertInto("custom_fields").values(field).returningAll().executeTakeFirstOrThrow();
    },

    updateField(id: number, changes: Partial<NewCustomField>): Promise<CustomFieldRow | undefined> {
      return db.updateTable("custom_fields").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** Deletes a field; its options and every task's value of it go with it (foreign keys). */
    async deleteField(id: number): Promise<void> {
      await db.deleteFrom("custom_field_values").where("field_id", "=", id).execute();
      await db.deleteFrom("custom_field_options").where("field_id", "=", id).execute();
      await db.deleteFrom("custom_fields").where("id", "=", id).execute();
    },

    async insertOptions(options: readonly NewCustomFieldOption[]): Promise<void> {
      if (options.length > 0) await db.insertInto("custom_field_options").values([...options]).execute();
    },

    insertOption(option: NewCustomFieldOption): Promise<CustomFieldOptionRow> {
      return db.insertInto("custom_field_options").values(option).returningAll().executeTakeFirstOrThrow();
    },

    async updateOption(id: number, changes: Partial<NewCustomFieldOption>): Promise<void> {
      await db.updateTable("custom_field_options").set(changes).where("id", "=", id).execute();
    },

    /** Deletes options of a field with the values that chose them. */
    async deleteOptions(fieldId: number, optionIds: readonly number[]): Promise<void> {
      if (optionIds.length === 0) return;
      await db.deleteFrom("custom_field_values").where("field_id", "=", fieldId).where("value_int", "in", [...optionIds]).execute();
      await db.deleteFrom("custom_field_options").where("field_id", "=", fieldId).where("id", "in", [...optionIds]).execute();
    },

    /** Sets positions of fields: one statement. */
    async setSortOrders(orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      if (orders.length === 0) return;
      const cases = sql.join(orders.map((order) => sql`when ${order.id} then ${order.index}`), sql` `);
      await db
        .updateTable("custom_fields")
        .set({ sort_order: sql<number>`case id ${cases} else sort_order end` })
        .where("id", "in", orders.map((order) => order.id))
        .execute();
    },

    /** The values of a page of tasks, with their fields' types: one statement per 500 tasks. */
    valuesOfTasks(taskIds: readonly number[]): Promise<TaskValueRow[]> {
      return inChunks(taskIds, (chunk) =>
        db
          .selectFrom("custom_field_values as v")
          .innerJoin("custom_fields as f", "f.id", "v.field_id")
          // A multi-select's options in the field's order.
          .leftJoin("custom_field_options as o", (join) => join.onRef("o.id", "=", "v.value_int").on("f.type", "=", "multi_select"))
          .select(["v.task_id", "v.field_id", "f.type", "v.value_text", "v.value_long", "v.value_number", "v.value_date", "v.value_int"])
          .where("v.task_id", "in", chunk)
          .orderBy("v.task_id")
          .orderBy("v.field_id")
          .orderBy("o.sort_order")
          .orderBy("v.id")
          .execute(),
      );
    },

    /** Replaces a task's values of these fields with `rows` (rows of other fields stay). */
    async replaceTaskValues(taskId: number, fieldIds: readonly number[], rows: readonly NewCustomFieldValue[]): Promise<void> {
      if (fieldIds.length > 0) await db.deleteFrom("custom_field_values").where("task_id", "=", taskId).where("field_id", "in", [...fieldIds]).execute();
      for (let start = 0; start < rows.length; start += 500) await db.insertInto("custom_field_values").values(rows.slice(start, start + 500)).execute();
    },

    /** Every value of these tasks, whole rows (duplication). */
    valueRowsOfTasks(taskIds: readonly number[]): Promise<CustomFieldValueRow[]> {
      return inChunks(taskIds, (chunk) => db.selectFrom("custom_field_values").selectAll().where("task_id", "in", chunk).orderBy("id").execute());
    },

    /** Every value of a project's tasks, whole rows (duplication). */
    valueRowsOfProject(projectId: number): Promise<CustomFieldValueRow[]> {
      return db.selectFrom("custom_field_values").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
    },

    async insertValues(rows: readonly NewCustomFieldValue[]): Promise<void> {
      // 9 columns a row: 1,000 rows stay far below both engines' parameter limits.
      for (let start = 0; start < rows.length; start += 1000) await db.insertInto("custom_field_values").values(rows.slice(start, start + 1000)).execute();
    },
  };
}

export type CustomFieldsRepository = ReturnType<typeof customFieldsRepository>;
