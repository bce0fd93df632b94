import { describe, expect, it } from "vitest";
import { arrangeByIds, orderAfterDrop, orderAfterStep, sortOrders } from "./sub-task-order.js";

describe("orderAfterDrop", () => {
  it("moves a sub-task down to the place of the one it was dropped on", () => {
    expect(orderAfterDrop([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
  });

  it("moves a sub-task up to the place of the one it was dropped on", () => {
    expect(orderAfterDrop([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
  });

  it("moves to either end", () => {
    expect(orderAfterDrop([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(orderAfterDrop([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
  });

  it("is null when dropped on itself, outside the list, or for ids the list does not hold", () => {
    expect(orderAfterDrop([1, 2, 3], 2, 2)).toBeNull();
    expect(orderAfterDrop([1, 2, 3], 2, null)).toBeNull();
    expect(orderAfterDrop([1, 2, 3], 9, 2)).toBeNull();
    expect(orderAfterDrop([1, 2, 3], 2, 9)).toBeNull();
  });

  it("leaves the ids it was given unchanged", () => {
    const ids = [1, 2, 3];
    orderAfterDrop(ids, 1, 3);
    expect(ids).toEqual([1, 2, 3]);
  });
});

describe("orderAfterStep", () => {
  it("swaps a sub-task with the one above or below", () => {
    expect(orderAfterStep([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(orderAfterStep([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });

  it("is null past either end and for an unknown id", () => {
    expect(orderAfterStep([1, 2, 3], 1, -1)).toBeNull();
    expect(orderAfterStep([1, 2, 3], 3, 1)).toBeNull();
    expect(orderAfterStep([1, 2, 3], 7, 1)).toBeNull();
  });
});

describe("sortOrders", () => {
  it("gives each id its position from 0, as the sorting call takes them", () => {
    expect(sortOrders([30, 10, 20])).toEqual([
      { id: 30, index: 0 },
      { id: 10, index: 1 },
      { id: 20, index: 2 },
    ]);
  });
});

describe("arrangeByIds", () => {
  const items = [
    { id: 1, order: 0, title: "a" },
    { id: 2, order: 1, title: "b" },
    { id: 3, order: 2, title: "c" },
  ];

  it("puts the items in the new order with their positions as `order`", () => {
    expect(arrangeByIds(items, [3, 1, 2]).map((item) => [item.id, item.order])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it("keeps an item added meanwhile at the end, and drops ids of items no longer there", () => {
    const added = [...items, { id: 4, order: 3, title: "d" }];
    expect(arrangeByIds(added, [2, 9, 1, 3]).map((item) => item.id)).toEqual([2, 1, 3, 4]);
  });

  it("keeps the same object for an item whose position did not change", () => {
    const arranged = arrangeByIds(items, [1, 3, 2]);
    expect(arranged[0]).toBe(items[0]);
    expect(arranged[1]).not.toBe(items[2]);
  });
});
