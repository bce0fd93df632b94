import { useLocalStorage } from "@mantine/hooks";
import { listEnvelope, taskSchema, type CustomField } from "@plotline/contracts";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../../api/client.js";
import { customFieldKeys } from "./use-custom-fields.js";
import { activeFilters, filterQuery, readFilters, writeFilters, type FieldFilters } from "../lib/field-filters.js";

/** Tasks a page of filtered results holds. */
export const FILTERED_TASKS_PER_PAGE = 50;

/**
 * The fields whose values show as columns on a project's task rows, chosen per project and remembered on
 * this device. Ids of fields since deleted are ignored.
 */
export function useFieldColumns(projectId: number, fields: readonly CustomField[]) {
  const [ids, setIds] = useLocalStorage<number[]>({
    key: `plotline.custom-fields.columns.${projectId}`,
    defaultValue: [],
    getInitialValueInEffect: false,
    deserialize: (value) => {
      try {
        const parsed: unknown = JSON.parse(value ?? "[]");
        return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
      } catch {
        return [];
      }
    },
  });
  const shown = useMemo(() => fields.filter((field) => ids.includes(field.id)), [fields, ids]);
  const toggle = (fieldId: number, isShown: boolean) => setIds((current) => (isShown ? [...new Set([...current, fieldId])] : current.filter((id) => id !== fieldId)));
  return { shown, ids, toggle };
}

/** The custom-field filters of the page, from its address; setting them rewrites the address. */
export function useFieldFilters(fields: readonly CustomField[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const active = useMemo(() => activeFilters(fields, filters), [fields, filters]);
  const setFilters = (next: FieldFilters) => setParams((current) => writeFilters(current, next));
  return { filters, active, setFilters };
}

/** The project's tasks that match the filters, a page at a time; off while no filter is in force. */
export function useFilteredTasks(projectId: number, fields: readonly CustomField[], filters: FieldFilters) {
  const query = filterQuery(fields, filters);
  const isOn = Object.keys(query).length > 0;
  return useInfiniteQuery({
    queryKey: [...customFieldKeys.project(projectId), "filtered-tasks", query],
    queryFn: ({ pageParam, signal }) =>
      api.get(`pm/v2/projects/${projectId}/tasks`, {
        schema: listEnvelope(taskSchema),
        query: { ...query, per_page: FILTERED_TASKS_PER_PAGE, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pagination.current_page < last.meta.pagination.total_pages ? last.meta.pagination.current_page + 1 : undefined),
    enabled: isOn,
    placeholderData: keepPreviousData,
  });
}
