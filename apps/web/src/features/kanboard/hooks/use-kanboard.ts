import {
  kanboardColumnResponse,
  kanboardPlacementResponse,
  type CreateKanboardColumnBody,
  type KanboardColumn,
  type KanboardList,
  type KanboardPlacement,
  type KanboardTaskOrderBody,
  type KanboardTaskPage,
  type Task,
  type UpdateKanboardColumnBody,
} from "@plotline/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { notifyError, notifyWarning } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { columnCardsOptions, kanboardColumnsOptions } from "./kanboard-queries.js";
import { kanboardPath } from "./use-kanboard-on.js";
import { boardOrders } from "../lib/board-moves.js";
import { countInColumn, editColumnCards, editColumns, isOpen, placeCard, takeCard } from "../lib/board-cache.js";
import { indexOfCard, insertCard, removeCard, replaceCard, type ColumnPageParam } from "../lib/board-pages.js";

/** Answers that only confirm, with a message. */
const doneAnswer = z.object({ message: z.string().optional() });

/**
 * The board's columns in order, each with its counts and abilities; `meta.abilities` says who may add and
 * order them.
 */
export function useKanboardColumns(projectId: number) {
  return useQuery(kanboardColumnsOptions(useQueryClient(), projectId));
}

/**
 * One column's cards, a page (50) at a time as the column is scrolled. Each further page is asked from how
 * many cards are loaded (`nextColumnPage`), so cards moved meanwhile neither vanish nor come twice.
 */
export function useColumnCards(projectId: number, columnId: number) {
  return useInfiniteQuery(columnCardsOptions(projectId, columnId));
}

/** Stops reads of the board that would land over an optimistic change with what the server had before it. */
function holdBoardReads(queryClient: QueryClient, projectId: number, columnIds: readonly number[]): void {
  void queryClient.cancelQueries({ queryKey: queryKeys.kanboard.columns(projectId), exact: true });
  for (const id of new Set(columnIds)) void queryClient.cancelQueries({ queryKey: queryKeys.kanboard.column(projectId, id) });
}

/** `silent`: the caller says what happened itself (a form puts errors under its fields). */
interface ColumnMutationOptions {
  silent?: boolean;
}

/** Adds a column at the end of the board. */
export function useCreateColumn(projectId: number, { silent = false }: ColumnMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: (body: CreateKanboardColumnBody) => api.post(kanboardPath(projectId), { schema: kanboardColumnResponse, body }),
    onSuccess: (answer) => {
      editColumns(queryClient, projectId, (columns) => (columns.some((column) => column.id === answer.data.id) ? columns : [...columns, answer.data]));
      void invalidateAfter(queryClient, { entity: "kanboard", projectId });
    },
  });
}

/** Renames a column or changes its colour, WIP limit or done flag: only the fields given. */
export function useUpdateColumn(projectId: number, { silent = false }: ColumnMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: ({ id, body }: { id: number; body: UpdateKanboardColumnBody }) => api.post(`${kanboardPath(projectId)}/${id}/update`, { schema: kanboardColumnResponse, body }),
    onSuccess: (answer) => {
      // The answer's counts are the server's; the cards it may carry stay in their own cache.
      const { task: _cards, ...column } = answer.data;
      editColumns(queryClient, projectId, (columns) => columns.map((entry) => (entry.id === column.id ? column : entry)));
    },
  });
}

