import { useDroppable, type DraggableAttributes, type DraggableSyntheticListeners } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Group, Loader, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { KanboardColumn, Task } from "@plotline/contracts";
import { IconCircleCheck, IconGripVertical } from "@tabler/icons-react";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { useColumnCards } from "../hooks/use-kanboard.js";
import type { CardStep } from "../lib/board-moves.js";
import { wipState } from "../lib/board-moves.js";
import { cardsOf, totalOf } from "../lib/board-pages.js";
import { cardsWithDraft, type DragDraft } from "../lib/drag-draft.js";
import { AddExistingTask } from "./AddExistingTask.js";
import { BoardCard, cardDragId } from "./BoardCard.js";
import { ColumnMenu } from "./ColumnMenu.js";
import type { ColumnField } from "./ColumnFormModal.js";
import { QuickAddCard } from "./QuickAddCard.js";

/** A first guess of a card's height (title, one line of footer and the gap); each card is measured once drawn. */
const CARD_ESTIMATE_PX = 84;
/** Cards drawn beyond the visible ones, above and below, so a quick scroll shows no blank (each drawn card costs at every step of a drag). */
const OVERSCAN = 4;
/** Cards from the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD = 10;
const CARD_GAP_PX = 8;
/** About a column's list on a laptop screen; corrected as soon as the list is measured. */
const INITIAL_RECT = { width: 280, height: 560 };

/** The drag id of a column, of its list of cards, and of the zone past its loaded cards. */
export const columnDragId = (columnId: number) => `column:${columnId}`;
export const columnBodyId = (columnId: number) => `column-body:${columnId}`;
export const columnEndId = (columnId: number) => `column-end:${columnId}`;

/** What a dragged column carries. */
export interface ColumnDragData {
  type: "column";
  column: KanboardColumn;
}
/** What the list of a column's cards, and the zone below its loaded cards, carry as drop targets. */
export interface ColumnZoneData {
  type: "column-body" | "column-end";
  columnId: number;
}

/** What the board hands each column: the whole board's handlers, stable across renders. */
export interface ColumnHandlers {
  /** The columns as they are now (for menus, read when they open). */
  getColumns: () => readonly KanboardColumn[];
  onStep: (task: Task, step: CardStep) => void;
  onMoveTo: (task: Task, column: KanboardColumn) => void;
  onRemove: (task: Task) => void;
  onAddExisting: (task: Task, column: KanboardColumn) => void;
  onEdit: (column: KanboardColumn, field: ColumnField) => void;
  onDelete: (column: KanboardColumn) => void;
  onColumnStep: (column: KanboardColumn, step: -1 | 1) => void;
  /** The column tells the board how to scroll to one of its cards (for keyboard moves). */
  register: (columnId: number, scrollToIndex: ((index: number) => void) | null) => void;
}

/** The count, against the WIP limit when there is one: amber at it, red past it. */
function CountBadge({ column }: { column: KanboardColumn }) {
  const { t } = useTranslation();
  const count = column.meta.total_tasks;
  const limit = column.wip_limit;
  const state = wipState(count, limit);
  if (limit === null || state === "none") {
    return (
      <Badge variant="light" color="gray" size="sm" radius="sm" aria-label={t("kanboard.count_label", { count })} data-testid="kb-column-count">
        {count}
      </Badge>
    );
  }
  const label = t(state === "over" ? "kanboard.wip_over" : state === "at" ? "kanboard.wip_at" : "kanboard.wip_under", { count, limit });
  return (
    <Tooltip label={label} withArrow>
      <Badge
        variant={state === "under" ? "light" : "filled"}
        color={state === "over" ? "red" : state === "at" ? "yellow" : "gray"}
        autoContrast
        size="sm"
        radius="sm"
        aria-label={label}
        data-testid="kb-column-count"
        data-wip={state}
      >
        {t("kanboard.wip_badge", { count, limit })}
      </Badge>
    </Tooltip>
  );
}

/** The drop zone below a column's loaded cards: a card dropped there goes to the column's very bottom. */
function EndZone({ columnId, isLoading }: { columnId: number; isLoading: boolean }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: columnEndId(columnId), data: { type: "column-end", columnId } satisfies ColumnZoneData });
  return (
    <Group ref={setNodeRef} justify="center" gap="xs" py="xs" className="kb-column-end" data-over={isOver || undefined}>
      {isLoading && <Loader size="xs" />}
      <Text size="xs" c="dimmed">
        {t("kanboard.loading_more")}
      </Text>
    </Group>
  );
}

interface ColumnProps {
  projectId: number;
  column: KanboardColumn;
  canOrder: boolean;
  draft: DragDraft | null;
  handlers: ColumnHandlers;
}

