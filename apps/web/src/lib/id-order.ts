/**
 * A list of ids reordered by a drop or a step of the keyboard: pure, so a list shows the new order at once
 * and the same order goes to the server (sub-tasks, the board's columns).
 */

/** The ids after `activeId` was dropped on `overId`'s place; null when nothing moved. */
export function orderAfterDrop(ids: readonly number[], activeId: number, overId: number | null): number[] | null {
  if (overId === null || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const next = ids.filter((id) => id !== activeId);
  next.splice(to, 0, activeId);
  return next;
}

/** The ids after `id` moved one place up (`-1`) or down (`1`); null at either end or for an unknown id. */
export function orderAfterStep(ids: readonly number[], id: number, step: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[from] = next[to] as number;
  next[to] = id;
  return next;
}
