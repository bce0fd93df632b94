import type { CustomField, CustomFieldType, CustomFieldValue } from "@plotline/contracts";
import { toRequiredDateObject } from "../../lib/dates.js";
import type { CustomFieldOptionRow, CustomFieldRow } from "./custom-fields.tables.js";
import { customFieldAbilities } from "./custom-fields.policy.js";

/** A field with its options, by position. */
export interface FieldDefinition extends CustomFieldRow {
  options: CustomFieldOptionRow[];
}

/** A field's default in its API form: from the flagged options of a choice field, else the stored JSON. */
export function defaultOf(field: FieldDefinition): CustomFieldValue | null {
  if (field.type === "dropdown") return field.options.find((option) => option.is_default === 1)?.id ?? null;
  if (field.type === "multi_select") {
    const ids = field.options.filter((option) => option.is_default === 1).map((option) => option.id);
    return ids.length > 0 ? ids : null;
  }
  if (field.default_value === null) return null;
  try {
    return JSON.parse(field.default_value) as CustomFieldValue;
  } catch {
    return null;
  }
}

/** The fields of a field that leave the server. */
export function presentField(field: FieldDefinition, canManage: boolean, timezone: string): CustomField {
  return {
    id: field.id,
    project_id: field.project_id,
    title: field.title,
    type: field.type as CustomFieldType,
    description: field.description,
    required: field.required === 1,
    default: defaultOf(field),
    order: field.sort_order,
    options: field.options.map((option) => ({
      id: option.id,
      title: option.title,
      color: option.color,
      order: option.sort_order,
      is_default: option.is_default === 1,
    })),
    created_at: toRequiredDateObject(field.created_at, timezone),
    updated_at: toRequiredDateObject(field.updated_at, timezone),
    abilities: customFieldAbilities(canManage),
  };
}
