import type { KanboardColumn, KanboardList, Task } from "@plotline/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys.js";
import { cardsOf, insertCard, removeCard, replaceCard, type ColumnPages } from "./board-pages.js";

/**
 * The board's caches: the columns with their counts (`kanboard.columns`) and each column's loaded cards
 * (`kanboard.column`). Moves, adds and changes made elsewhere (the task window) are written into them
 * rather than refetched, because a refetch would load again every page a person scrolled through.
 */

/** Applies an edit to one column's loaded cards; nothing when the column was never loaded. */
export function editColumnCards(queryClient: QueryClient, projectId: number, columnId: number, edit: (data: ColumnPages) => ColumnPages): void {
  queryClient.setQueryData<ColumnPages>(queryKeys.kanboard.column(projectId, columnId), (old) => (old ? edit(old) : old));
}

/** Applies an edit to the cached columns. */
export function editColumns(queryClient: QueryClient, projectId: number, edit: (columns: KanboardColumn[]) => KanboardColumn[]): void {
  queryClient.setQueryData<KanboardList>(queryKeys.kanboard.columns(projectId), (old) => {
    if (!old) return old;
    const data = edit(old.data);
    const total = data.reduce((sum, column) => sum + column.meta.total_tasks, 0);
    return { ...old, data, meta: { ...old.meta, total_tasks: total } };
  });
}

/** The column with its counts moved: `total` cards more (or fewer), of which `incomplete` are open. */
export function withCount(column: KanboardColumn, total: number, incomplete: number): KanboardColumn {
  if (total === 0 && incomplete === 0) return column;
  return {
    ...column,
    meta: {
      total_tasks: Math.max(0, column.meta.total_tasks + total),
      total_incomplete_tasks: Math.max(0, column.meta.total_incomplete_tasks + incomplete),
    },
  };
}

/** Moves the counts of one column in the cached columns. */
export function countInColumn(queryClient: QueryClient, projectId: number, columnId: number, total: number, incomplete: number): void {
  editColumns(queryClient, projectId, (columns) => columns.map((column) => (column.id === columnId ? withCount(column, total, incomplete) : column)));
}

/** Open cards count as incomplete; status 1 is done. */
export const isOpen = (task: Pick<Task, "status">) => (task.status === 1 ? 0 : 1);

/** The columns of a project whose loaded cards are cached, with those cards. */
function loadedColumns(queryClient: QueryClient, projectId: number): Array<{ columnId: number; cards: Task[] }> {
  return queryClient
    .getQueriesData<ColumnPages>({ queryKey: queryKeys.kanboard.columnsCards(projectId) })
    .flatMap(([key, data]) => (data ? [{ columnId: Number(key[key.length - 1]), cards: cardsOf(data.pages) }] : []));
}

/** Puts a card at `index` of a column (past the loaded ones: only counted) and counts it. */
export function placeCard(queryClient: QueryClient, projectId: number, columnId: number, task: Task, index: number): void {
  editColumnCards(queryClient, projectId, columnId, (data) => insertCard(data, task, index));
  countInColumn(queryClient, projectId, columnId, 1, isOpen(task));
}

/** Takes a card off a column and out of its count. */
export function takeCard(queryClient: QueryClient, projectId: number, columnId: number, task: Task): void {
  editColumnCards(queryClient, projectId, columnId, (data) => removeCard(data, task.id));
  countInColumn(queryClient, projectId, columnId, -1, -isOpen(task));
}

/**
 * A task changed somewhere (the task window, a list row): its card shows the new version. When the card
 * is not in the column the task names any more (another person moved it, or a change of status moved it),
 * the board is read again; a task that was not loaded is left to the next load.
 */
export function patchBoardTask(queryClient: QueryClient, task: Task): void {
  let isElsewhere = false;
  for (const { columnId, cards } of loadedColumns(queryClient, task.project_id)) {
    const card = cards.find((entry) => entry.id === task.id);
    if (!card) continue;
    if (task.kan_board_id !== columnId) {
      isElsewhere = true;
      continue;
    }
    editColumnCards(queryClient, task.project_id, columnId, (data) => replaceCard(data, task));
    if (card.status !== task.status) countInColumn(queryClient, task.project_id, columnId, 0, isOpen(task) - isOpen(card));
  }
  if (isElsewhere) void queryClient.invalidateQueries({ queryKey: queryKeys.kanboard.all(task.project_id) });
}

/** A task was deleted: its card leaves the board and its column's count. */
export function removeBoardTask(queryClient: QueryClient, projectId: number, taskId: number): void {
  for (const { columnId, cards } of loadedColumns(queryClient, projectId)) {
    const card = cards.find((entry) => entry.id === taskId);
    if (card) takeCard(queryClient, projectId, columnId, card);
  }
}
