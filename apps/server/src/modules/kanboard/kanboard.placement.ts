import { INT4_MAX, KANBOARD_DROP_ENDS } from "@plotline/contracts";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { invalidField, say } from "../../lib/app-error.js";
import { kanboardRepository, type CardKey, type KanboardRepository } from "./kanboard.repository.js";

/**
 * Where cards go, as fractional order keys (the `fractional-indexing` package): a card's key sorts between
 * its neighbours', so a move writes the moved card's row alone, whatever the column holds. Keys compare as
 * bytes (the column has the "C" collation on PostgreSQL); ties, which only two moves to the same spot at
 * the same moment can make, are ordered by task id.
 */

/** A key strictly between two keys (null: no bound on that side). */
export function keyBetween(lower: string | null, upper: string | null): string {
  return generateKeyBetween(lower, upper);
}

/** `count` keys in ascending order, evenly spread: for cards written in bulk (seeds, tests). */
export function keysInOrder(count: number): string[] {
  return generateNKeysBetween(null, null, count);
}

/** Where a card is asked to go: beside a neighbour (already checked to be a card of the column), or at an end. */
export interface Spot {
  /** The card that will be right above it. */
  before?: CardKey;
  /** The card that will be right below it (used when `before` is not given). */
  after?: CardKey;
  /** The end it goes to without a neighbour. */
  to: (typeof KANBOARD_DROP_ENDS)[number];
}

/** Greater than every task id, to step past every card sharing a key. */
const PAST_EVERY_ID = INT4_MAX;

/**
 * The key of a card moved to `spot` in a column, from at most two index seeks. The moved card itself is
 * left out of its neighbours (it may be moving within the column). Below `before` means between it and the
 * card now after it; when those two share a key, past every card with that key.
 */
export async function keyForSpot(repository: KanboardRepository, boardId: number, movingId: number, spot: Spot): Promise<string> {
  if (spot.before) {
    const lower = spot.before;
    let upper = await repository.cardAfter(boardId, lower, movingId);
    if (upper && upper.key === lower.key) upper = await repository.cardAfter(boardId, { id: PAST_EVERY_ID, key: lower.key }, movingId);
    return keyBetween(lower.key, upper?.key ?? null);
  }
  if (spot.after) {
    const upper = spot.after;
    let lower = await repository.cardBefore(boardId, upper, movingId);
    if (lower && lower.key === upper.key) lower = await repository.cardBefore(boardId, { id: 0, key: upper.key }, movingId);
    return keyBetween(lower?.key ?? null, upper.key);
  }
  if (spot.to === "bottom") return keyBetween((await repository.lastCard(boardId, movingId))?.key ?? null, null);
  return keyBetween(null, (await repository.firstCard(boardId, movingId))?.key ?? null);
}

/** The column a task is created into, as the tasks module needs it. */
export interface NewCardColumn {
  id: number;
  is_done: boolean;
}

/**
 * The column named by `kan_board_id` when a task is created: a column of this project's board, else a 400
 * on `kan_board_id` (a column of another project reads like one that does not exist).
 */
export async function columnForNewTask(db: Kysely<Database>, projectId: number, boardId: number): Promise<NewCardColumn> {
  const column = await kanboardRepository(db).findColumn(boardId);
  if (!column || column.project_id !== projectId) throw invalidField("kan_board_id", say("kanboard.choose_column_project"));
  return { id: column.id, is_done: column.is_done === 1 };
}

/** The placement of a new card at the top of a column, read inside the creating transaction. */
export async function topOfColumn(trx: Kysely<Database>, boardId: number): Promise<{ kan_board_id: number; kan_board_order: string }> {
  return { kan_board_id: boardId, kan_board_order: await keyForSpot(kanboardRepository(trx), boardId, 0, { to: "top" }) };
}
