import { describe, expect, it } from "vitest";
import {
  boardOrders,
  columnsAfterDrop,
  columnsAfterStep,
  idsAfterPlacing,
  passesWipLimit,
  targetOfStep,
  taskOrderBody,
  taskToEndBody,
  wipState,
  type ColumnCards,
} from "./board-moves.js";

describe("taskOrderBody: the neighbours of a drop", () => {
  it("at the top of a column, names the card below", () => {
    expect(taskOrderBody(9, 2, [9, 4, 5])).toEqual({ task_id: 9, board_id: 2, before_task_id: null, after_task_id: 4, to: "top" });
  });

  it("in the middle, names the card above and the card below", () => {
    expect(taskOrderBody(9, 2, [4, 9, 5])).toEqual({ task_id: 9, board_id: 2, before_task_id: 4, after_task_id: 5, to: "top" });
  });

  it("at the end of the loaded cards, names the card above", () => {
    expect(taskOrderBody(9, 2, [4, 5, 9])).toEqual({ task_id: 9, board_id: 2, before_task_id: 5, after_task_id: null, to: "top" });
  });

  it("in an empty column, names no neighbour", () => {
    expect(taskOrderBody(9, 2, [9])).toEqual({ task_id: 9, board_id: 2, before_task_id: null, after_task_id: null, to: "top" });
  });

  it("to the very bottom, past cards not loaded, names none and says so", () => {
    expect(taskToEndBody(9, 2)).toEqual({ task_id: 9, board_id: 2, before_task_id: null, after_task_id: null, to: "bottom" });
  });
});

describe("idsAfterPlacing", () => {
  it("places a card among another column's cards, at either end and clamped", () => {
    expect(idsAfterPlacing([1, 2, 3], 9, 0)).toEqual([9, 1, 2, 3]);
    expect(idsAfterPlacing([1, 2, 3], 9, 2)).toEqual([1, 2, 9, 3]);
    expect(idsAfterPlacing([1, 2, 3], 9, 8)).toEqual([1, 2, 3, 9]);
  });

  it("moves a card within its own column", () => {
    expect(idsAfterPlacing([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
    expect(idsAfterPlacing([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
  });
});

describe("targetOfStep: Alt+arrow moves", () => {
  const board: ColumnCards[] = [
    { id: 1, cardIds: [10, 11, 12], hasMore: false },
    { id: 2, cardIds: [20], hasMore: true },
    { id: 3, cardIds: [], hasMore: false },
  ];

  it("moves up and down one place, and not past the top or the last card", () => {
    expect(targetOfStep(board, 11, "up")).toEqual({ columnId: 1, index: 0 });
    expect(targetOfStep(board, 11, "down")).toEqual({ columnId: 1, index: 2 });
    expect(targetOfStep(board, 10, "up")).toBeNull();
    expect(targetOfStep(board, 12, "down")).toBeNull();
  });

  it("goes down past the loaded cards when the column holds more", () => {
    expect(targetOfStep(board, 20, "down")).toEqual({ columnId: 2, index: "end" });
    expect(targetOfStep(board, 20, "bottom")).toEqual({ columnId: 2, index: "end" });
  });

  it("moves to the neighbouring column at the same height, or its last place, and not past the edge columns", () => {
    expect(targetOfStep(board, 12, "right")).toEqual({ columnId: 2, index: 1 });
    expect(targetOfStep(board, 20, "right")).toEqual({ columnId: 3, index: 0 });
    expect(targetOfStep(board, 20, "left")).toEqual({ columnId: 1, index: 0 });
    expect(targetOfStep(board, 10, "left")).toBeNull();
  });

  it("goes to the top and bottom of its column", () => {
    expect(targetOfStep(board, 12, "top")).toEqual({ columnId: 1, index: 0 });
    expect(targetOfStep(board, 10, "bottom")).toEqual({ columnId: 1, index: 2 });
    expect(targetOfStep(board, 10, "top")).toBeNull();
  });

  it("knows no card that is not loaded", () => {
    expect(targetOfStep(board, 99, "up")).toBeNull();
  });
});

describe("WIP limits", () => {
  it("reads a column as under, at or past its limit, or without one", () => {
    expect(wipState(3, null)).toBe("none");
    expect(wipState(2, 3)).toBe("under");
    expect(wipState(3, 3)).toBe("at");
    expect(wipState(4, 3)).toBe("over");
  });

  it("asks before a card from elsewhere takes a column past its limit, not for a move within it", () => {
    const column = (total: number, limit: number | null) => ({ id: 5, wip_limit: limit, meta: { total_tasks: total } });
    expect(passesWipLimit(column(2, 3), 1)).toBe(false);
    expect(passesWipLimit(column(3, 3), 1)).toBe(true);
    expect(passesWipLimit(column(5, 3), null)).toBe(true);
    expect(passesWipLimit(column(3, 3), 5)).toBe(false);
    expect(passesWipLimit(column(90, null), 1)).toBe(false);
  });
});

describe("column order", () => {
  it("moves a dropped column to the place of the one it was dropped on", () => {
    expect(columnsAfterDrop([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(columnsAfterDrop([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(columnsAfterDrop([1, 2, 3], 2, 2)).toBeNull();
    expect(columnsAfterDrop([1, 2, 3], 2, null)).toBeNull();
  });

  it("steps a column left or right, not past either end", () => {
    expect(columnsAfterStep([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(columnsAfterStep([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(columnsAfterStep([1, 2, 3], 1, -1)).toBeNull();
    expect(columnsAfterStep([1, 2, 3], 3, 1)).toBeNull();
  });

  it("sends every column with its position from 0", () => {
    expect(boardOrders([7, 3, 5])).toEqual({ board_orders: [{ id: 7, order: 0 }, { id: 3, order: 1 }, { id: 5, order: 2 }] });
  });
});
