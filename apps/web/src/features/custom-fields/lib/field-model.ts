/**
 * Pure helpers the screens of this feature share about custom fields and their values, on top of the
 * contract's shapes (`CustomField`, `CustomFieldValue`).
 */
import type { CustomField, CustomFieldType, CustomFieldValue } from "@plotline/contracts";

/** A value as a task holds it; null when empty. */
export type FieldValue = CustomFieldValue | null;

/** How a task list can be filtered by a field of this kind, or null when the screens do not offer it. */
export function filterKind(type: CustomFieldType): "equals" | "number_range" | "date_range" | null {
  if (type === "dropdown") return "equals";
  if (type === "number") return "number_range";
  if (type === "date") return "date_range";
  return null;
}

/** Whether a value counts as empty (nothing to show, nothing filled in). */
export function isEmptyValue(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A field's value on a task, or null when the task holds none. */
export function valueOf(field: Pick<CustomField, "id">, values: Readonly<Record<string, CustomFieldValue>> | undefined): FieldValue {
  return values?.[String(field.id)] ?? null;
}

/** The title of an option, or null when the option is gone. */
export function optionTitle(field: Pick<CustomField, "options">, id: number): string | null {
  return field.options.find((option) => option.id === id)?.title ?? null;
}

/** Whether a URL may be opened as a link: http and https only, so a stored `javascript:` never runs. */
export function isSafeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Whether a field belongs to the whole site rather than one project. */
export function isSiteWide(field: Pick<CustomField, "project_id">): boolean {
  return field.project_id === null;
}
