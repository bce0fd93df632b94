/**
 * Filters of a task list by custom-field values. They live in the page's address (`cf.<id>=value`,
 * `cf.<id>.min`, `cf.<id>.max`), so a filtered list can be reloaded, shared and gone back to.
 */
import type { CustomField } from "@plotline/contracts";
import { filterKind } from "./field-model.js";

/** One field's filter: `value` for a dropdown, `min` and `max` (numbers or YYYY-MM-DD dates) for ranges. */
export interface FieldFilter {
  value?: string;
  min?: string;
  max?: string;
}

/** The filters in force, by field id. */
export type FieldFilters = Readonly<Record<number, FieldFilter>>;

const PARAM = /^cf\.(\d+)(?:\.(min|max))?$/;

/** Reads the filters from the page's address; anything malformed is left out. */
export function readFilters(params: URLSearchParams): FieldFilters {
  const filters: Record<number, FieldFilter> = {};
  for (const [key, raw] of params) {
    const match = PARAM.exec(key);
    const value = raw.trim();
    if (!match || value === "") continue;
    const id = Number(match[1]);
    const part = (match[2] ?? "value") as keyof FieldFilter;
    filters[id] = { ...filters[id], [part]: value };
  }
  return filters;
}

/** The page's address with `filters` in place of the ones it had; other parameters are kept. */
export function writeFilters(params: URLSearchParams, filters: FieldFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!PARAM.test(key) && key !== "page") next.append(key, value);
  for (const [id, filter] of Object.entries(filters)) {
    if (filter.value) next.set(`cf.${id}`, filter.value);
    if (filter.min) next.set(`cf.${id}.min`, filter.min);
    if (filter.max) next.set(`cf.${id}.max`, filter.max);
  }
  return next;
}

/** Whether a filter narrows anything. */
export function isActiveFilter(filter: FieldFilter | undefined): boolean {
  return Boolean(filter && (filter.value || filter.min || filter.max));
}

/** The filters that apply to fields that exist and can be filtered, as the screens show them. */
export function activeFilters(fields: readonly CustomField[], filters: FieldFilters): Array<{ field: CustomField; filter: FieldFilter }> {
  return fields.flatMap((field) => {
    const filter = filters[field.id];
    return filterKind(field.type) !== null && isActiveFilter(filter) && filter ? [{ field, filter }] : [];
  });
}

/**
 * The query of the tasks call for these filters: `cf[<id>]=value` for a dropdown, `cf[<id>][min]` and
 * `cf[<id>][max]` for number and date ranges.
 */
export function filterQuery(fields: readonly CustomField[], filters: FieldFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const { field, filter } of activeFilters(fields, filters)) {
    if (filterKind(field.type) === "equals") {
      if (filter.value) query[`cf[${field.id}]`] = filter.value;
      continue;
    }
    if (filter.min) query[`cf[${field.id}][min]`] = filter.min;
    if (filter.max) query[`cf[${field.id}][max]`] = filter.max;
  }
  return query;
}
