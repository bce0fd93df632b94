import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    custom_fields: CustomFieldsTable;
    custom_field_options: CustomFieldOptionsTable;
    custom_field_values: CustomFieldValuesTable;
  }
}

/** A field tasks may hold: a project's own (`project_id`), or offered to every project (`project_id` null). */
export interface CustomFieldsTable {
  id: Generated<number>;
  project_id: number | null;
  title: string;
  /** One of CUSTOM_FIELD_TYPES; fixed once created. */
  type: string;
  description: string;
  required: number;
  /** The default of a plain field as JSON (`"text"`, `3`, `true`); null for none. Choice fields: `custom_field_options.is_default`. */
  default_value: string | null;
  sort_order: number;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type CustomFieldRow = Selectable<CustomFieldsTable>;

/** An option of a dropdown or multi-select field. */
export interface CustomFieldOptionsTable {
  id: Generated<number>;
  field_id: number;
  title: string;
  color: string;
  sort_order: number;
  is_default: number;
}
export type CustomFieldOptionRow = Selectable<CustomFieldOptionsTable>;

/**
 * A task's value of a field, typed: one column per kind, the others null. `value_text` text (one line),
 * `value_long` long text and URLs, `value_number` numbers, `value_date` dates (YYYY-MM-DD), `value_int`
 * the option of a dropdown, the user of a user field, 1/0 for a checkbox. A multi-select holds one row per
 * chosen option. `project_id` is the task's.
 */
export interface CustomFieldValuesTable {
  id: Generated<number>;
  field_id: number;
  task_id: number;
  project_id: number;
  value_text: string | null;
  value_long: string | null;
  value_number: number | null;
  value_date: string | null;
  value_int: number | null;
}
export type CustomFieldValueRow = Selectable<CustomFieldValuesTable>;
