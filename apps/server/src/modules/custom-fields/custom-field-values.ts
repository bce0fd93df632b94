import type { CustomFieldType, CustomFieldValue, TaskCustomFields } from "@plotline/contracts";
import type { NewCustomFieldValue, TaskValueRow } from "./custom-fields.repository.js";

/**
 * Values between their API form (`CustomFieldValueByType`) and their typed storage: one column per kind,
 * a multi-select one row per option (custom-fields.tables.ts).
 */

type StoredColumns = Pick<NewCustomFieldValue, "value_text" | "value_long" | "value_number" | "value_date" | "value_int">;

const EMPTY: StoredColumns = { value_text: null, value_long: null, value_number: null, value_date: null, value_int: null };

/** The rows that store one checked value of a field (none for null). */
export function valueRows(type: CustomFieldType, value: CustomFieldValue | null, base: { field_id: number; task_id: number; project_id: number }): NewCustomFieldValue[] {
  if (value === null) return [];
  const row = (columns: Partial<StoredColumns>): NewCustomFieldValue => ({ ...base, ...EMPTY, ...columns });
  switch (type) {
    case "text":
      return [row({ value_text: String(value) })];
    case "long_text":
    case "url":
      return [row({ value_long: String(value) })];
    case "number":
      return [row({ value_number: Number(value) })];
    case "date":
      return [row({ value_date: String(value) })];
    case "checkbox":
      return [row({ value_int: value === true ? 1 : 0 })];
    case "dropdown":
    case "user":
      return [row({ value_int: Number(value) })];
    case "multi_select":
      return (Array.isArray(value) ? value : [Number(value)]).map((id) => row({ value_int: id }));
  }
}

/** The value a stored row holds, by its field's type. */
function rowValue(row: TaskValueRow): CustomFieldValue | null {
  switch (row.type as CustomFieldType) {
    case "text":
      return row.value_text;
    case "long_text":
    case "url":
      return row.value_long;
    case "number":
      return row.value_number === null ? null : Number(row.value_number);
    case "date":
      return row.value_date;
    case "checkbox":
      return row.value_int === null ? null : Number(row.value_int) === 1;
    case "dropdown":
    case "user":
      return row.value_int === null ? null : Number(row.value_int);
    case "multi_select":
      return row.value_int === null ? null : [Number(row.value_int)];
  }
  return null;
}

/** `custom_fields` of each task from its stored rows (rows ordered by task, field, then option position). */
export function taskValuesFromRows(rows: readonly TaskValueRow[]): Map<number, TaskCustomFields> {
  const byTask = new Map<number, TaskCustomFields>();
  for (const row of rows) {
    const value = rowValue(row);
    if (value === null) continue;
    const values = byTask.get(row.task_id) ?? {};
    const key = String(row.field_id);
    const current = values[key];
    values[key] = Array.isArray(current) && Array.isArray(value) ? [...current, ...value] : value;
    byTask.set(row.task_id, values);
  }
  return byTask;
}
