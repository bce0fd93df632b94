/**
 * Which tasks of a page are selected for a bulk action, as plain functions over ids so the rules can be
 * tested without a screen. The page's rows are given in the order they show (top to bottom).
 */
export interface TaskSelection {
  /** The selected task ids, in the order they were picked. */
  ids: readonly number[];
  /** Where a Shift-click range starts: the task last picked on its own (with x or a plain click). */
  anchor: number | null;
}

export const EMPTY_SELECTION: TaskSelection = { ids: [], anchor: null };

/** Picks or drops one task (x, Ctrl-click); it becomes the start of the next range. */
export function toggleTask(selection: TaskSelection, id: number): TaskSelection {
  const isSelected = selection.ids.includes(id);
  return { ids: isSelected ? selection.ids.filter((other) => other !== id) : [...selection.ids, id], anchor: id };
}

/**
 * Shift-click: selects every row from the anchor to `id`, both included, keeping what was selected
 * elsewhere. Without an anchor still on the page, it picks `id` alone and starts a range there.
 */
export function selectRange(selection: TaskSelection, rowIds: readonly number[], id: number): TaskSelection {
  const from = selection.anchor === null ? -1 : rowIds.indexOf(selection.anchor);
  const to = rowIds.indexOf(id);
  if (to < 0) return selection;
  if (from < 0) return toggleTask(selection, id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  const range = rowIds.slice(start, end + 1);
  const kept = selection.ids.filter((other) => !range.includes(other));
  return { ids: [...kept, ...range], anchor: selection.anchor };
}

/** Drops the tasks that are no longer on the page (deleted, moved away, filtered out). */
export function keepShown(selection: TaskSelection, rowIds: readonly number[]): TaskSelection {
  const shown = new Set(rowIds);
  const ids = selection.ids.filter((id) => shown.has(id));
  const anchor = selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null;
  return ids.length === selection.ids.length && anchor === selection.anchor ? selection : { ids, anchor };
}

/** The row j (step 1) or k (step -1) moves to from `current`; the first or last row when none is current. */
export function neighbourRow(rowIds: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (rowIds.length === 0) return null;
  const index = current === null ? -1 : rowIds.indexOf(current);
  if (index < 0) return step === 1 ? (rowIds[0] ?? null) : (rowIds[rowIds.length - 1] ?? null);
  const next = Math.min(rowIds.length - 1, Math.max(0, index + step));
  return rowIds[next] ?? null;
}
