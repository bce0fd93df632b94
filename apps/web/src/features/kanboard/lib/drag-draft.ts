import type { Task } from "@plotline/contracts";

/**
 * A card being dragged, and where it shows until the board's caches hold the move. Within its own column
 * the sortable list shows the gap while dragging; across columns the card is drawn in the column it hovers
 * (so that column opens a gap for it) and left out of the one it came from.
 */
export interface DragDraft {
  task: Task;
  fromColumnId: number;
  overColumnId: number;
  /** Its index among the hovered column's loaded cards. */
  overIndex: number;
  /** Dropped: it shows at `overIndex` in every case until the caches answer, so it never flashes back. */
  dropped: boolean;
}

/** A column's cards as they show with the drag drawn in: `cards` are its loaded cards as cached. */
export function cardsWithDraft(cards: readonly Task[], columnId: number, draft: DragDraft | null): readonly Task[] {
  if (!draft) return cards;
  const { task } = draft;
  const isAcross = draft.overColumnId !== draft.fromColumnId;
  if (!isAcross && !draft.dropped) return cards;
  if (columnId === draft.overColumnId) {
    const rest = cards.filter((card) => card.id !== task.id);
    // The cached version once the caches hold the move (a done column's status), else the dragged one.
    const shown = cards.find((card) => card.id === task.id) ?? task;
    const at = Math.max(0, Math.min(draft.overIndex, rest.length));
    return [...rest.slice(0, at), shown, ...rest.slice(at)];
  }
  return cards.some((card) => card.id === task.id) ? cards.filter((card) => card.id !== task.id) : cards;
}