/** Deletes a column; its tasks stay in their lists and leave the board. */
export function useDeleteColumn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${kanboardPath(projectId)}/${id}/delete`, { schema: doneAnswer }),
    onSuccess: (_answer, id) => {
      editColumns(queryClient, projectId, (columns) => columns.filter((column) => column.id !== id));
      queryClient.removeQueries({ queryKey: queryKeys.kanboard.column(projectId, id) });
      void invalidateAfter(queryClient, { entity: "kanboard", projectId });
    },
  });
}

/**
 * Saves a new order of the columns (`board-order`). The board shows it at once; when the server refuses,
 * the columns go back and the reason is toasted.
 */
export function useOrderColumns(projectId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.kanboard.columns(projectId);
  return useMutation({
    mutationFn: (ids: readonly number[]) => api.post(`${kanboardPath(projectId)}/board-order`, { schema: doneAnswer, body: boardOrders(ids) }),
    onMutate: (ids) => {
      holdBoardReads(queryClient, projectId, []);
      const snapshot = queryClient.getQueryData<KanboardList>(key);
      editColumns(queryClient, projectId, (columns) => {
        const byId = new Map(columns.map((column) => [column.id, column]));
        const named = ids.flatMap((id) => byId.get(id) ?? []);
        const rest = columns.filter((column) => !ids.includes(column.id));
        return [...named, ...rest].map((column, order) => (column.order === order ? column : { ...column, order }));
      });
      return { snapshot };
    },
    onError: (error, _ids, context) => {
      if (context?.snapshot) queryClient.setQueryData(key, context.snapshot);
      notifyError(error);
    },
    meta: { silent: true },
  });
}

/** A card's move as the board asks for it. */
export interface CardMove {
  /** The task as the board showed it before the move. */
  task: Task;
  /** The column it was in, and the one it goes to. */
  from: KanboardColumn;
  to: KanboardColumn;
  /** Where it shows at once among the target's loaded cards; `"end"`: past them, where the server says. */
  index: number | "end";
  body: KanboardTaskOrderBody;
  /** The person was asked about the WIP limit already: the server's warning is not shown again. */
  asked: boolean;
}

/** The task as a done column makes it: dropped into one it is complete, dragged out of one it is open again. */
function statusAfterMove(task: Task, from: KanboardColumn, to: KanboardColumn): number {
  if (from.id === to.id) return task.status;
  if (to.is_done) return 1;
  if (from.is_done && task.status === 1) return 0;
  return task.status;
}

/** Moves a card on the board's caches (counts included), as the board shows it before the server answers. */
function showMove(queryClient: QueryClient, projectId: number, move: CardMove, moved: Task): void {
  const index = move.index === "end" ? Number.MAX_SAFE_INTEGER : move.index;
  if (move.from.id === move.to.id) {
    editColumnCards(queryClient, projectId, move.to.id, (data) => insertCard(data, moved, index));
    countInColumn(queryClient, projectId, move.to.id, 0, isOpen(moved) - isOpen(move.task));
    return;
  }
  takeCard(queryClient, projectId, move.from.id, move.task);
  placeCard(queryClient, projectId, move.to.id, moved, index);
}

/** Where the server put the card: its place among the loaded cards (or past them), its status, the column's count. */
function settleMove(queryClient: QueryClient, projectId: number, moved: Task, answer: KanboardPlacement): Task {
  const { position, status, board_id: columnId } = answer.data;
  const settled = status === moved.status ? moved : { ...moved, status };
  editColumnCards(queryClient, projectId, columnId, (data) => {
    const shown = indexOfCard(data, moved.id);
    if (shown === position && settled === moved) return data;
    // Re-placed where the server says; past the loaded cards it leaves them (and stays counted).
    return insertCard(data, settled, position);
  });
  editColumns(queryClient, projectId, (columns) =>
    columns.map((column) => (column.id === columnId ? { ...column, meta: { ...column.meta, total_tasks: answer.meta.wip.total } } : column)),
  );
  return settled;
}

/** Shows the server's warnings about a WIP limit, unless the person already said yes to passing it. */
function warnOnce(answer: KanboardPlacement, asked: boolean): void {
  if (asked) return;
  for (const warning of answer.meta.warnings) notifyWarning(warning);
}

/**
 * Moves a card within its column or to another (`task-order`). The board shows the move at once, counts
 * included; when the server refuses, the card goes back where it was and the server's message is toasted.
 * The server completes a task dropped into a done column (and reopens one dragged out): the task's other
 * screens are then refreshed.
 */
export function useMoveCard(projectId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (move: CardMove & { moved: Task; fromIndex: number; sent: Promise<KanboardPlacement> }) => move.sent,
    onSuccess: (answer, move) => {
      settleMove(queryClient, projectId, move.moved, answer);
      warnOnce(answer, move.asked);
      void invalidateAfter(queryClient, { entity: "kanboard-card", projectId, taskId: move.task.id, statusChanged: answer.data.status_changed });
    },
    onError: (error, move) => {
      // Undone card by card rather than from a snapshot, so a second move made meanwhile stays.
      editColumnCards(queryClient, projectId, move.to.id, (data) => removeCard(data, move.task.id));
      if (move.from.id !== move.to.id) {
        countInColumn(queryClient, projectId, move.to.id, -1, -isOpen(move.moved));
        placeCard(queryClient, projectId, move.from.id, move.task, move.fromIndex < 0 ? Number.MAX_SAFE_INTEGER : move.fromIndex);
      } else {
        editColumnCards(queryClient, projectId, move.from.id, (data) => insertCard(removeCard(data, move.task.id), move.task, move.fromIndex));
        countInColumn(queryClient, projectId, move.from.id, 0, isOpen(move.task) - isOpen(move.moved));
      }
      notifyError(error);
      void invalidateAfter(queryClient, { entity: "kanboard-card", projectId, taskId: move.task.id, statusChanged: false });
    },
    meta: { silent: true },
  });
  /**
   * Sends the move and shows it, in the same tick as the drop: the request leaves before React draws the
   * board again (a mutation would start it only after), and no frame shows the card back in its old place.
   */
  const move = (request: CardMove) => {
    const sent = api.post(`${kanboardPath(projectId)}/task-order`, { schema: kanboardPlacementResponse, body: request.body });
    // The mutation handles the answer a few microtasks later; until then a refusal is not "unhandled".
    sent.catch(() => undefined);
    holdBoardReads(queryClient, projectId, [request.from.id, request.to.id]);
    const fromData = queryClient.getQueryData<{ pages: KanboardTaskPage[]; pageParams: ColumnPageParam[] }>(queryKeys.kanboard.column(projectId, request.from.id));
    const fromIndex = fromData ? indexOfCard(fromData, request.task.id) : -1;
    const status = statusAfterMove(request.task, request.from, request.to);
    const moved: Task = { ...request.task, kan_board_id: request.to.id, status };
    showMove(queryClient, projectId, request, moved);
    mutation.mutate({ ...request, moved, fromIndex, sent });
  };
  return { move, isPending: mutation.isPending };
}

/**
 * Puts an existing task of the project into a column (`.../task/{task_id}`), where the server answers
 * (the top). A task already in another column is refused with the server's message.
 */
export function useAddExistingTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ column, task }: { column: KanboardColumn; task: Task; asked: boolean }) =>
      api.post(`${kanboardPath(projectId)}/${column.id}/task/${task.id}`, { schema: kanboardPlacementResponse }),
    onSuccess: (answer, { column, task, asked }) => {
      const placed: Task = { ...task, kan_board_id: column.id, status: answer.data.status };
      placeCard(queryClient, projectId, column.id, placed, answer.data.position);
      settleMove(queryClient, projectId, placed, answer);
      warnOnce(answer, asked);
      void invalidateAfter(queryClient, { entity: "kanboard-card", projectId, taskId: task.id, statusChanged: answer.data.status_changed });
      // Searches made before now offer the task as not on the board.
      void queryClient.invalidateQueries({ queryKey: queryKeys.kanboard.searches(projectId) });
    },
  });
}

/** Takes a card off the board; the task stays in its list. */
export function useRemoveCard(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ columnId, task }: { columnId: number; task: Task }) => api.post(`${kanboardPath(projectId)}/${columnId}/tasks/${task.id}/delete`, { schema: doneAnswer }),
    onSuccess: (_answer, { columnId, task }) => {
      takeCard(queryClient, projectId, columnId, task);
      void invalidateAfter(queryClient, { entity: "kanboard-card", projectId, taskId: task.id, statusChanged: false });
    },
  });
}

/** A task created by a column's quick add: its card goes on top of the column, as the server puts it. */
export function showNewCard(queryClient: QueryClient, projectId: number, task: Task): void {
  if (task.kan_board_id === null) return;
  const columnId = task.kan_board_id;
  const data = queryClient.getQueryData<{ pages: KanboardTaskPage[]; pageParams: ColumnPageParam[] }>(queryKeys.kanboard.column(projectId, columnId));
  if (data && indexOfCard(data, task.id) >= 0) {
    editColumnCards(queryClient, projectId, columnId, (pages) => replaceCard(pages, task));
    return;
  }
  placeCard(queryClient, projectId, columnId, task, 0);
}
