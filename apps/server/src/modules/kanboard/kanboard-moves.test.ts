import type { KanboardColumn, KanboardList, KanboardPlacement } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { keysInOrder } from "./kanboard.placement.js";

/**
 * A move writes one row whatever the column holds: moves to the top, the middle and the end of a column of
 * 2,000 cards each run one write statement, on the moved task alone, and as many statements in all as the
 * same moves in a column of 3.
 */
let t: TestApp;
let cast: Cast;
let projectId: number;
let big: KanboardColumn;
let small: KanboardColumn;
/** The cards of each column in board order, as seeded. */
let bigCards: number[];
let smallCards: number[];

const BIG = 2000;

/** Seeds `count` tasks straight into a column of the project, in key order; answers their ids in that order. */
async function seedColumn(boardId: number, count: number, listId: number): Promise<number[]> {
  const at = "2026-03-01 09:00:00";
  const keys = keysInOrder(count);
  const ids: number[] = [];
  for (let start = 0; start < count; start += 200) {
    const rows = keys.slice(start, start + 200).map((key, index) => ({
      project_id: projectId, task_list_id: listId, parent_id: 0, title: `Card ${start + index + 1}`, description: "", estimation: 0,
      start_at: null, due_date: null, priority: 0, complexity: 0, payable: 0, recurrent: 0, status: 0, privacy: 0, sort_order: start + index,
      type_id: null, created_by: cast.manager.userId, completed_by: null, completed_at: null, created_at: at, updated_at: at,
      kan_board_id: boardId, kan_board_order: key,
    }));
    const inserted = await t.database.db.insertInto("tasks").values(rows).returning("id").execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Long columns" })).id;
  const listing = (await cast.manager.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard` })).json() as KanboardList;
  [big, small] = [listing.data[0], listing.data[1]] as [KanboardColumn, KanboardColumn];
  const inbox = await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 1).executeTakeFirstOrThrow();
  bigCards = await seedColumn(big.id, BIG, inbox.id);
  smallCards = await seedColumn(small.id, 3, inbox.id);
  // The session, the access and the columns are read once and then kept: one request first keeps those
  // reads out of the counts below.
  for (const session of [cast.manager, cast.coWorker]) {
    await session.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard` });
    // So is the task the reader's timer runs on, which every card marks.
    await session.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/${small.id}` });
  }
});
afterAll(() => t.close());

/** Every task's row, to compare before and after a move. */
async function snapshot(): Promise<Map<number, string>> {
  const rows = await t.database.db.selectFrom("tasks").selectAll().where("project_id", "=", projectId).execute();
  return new Map(rows.map((row) => [row.id, JSON.stringify(row)]));
}

function changedRows(before: Map<number, string>, after: Map<number, string>): number[] {
  return [...after.keys()].filter((id) => before.get(id) !== after.get(id));
}

const WRITE = /^\s*(insert|update|delete)\b/i;

/** Sends one move, answering its placement, the statements it ran and which task rows it changed. */
async function measuredMove(session: Session, payload: Record<string, unknown>): Promise<{ placement: KanboardPlacement; statements: string[]; changed: number[] }> {
  const before = await snapshot();
  t.queries.length = 0;
  const response = await session.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/task-order`, payload });
  const statements = [...t.queries];
  expect(response.statusCode, response.body).toBe(200);
  return { placement: response.json() as KanboardPlacement, statements, changed: changedRows(before, await snapshot()) };
}

async function order(boardId: number): Promise<number[]> {
  const rows = await t.database.db.selectFrom("tasks").select("id").where("kan_board_id", "=", boardId).orderBy("kan_board_order").orderBy("id").execute();
  return rows.map((row) => row.id);
}

