import type { KanboardBoardOrderBody, KanboardTaskOrderBody } from "@plotline/contracts";

/**
 * Pure rules of moving cards and columns: where a drop or a keyboard step puts a card, what the move call
 * is told, and the columns' order. The board shows the result at once and sends the same to the server.
 */

/** Where a card goes: an index among the target column's loaded cards, or `"end"`, its very bottom (past cards not loaded yet). */
export interface CardTarget {
  columnId: number;
  index: number | "end";
}

/** One column as the moves see it: its id and the ids of its loaded cards, in order. */
export interface ColumnCards {
  id: number;
  cardIds: readonly number[];
  /** Cards the column holds beyond the loaded ones. */
  hasMore: boolean;
}

/**
 * The move call's body for a card placed in a column whose loaded cards are `ids` (the card among them,
 * where it landed). The server places it below the card above (`before_task_id`), else above the card
 * below (`after_task_id`), else at the column's `to` end, so a move writes one row whatever the column's size.
 */
export function taskOrderBody(taskId: number, columnId: number, ids: readonly number[]): KanboardTaskOrderBody {
  const at = ids.indexOf(taskId);
  const before = at > 0 ? (ids[at - 1] ?? null) : null;
  const after = at >= 0 ? (ids[at + 1] ?? null) : null;
  return { task_id: taskId, board_id: columnId, before_task_id: before, after_task_id: after, to: at < 0 ? "bottom" : "top" };
}

/** The body for a card sent to the very bottom of a column, below cards not loaded yet. */
export function taskToEndBody(taskId: number, columnId: number): KanboardTaskOrderBody {
  return { task_id: taskId, board_id: columnId, before_task_id: null, after_task_id: null, to: "bottom" };
}

/** The loaded ids of the target column once `taskId` is placed at `index` (taken out of wherever it was in them). */
export function idsAfterPlacing(ids: readonly number[], taskId: number, index: number): number[] {
  const rest = ids.filter((id) => id !== taskId);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), taskId, ...rest.slice(at)];
}

/** Directions of the keyboard's Alt+arrow moves. */
export type CardStep = "up" | "down" | "left" | "right" | "top" | "bottom";

/**
 * Where Alt+arrow takes a card: up or down one place in its column, left or right into the neighbouring
 * column at the same height (or that column's last loaded place), Alt+Home and Alt+End to its column's top
 * and very bottom. Null when the card cannot go that way (the first card up, the first column left).
 */
export function targetOfStep(columns: readonly ColumnCards[], taskId: number, step: CardStep): CardTarget | null {
  const from = columns.findIndex((column) => column.cardIds.includes(taskId));
  const column = columns[from];
  if (!column) return null;
  const index = column.cardIds.indexOf(taskId);
  switch (step) {
    case "up":
      return index > 0 ? { columnId: column.id, index: index - 1 } : null;
    case "down":
      if (index < column.cardIds.length - 1) return { columnId: column.id, index: index + 1 };
      return column.hasMore ? { columnId: column.id, index: "end" } : null;
    case "top":
      return index > 0 ? { columnId: column.id, index: 0 } : null;
    case "bottom":
      if (column.hasMore) return { columnId: column.id, index: "end" };
      return index < column.cardIds.length - 1 ? { columnId: column.id, index: column.cardIds.length - 1 } : null;
    case "left":
    case "right": {
      const next = columns[from + (step === "left" ? -1 : 1)];
      if (!next) return null;
      return { columnId: next.id, index: Math.min(index, next.cardIds.length) };
    }
  }
}

/** How full a column is against its WIP limit: no limit, under it, at it (amber) or past it (red). */
export type WipState = "none" | "under" | "at" | "over";

export function wipState(total: number, limit: number | null): WipState {
  if (limit === null || limit <= 0) return "none";
  if (total > limit) return "over";
  return total === limit ? "at" : "under";
}

/**
 * Whether a card arriving in a column takes it past its WIP limit, so the person is asked first. A move
 * within the column changes nothing; a column already past its limit asks again for each card.
 */
export function passesWipLimit(column: { id: number; wip_limit: number | null; meta: { total_tasks: number } }, fromColumnId: number | null): boolean {
  if (fromColumnId === column.id || column.wip_limit === null) return false;
  return column.meta.total_tasks + 1 > column.wip_limit;
}

/** The column ids after a column was dropped on another's place, or moved one place left (-1) or right (1). */
export { orderAfterDrop as columnsAfterDrop, orderAfterStep as columnsAfterStep } from "../../../lib/id-order.js";

/** The board-order call's body: each column with its position, from 0. */
export function boardOrders(ids: readonly number[]): KanboardBoardOrderBody {
  return { board_orders: ids.map((id, order) => ({ id, order })) };
}
