import type { Member } from "@plotline/contracts";
import { useMemo, type ReactNode } from "react";
import { useProjectFields } from "../hooks/use-custom-fields.js";
import { useFieldColumns, useFieldFilters } from "../hooks/use-task-field-tools.js";
import { FieldColumnsContext } from "./TaskFieldCells.js";

/**
 * What the task lists page needs at once from custom fields: whether filters are in force and the columns
 * of its rows. The toolbar and the filtered list load apart, only in a project that has fields.
 */

/** Whether custom-field filters are in force on the page (the lists then give way to the matching tasks). */
export function useIsFilteringByFields(projectId: number): boolean {
  const fields = useProjectFields(projectId);
  return useFieldFilters(fields).active.length > 0;
}

/** Gives the task rows inside it the columns chosen for the project. */
export function FieldColumnsProvider({ projectId, members, children }: { projectId: number; members: readonly Pick<Member, "id" | "display_name">[]; children: ReactNode }) {
  const fields = useProjectFields(projectId);
  const { shown } = useFieldColumns(projectId, fields);
  const value = useMemo(() => (shown.length > 0 ? { fields: shown, members } : null), [shown, members]);
  return <FieldColumnsContext value={value}>{children}</FieldColumnsContext>;
}