describe("moves in a 2,000-card column", () => {
  it("moves a card to the top, the middle and the end, each writing the moved task's row alone", async () => {
    const expected = [...bigCards];
    const moves: Array<{ payload: Record<string, unknown>; apply: (cards: number[], id: number) => void; position: (cards: number[], id: number) => number }> = [];
    const last = bigCards[BIG - 1] ?? 0;
    const middleCard = bigCards[1000] ?? 0;
    const neighbourAbove = bigCards[700] ?? 0;
    const neighbourBelow = bigCards[701] ?? 0;
    // To the top: the last card.
    moves.push({ payload: { task_id: last, board_id: big.id }, apply: (cards, id) => cards.unshift(id), position: () => 0 });
    // To the middle, between two neighbours: the card at 1,000.
    moves.push({
      payload: { task_id: middleCard, board_id: big.id, before_task_id: neighbourAbove, after_task_id: neighbourBelow },
      apply: (cards, id) => cards.splice(cards.indexOf(neighbourAbove) + 1, 0, id),
      position: (cards, id) => cards.indexOf(id),
    });
    // To the end: the first card.
    const first = bigCards[0] ?? 0;
    moves.push({ payload: { task_id: first, board_id: big.id, to: "bottom" }, apply: (cards, id) => cards.push(id), position: () => BIG - 1 });
    const counts: number[] = [];
    for (const move of moves) {
      const id = Number(move.payload.task_id);
      const { placement, statements, changed } = await measuredMove(cast.manager, move.payload);
      expected.splice(expected.indexOf(id), 1);
      move.apply(expected, id);
      expect(changed).toEqual([id]);
      const writes = statements.filter((statement) => WRITE.test(statement));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^update "tasks"/);
      expect(placement.data.position).toBe(move.position(expected, id));
      expect(placement.meta.wip.total).toBe(BIG);
      counts.push(statements.length);
    }
    expect(await order(big.id)).toEqual(expected);
    // The same moves in a column of three run as many statements: nothing grows with the column.
    const smallLast = smallCards[2] ?? 0;
    const smallFirst = smallCards[0] ?? 0;
    const smallCounts = [
      (await measuredMove(cast.manager, { task_id: smallLast, board_id: small.id })).statements.length,
      (await measuredMove(cast.manager, { task_id: smallFirst, board_id: small.id, before_task_id: smallLast, after_task_id: smallCards[1] })).statements.length,
      (await measuredMove(cast.manager, { task_id: smallLast, board_id: small.id, to: "bottom" })).statements.length,
    ];
    expect(counts).toEqual(smallCounts);
  });

  it("moves a card from the 2,000-card column into another column writing one row, and back", async () => {
    const card = bigCards[1500] ?? 0;
    const above = smallCards[0] ?? 0;
    const across = await measuredMove(cast.manager, { task_id: card, board_id: small.id, before_task_id: above });
    expect(across.changed).toEqual([card]);
    expect(across.statements.filter((statement) => WRITE.test(statement))).toHaveLength(1);
    expect(across.placement.data).toMatchObject({ from_board_id: big.id, board_id: small.id });
    expect((await order(small.id)).indexOf(card)).toBe((await order(small.id)).indexOf(above) + 1);
    const back = await measuredMove(cast.manager, { task_id: card, board_id: big.id, to: "bottom" });
    expect(back.changed).toEqual([card]);
    expect((await order(big.id)).at(-1)).toBe(card);
  });

  it("keeps every card in a distinct place through many moves to the same spot", async () => {
    // Ten cards dropped one after another right below the same card: each lands between it and the one
    // dropped before, so the keys stay distinct and the order is the reverse of the drops.
    const anchor = bigCards[10] ?? 0;
    const dropped = bigCards.slice(100, 110);
    for (const id of dropped) {
      const { changed } = await measuredMove(cast.manager, { task_id: id, board_id: big.id, before_task_id: anchor });
      expect(changed).toEqual([id]);
    }
    const cards = await order(big.id);
    const at = cards.indexOf(anchor);
    expect(cards.slice(at + 1, at + 11)).toEqual([...dropped].reverse());
    const keys = await t.database.db.selectFrom("tasks").select("kan_board_order").where("kan_board_id", "=", big.id).execute();
    expect(new Set(keys.map((row) => row.kan_board_order)).size).toBe(keys.length);
  });

  it("reads a page deep in the column in the same number of statements as the first", async () => {
    t.queries.length = 0;
    // A move first, so neither read is served from what the previous tests kept.
    await measuredMove(cast.manager, { task_id: bigCards[5] ?? 0, board_id: big.id });
    // The reader's running timer is read once and kept (the time tracker's cache): read it before counting.
    await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/${small.id}?page=2` });
    t.queries.length = 0;
    const first = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/${big.id}?page=1` });
    const firstCount = t.queries.length;
    t.queries.length = 0;
    const deep = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/${big.id}?page=40` });
    const deepCount = t.queries.length;
    expect(first.statusCode).toBe(200);
    expect(deep.statusCode).toBe(200);
    const body = deep.json() as { data: KanboardColumn };
    expect(body.data.task?.meta.pagination).toMatchObject({ total: BIG, current_page: 40, count: 50, total_pages: 40 });
    expect(body.data.task?.data.map((task) => task.id)).toEqual((await order(big.id)).slice(1950));
    expect(deepCount).toBe(firstCount);
    // Asked again, the page is kept: no statement at all.
    t.queries.length = 0;
    expect((await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/kanboard/${big.id}?page=40` })).statusCode).toBe(200);
    expect(t.queries).toEqual([]);
  });
});
