/**
 * The order of a parent's sub-tasks as ids, changed by a drop or a step of the keyboard. Pure, so the
 * list shows the new order at once and the same order goes to the server.
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

/** The sorting call's `orders`: each id with its position, from 0. */
export function sortOrders(ids: readonly number[]): { id: number; index: number }[] {
  return ids.map((id, index) => ({ id, index }));
}

/**
 * `items` in the order of `ids`, each with `order` set to its new position; items the ids do not name
 * (added meanwhile) keep their place at the end.
 */
export function arrangeByIds<T extends { id: number; order: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const named = ids.flatMap((id) => byId.get(id) ?? []);
  const rest = items.filter((item) => !ids.includes(item.id));
  return [...named, ...rest].map((item, index) => (item.order === index ? item : { ...item, order: index }));
}
