import type { KanboardColumn, KanboardList, KanboardTaskPage, Task } from "@plotline/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { task } from "../../task-lists/test-tasks.js";
import { patchBoardTask, placeCard, removeBoardTask, takeCard } from "./board-cache.js";
import { cardsOf, type ColumnPages } from "./board-pages.js";

const P = 1;

function column(id: number, total: number, incomplete = total): KanboardColumn {
  return {
    id,
    title: `Column ${id}`,
    color: null,
    wip_limit: null,
    is_done: false,
    order: id,
    project_id: P,
    meta: { total_tasks: total, total_incomplete_tasks: incomplete },
    abilities: { can_edit: true, can_delete: true, can_create_task: true },
  };
}
const pages = (cards: Task[], total: number): ColumnPages => {
  const page: KanboardTaskPage = { data: cards, meta: { pagination: { total, count: cards.length, per_page: 50, current_page: 1, total_pages: 1 } } };
  return { pages: [page], pageParams: [{ page: 1, per_page: 50 }] };
};

/** A board of two columns: 1 holds tasks 1 and 2, column 2 holds task 3. */
function board() {
  const queryClient = new QueryClient();
  const list: KanboardList = { data: [column(1, 2), column(2, 1)], meta: { total_tasks: 3, abilities: { can_create: true, can_order: true } } };
  queryClient.setQueryData(queryKeys.kanboard.columns(P), list);
  queryClient.setQueryData(queryKeys.kanboard.column(P, 1), pages([task(1, { kan_board_id: 1 }), task(2, { kan_board_id: 1 })], 2));
  queryClient.setQueryData(queryKeys.kanboard.column(P, 2), pages([task(3, { kan_board_id: 2 })], 1));
  const cards = (id: number) => cardsOf(queryClient.getQueryData<ColumnPages>(queryKeys.kanboard.column(P, id))?.pages ?? []);
  const counts = () => queryClient.getQueryData<KanboardList>(queryKeys.kanboard.columns(P))?.data.map((entry) => [entry.meta.total_tasks, entry.meta.total_incomplete_tasks]);
  return { queryClient, cards, counts, total: () => queryClient.getQueryData<KanboardList>(queryKeys.kanboard.columns(P))?.meta.total_tasks };
}

describe("the board's caches", () => {
  it("moves a card between columns with both counts and the board's total following at once", () => {
    const { queryClient, cards, counts, total } = board();
    takeCard(queryClient, P, 1, task(2, { kan_board_id: 1 }));
    placeCard(queryClient, P, 2, task(2, { kan_board_id: 2 }), 0);
    expect(cards(1).map((card) => card.id)).toEqual([1]);
    expect(cards(2).map((card) => card.id)).toEqual([2, 3]);
    expect(counts()).toEqual([[1, 1], [2, 2]]);
    expect(total()).toBe(3);
  });

  it("shows a task changed in its window on its card, and counts a completed card as no longer open", () => {
    const { queryClient, cards, counts } = board();
    patchBoardTask(queryClient, task(1, { kan_board_id: 1, title: "Renamed", status: 1 }));
    expect(cards(1)[0]?.title).toBe("Renamed");
    expect(counts()).toEqual([[2, 1], [1, 1]]);
  });

  it("reads the board again when a task is in another column than the card shows", () => {
    const { queryClient } = board();
    patchBoardTask(queryClient, task(1, { kan_board_id: 2 }));
    expect(queryClient.getQueryState(queryKeys.kanboard.column(P, 1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.kanboard.columns(P))?.isInvalidated).toBe(true);
  });

  it("leaves the board alone for a task it has not loaded", () => {
    const { queryClient, cards } = board();
    patchBoardTask(queryClient, task(40, { kan_board_id: 1 }));
    expect(cards(1).map((card) => card.id)).toEqual([1, 2]);
    expect(queryClient.getQueryState(queryKeys.kanboard.column(P, 1))?.isInvalidated).toBe(false);
  });

  it("takes a deleted task's card off its column and out of its count", () => {
    const { queryClient, cards, counts } = board();
    removeBoardTask(queryClient, P, 3);
    expect(cards(2)).toEqual([]);
    expect(counts()).toEqual([[2, 2], [0, 0]]);
  });
});

describe("invalidateAfter for the board", () => {
  async function stale(change: Parameters<typeof invalidateAfter>[1]) {
    const queryClient = new QueryClient();
    const keys = {
      columns: queryKeys.kanboard.columns(P),
      cards: queryKeys.kanboard.column(P, 1),
      task: queryKeys.tasks.one(P, 2),
      lists: queryKeys.taskLists.index(P, 1),
      myTasks: queryKeys.myTasks.part(1, "current", "2026-11-24"),
      views: queryKeys.kanboard.views,
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
    await invalidateAfter(queryClient, change);
    return Object.entries(keys).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
  }

  it("after a move the caches already show, reads only the counts and the task again", async () => {
    expect(await stale({ entity: "kanboard-card", projectId: P, taskId: 2, statusChanged: false })).toEqual(["columns", "task"]);
  });

  it("after a done column completed the task, also refreshes where tasks show: lists, My Tasks", async () => {
    expect(await stale({ entity: "kanboard-card", projectId: P, taskId: 2, statusChanged: true })).toEqual(["columns", "lists", "myTasks", "task"]);
  });

  it("after a column changed, reads the board again, and the remembered views after a view changed", async () => {
    expect(await stale({ entity: "kanboard", projectId: P })).toEqual(["cards", "columns", "task"]);
    expect(await stale({ entity: "kanboard-view" })).toEqual(["views"]);
  });

  it("after a task was written elsewhere, reads the board's counts but not its cards (they are patched)", async () => {
    expect(await stale({ entity: "task", projectId: P, taskId: 2, written: true })).toEqual(["columns", "myTasks"]);
  });
});