/** The cards of a column: only those in view are drawn, and the next page loads as the end comes near. */
const ColumnCards = memo(function ColumnCards({ projectId, column, draft, handlers }: Omit<ColumnProps, "canOrder">) {
  const { t } = useTranslation();
  const query = useColumnCards(projectId, column.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loaded = useMemo(() => cardsOf(query.data?.pages ?? []), [query.data]);
  const shown = cardsWithDraft(loaded, column.id, draft);
  const hasMore = query.data ? cardsOf(query.data.pages).length < totalOf(query.data.pages) : false;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { setNodeRef } = useDroppable({ id: columnBodyId(column.id), data: { type: "column-body", columnId: column.id } satisfies ColumnZoneData });
  // The dragged card stays drawn wherever it is scrolled to: dnd-kit loses a drag whose element unmounts.
  const activeIndex = draft ? shown.findIndex((card) => card.id === draft.task.id) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex >= 0 && !indexes.includes(activeIndex) ? [...indexes, activeIndex].sort((a, b) => a - b) : indexes;
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    overscan: OVERSCAN,
    gap: CARD_GAP_PX,
    getItemKey: (index) => shown[index]?.id ?? index,
    rangeExtractor,
    // A guess of the list's size before it is measured, so the first cards are drawn in the board's first
    // paint rather than one render later.
    initialRect: INITIAL_RECT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= shown.length - LOAD_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, shown.length]);

  const { register } = handlers;
  useEffect(() => {
    register(column.id, (index) => virtualizer.scrollToIndex(index, { align: "auto" }));
    return () => register(column.id, null);
  }, [register, column.id, virtualizer]);

  const ids = useMemo(() => shown.map((card) => cardDragId(card.id)), [shown]);
  let body;
  if (query.isPending) {
    body = (
      <Stack gap={CARD_GAP_PX} aria-busy="true" aria-label={t("common.loading")}>
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  } else if (query.error && !query.data) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (shown.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="kb-column-empty">
        {column.abilities.can_create_task ? t("kanboard.column_empty_drop") : t("kanboard.column_empty")}
      </Text>
    );
  } else {
    body = (
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }} role="list">
        {items.map((item) => {
          const task = shown[item.index];
          if (!task) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              role="listitem"
              className="kb-card-slot"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <BoardCard
                projectId={projectId}
                task={task}
                getColumns={handlers.getColumns}
                columnId={column.id}
                columnTitle={column.title}
                onStep={handlers.onStep}
                onMoveTo={handlers.onMoveTo}
                onRemove={handlers.onRemove}
              />
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div
      ref={(element) => {
        scrollRef.current = element;
        setNodeRef(element);
      }}
      className="kb-column-body"
      data-testid={`kb-column-body-${column.id}`}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {body}
      </SortableContext>
      {hasMore && <EndZone columnId={column.id} isLoading={isFetchingNextPage} />}
    </div>
  );
});

/** What the column's head needs of its sortable wrapper for the drag handle. */
interface ColumnHandle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

/**
 * The column's head: handle, title, done mark, count, menu, quick add and "add existing task". Apart from
 * the sortable wrapper, so the steps of a drag do not draw it again.
 */
const ColumnHead = memo(function ColumnHead({
  projectId,
  column,
  canOrder,
  handlers,
  handle: { attributes, listeners, setActivatorNodeRef },
  headingId,
}: Omit<ColumnProps, "draft"> & { handle: ColumnHandle; headingId: string }) {
  const { t } = useTranslation();
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      handlers.onColumnStep(column, event.key === "ArrowLeft" ? -1 : 1);
      return;
    }
    (listeners?.onKeyDown as ((event: KeyboardEvent) => void) | undefined)?.(event);
  };
  return (
    <Stack gap={6} className="kb-column-head">
      <Group gap={4} wrap="nowrap">
        {canOrder && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            style={{ cursor: "grab", touchAction: "none" }}
            {...attributes}
            onPointerDown={listeners?.onPointerDown as never}
            onMouseDown={listeners?.onMouseDown as never}
            onTouchStart={listeners?.onTouchStart as never}
            onKeyDown={onHandleKey}
            aria-label={t("kanboard.drag_column", { title: column.title })}
            aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
            className="kb-column-handle"
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        <Title order={3} size="sm" id={headingId} className="kb-column-title" title={column.title} tabIndex={-1}>
          {column.title}
        </Title>
        {column.is_done && (
          <Tooltip label={t("kanboard.done_column")} withArrow>
            <IconCircleCheck size={16} color="var(--plotline-color-success)" aria-label={t("kanboard.done_column")} role="img" style={{ flexShrink: 0 }} />
          </Tooltip>
        )}
        <Group gap={4} wrap="nowrap" ml="auto">
          <CountBadge column={column} />
          <ColumnMenu projectId={projectId} column={column} onEdit={handlers.onEdit} onDelete={handlers.onDelete} />
        </Group>
      </Group>
      {column.abilities.can_create_task && (
        <>
          <QuickAddCard projectId={projectId} column={column} />
          <Group>
            <AddExistingTask projectId={projectId} column={column} getColumns={handlers.getColumns} onAdd={handlers.onAddExisting} />
          </Group>
        </>
      )}
    </Stack>
  );
});

/**
 * One column of the board: its head, then its cards. Managers drag it by its handle, or move it with
 * Alt+←/→ on the handle.
 */
export const BoardColumn = memo(function BoardColumn({ projectId, column, canOrder, draft, handlers }: ColumnProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: columnDragId(column.id),
    data: { type: "column", column } satisfies ColumnDragData,
    disabled: !canOrder,
  });
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  const state = wipState(column.meta.total_tasks, column.wip_limit);
  const headingId = `kb-column-title-${column.id}`;
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
    "--kb-column-color": column.color ?? "var(--mantine-color-gray-5)",
  } as CSSProperties;
  // Only this column's part of the drag, so the other columns are not drawn again as a card moves.
  const ownDraft = draft && (draft.fromColumnId === column.id || draft.overColumnId === column.id) ? draft : null;
  return (
    <section ref={setNodeRef} style={style} className="kb-column" data-wip={state} aria-labelledby={headingId} data-testid={`kb-column-${column.id}`}>
      <ColumnHead projectId={projectId} column={column} canOrder={canOrder} handlers={handlers} handle={handle} headingId={headingId} />
      <ColumnCards projectId={projectId} column={column} draft={ownDraft} handlers={handlers} />
    </section>
  );
});
