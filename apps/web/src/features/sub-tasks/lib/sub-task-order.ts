/**
 * The order of a parent's sub-tasks as ids, changed by a drop or a step of the keyboard (`lib/id-order.ts`).
 */
export { orderAfterDrop, orderAfterStep } from "../../../lib/id-order.js";

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
