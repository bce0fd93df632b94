import { createContext, type MouseEvent } from "react";

/**
 * What a page with selectable task rows hands its rows: which are selected, which one the keyboard is on,
 * and what a click or a focus on a row means. Rows outside such a page (a milestone's tasks) get null and
 * are plain rows.
 */
export interface TaskRowsControl {
  selectedIds: ReadonlySet<number>;
  /** The row that takes Tab into the list (roving focus): the one last focused, else the first. */
  currentId: number | null;
  /** Shift-click selects a range, Ctrl- or ⌘-click one more task; answers whether it took the click. */
  onRowClick: (taskId: number, event: MouseEvent) => boolean;
  onRowFocus: (taskId: number) => void;
}

export const TaskRowsContext = createContext<TaskRowsControl | null>(null);
