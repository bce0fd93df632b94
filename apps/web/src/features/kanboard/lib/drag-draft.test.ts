import { describe, expect, it } from "vitest";
import { task } from "../../task-lists/test-tasks.js";
import { cardsWithDraft, type DragDraft } from "./drag-draft.js";

const cards = (...ids: number[]) => ids.map((id) => task(id));
const ids = (list: readonly { id: number }[]) => list.map((card) => card.id);
const draft = (overrides: Partial<DragDraft>): DragDraft => ({ task: task(2), fromColumnId: 1, overColumnId: 1, overIndex: 0, dropped: false, ...overrides });

describe("cardsWithDraft", () => {
  it("leaves a column alone while a card is dragged within it (the sortable list draws the gap)", () => {
    const column = cards(1, 2, 3);
    expect(cardsWithDraft(column, 1, draft({ overIndex: 2 }))).toBe(column);
    expect(cardsWithDraft(column, 1, null)).toBe(column);
  });

  it("draws a card dragged across in the column it hovers and leaves it out of the one it came from", () => {
    const across = draft({ overColumnId: 7, overIndex: 1 });
    expect(ids(cardsWithDraft(cards(1, 2, 3), 1, across))).toEqual([1, 3]);
    expect(ids(cardsWithDraft(cards(8, 9), 7, across))).toEqual([8, 2, 9]);
    expect(ids(cardsWithDraft(cards(5), 4, across))).toEqual([5]);
  });

  it("once dropped, shows the card at its new place, and only once when the caches already hold the move", () => {
    const dropped = draft({ overIndex: 2, dropped: true });
    expect(ids(cardsWithDraft(cards(1, 2, 3), 1, dropped))).toEqual([1, 3, 2]);
    const across = draft({ overColumnId: 7, overIndex: 0, dropped: true });
    expect(ids(cardsWithDraft(cards(2, 8), 7, across))).toEqual([2, 8]);
    expect(ids(cardsWithDraft(cards(1, 3), 1, across))).toEqual([1, 3]);
  });

  it("shows the cached version of the card once the caches hold it (a done column completed it)", () => {
    const done = task(2, { status: 1 });
    const across = draft({ overColumnId: 7, overIndex: 0, dropped: true });
    expect(cardsWithDraft([done, task(8)], 7, across)[0]).toBe(done);
  });
});
