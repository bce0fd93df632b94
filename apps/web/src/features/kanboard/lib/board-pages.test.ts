import type { KanboardTaskPage } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { task } from "../../task-lists/test-tasks.js";
import { cardsOf, indexOfCard, insertCard, nextColumnPage, removeCard, replaceCard, totalOf, type ColumnPages } from "./board-pages.js";

/** A page of the given card ids, the column holding `total` cards. */
function page(ids: number[], total: number, current = 1, perPage = 50): KanboardTaskPage {
  return { data: ids.map((id) => task(id)), meta: { pagination: { total, count: ids.length, per_page: perPage, current_page: current, total_pages: Math.ceil(total / perPage) } } };
}
const column = (...pages: KanboardTaskPage[]): ColumnPages => ({ pages, pageParams: pages.map((_, index) => ({ page: index + 1, per_page: 50 })) });
const ids = (data: ColumnPages) => cardsOf(data.pages).map((card) => card.id);

describe("cardsOf", () => {
  it("lists the loaded cards in order, each once, when a later page repeats cards of the one before", () => {
    expect(cardsOf([page([1, 2, 3], 6), page([3, 4, 5], 6)]).map((card) => card.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("nextColumnPage", () => {
  it("asks for the following page of 50 while the loaded cards fill whole pages", () => {
    expect(nextColumnPage(0, 120)).toEqual({ page: 1, per_page: 50 });
    expect(nextColumnPage(50, 120)).toEqual({ page: 2, per_page: 50 });
    expect(nextColumnPage(100, 2000)).toEqual({ page: 3, per_page: 50 });
  });

  it("asks for nothing once every card is loaded", () => {
    expect(nextColumnPage(120, 120)).toBeUndefined();
    expect(nextColumnPage(0, 0)).toBeUndefined();
    // A card moved in from another column while the rest were loaded: all there is, is there.
    expect(nextColumnPage(51, 50)).toBeUndefined();
  });

  it("after cards moved out, starts the next page right at the first card not loaded", () => {
    // 149 loaded: page 2 of 149 starts at card 149, where page 3 of 50 would bring 49 cards again.
    expect(nextColumnPage(149, 2000)).toEqual({ page: 2, per_page: 149 });
    expect(nextColumnPage(99, 2000)).toEqual({ page: 2, per_page: 99 });
  });

  it("with no page size that starts exactly there, fetches the fewest cards twice, within the most a page may hold", () => {
    // 211 is prime: 105 cards a page starts at 210, one card early.
    const next = nextColumnPage(211, 2000);
    expect(next).toBeDefined();
    const { page: number, per_page: perPage } = next!;
    expect(perPage).toBeGreaterThanOrEqual(50);
    expect(perPage).toBeLessThanOrEqual(200);
    const start = (number - 1) * perPage;
    expect(start).toBeLessThanOrEqual(211);
    expect(211 - start).toBe(1);
  });
});

describe("removeCard", () => {
  it("takes a loaded card out and one off the total of every page", () => {
    const after = removeCard(column(page([1, 2], 4), page([3, 4], 4, 2)), 3);
    expect(ids(after)).toEqual([1, 2, 4]);
    expect(after.pages.map((entry) => entry.meta.pagination.total)).toEqual([3, 3]);
    expect(totalOf(after.pages)).toBe(3);
  });

  it("leaves the column as it was when the card is not loaded", () => {
    const before = column(page([1, 2], 10));
    expect(removeCard(before, 9)).toBe(before);
  });
});

describe("insertCard", () => {
  it("puts a card at its index among the loaded cards, across pages, and counts it", () => {
    const data = column(page([1, 2], 4), page([3, 4], 4, 2));
    expect(ids(insertCard(data, task(9), 0))).toEqual([9, 1, 2, 3, 4]);
    expect(ids(insertCard(data, task(9), 3))).toEqual([1, 2, 3, 9, 4]);
    expect(ids(insertCard(data, task(9), 4))).toEqual([1, 2, 3, 4, 9]);
    expect(totalOf(insertCard(data, task(9), 2).pages)).toBe(5);
  });

  it("past the loaded cards, only counts the card: it shows when that part of the column loads", () => {
    const data = column(page([1, 2], 40));
    const after = insertCard(data, task(9), 30);
    expect(ids(after)).toEqual([1, 2]);
    expect(totalOf(after.pages)).toBe(41);
    // The next load starts again from the top (2 cards come twice) and brings it.
    expect(nextColumnPage(2, totalOf(after.pages))).toEqual({ page: 1, per_page: 50 });
  });

  it("moves a card already loaded without counting it twice", () => {
    const after = insertCard(column(page([1, 2, 3], 3)), task(1), 2);
    expect(ids(after)).toEqual([2, 3, 1]);
    expect(totalOf(after.pages)).toBe(3);
    // Moved past the loaded cards: it leaves them, and the column still holds it.
    const away = insertCard(column(page([1, 2, 3], 80)), task(1), 60);
    expect(ids(away)).toEqual([2, 3]);
    expect(totalOf(away.pages)).toBe(80);
  });

  it("puts a card into an empty loaded column", () => {
    expect(ids(insertCard(column(page([], 0)), task(5), 0))).toEqual([5]);
  });
});

describe("replaceCard and indexOfCard", () => {
  it("replaces a loaded card in place and finds cards by id", () => {
    const data = column(page([1, 2, 3], 3));
    const renamed = replaceCard(data, task(2, { title: "Renamed" }));
    expect(cardsOf(renamed.pages).map((card) => card.title)).toEqual(["Task 1", "Renamed", "Task 3"]);
    expect(indexOfCard(renamed, 3)).toBe(2);
    expect(indexOfCard(renamed, 7)).toBe(-1);
    expect(replaceCard(data, task(7))).toBe(data);
  });
});
