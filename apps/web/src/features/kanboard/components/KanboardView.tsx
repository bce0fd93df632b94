import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { arrayMove, horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { Button, Group, Paper, Skeleton, Text, Title, VisuallyHidden } from "@mantine/core";
import { useCallbackRef } from "@mantine/hooks";
import type { KanboardColumn, Project, Task } from "@plotline/contracts";
import { IconLayoutKanban, IconPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { nestedCollisions } from "../../../lib/nested-collisions.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useAddExistingTask, useDeleteColumn, useKanboardColumns, useMoveCard, useOrderColumns, useRemoveCard, type CardMove } from "../hooks/use-kanboard.js";
import { useRememberView } from "../hooks/use-kanboard-view.js";
import {
  columnsAfterDrop,
  columnsAfterStep,
  idsAfterPlacing,
  passesWipLimit,
  targetOfStep,
  taskOrderBody,
  taskToEndBody,
  type CardStep,
  type CardTarget,
} from "../lib/board-moves.js";
import { cardsOf, totalOf, type ColumnPages } from "../lib/board-pages.js";
import { cardsWithDraft, type DragDraft } from "../lib/drag-draft.js";
import { canMoveCard, CardFace, type CardDragData } from "./BoardCard.js";
import { BoardColumn, columnDragId, type ColumnDragData, type ColumnHandlers, type ColumnZoneData } from "./BoardColumn.js";
import { ColumnFormModal, type ColumnField } from "./ColumnFormModal.js";
import { WipQuestion } from "./WipQuestion.js";
import "./kanboard.css";

type DragData = CardDragData | ColumnDragData | ColumnZoneData;

function dragData(value: { data: { current?: unknown } } | null | undefined): DragData | undefined {
  return value?.data.current as DragData | undefined;
}

/** Cards prefer a card under the pointer, then a column's end zone; a dragged column takes the nearest centre. */
const collisions = nestedCollisions({ containerType: "column", preferred: ["card", "column-end"], containerFallback: closestCenter });

/** Waits for the caches' observers (notified on a timer) before the drawn drag is dropped, so the card never flashes back. */
function afterCacheRender(fn: () => void): void {
  window.setTimeout(() => window.setTimeout(fn, 0), 0);
}

/** A move waiting for the person's answer about a WIP limit. */
type PendingAnswer = { kind: "move"; move: CardMove; limit: number } | { kind: "add"; task: Task; column: KanboardColumn; limit: number };

/**
 * The project's Kanban board: its columns side by side (one per screen on a phone), cards dragged within
 * and between them (mouse, touch, or keyboard), columns reordered by their handles. Every move shows at
 * once and is undone with the server's message when refused.
 */
export function KanboardView({ project }: { project: Project }) {
  const { t } = useTranslation();
  const projectId = project.id;
  const queryClient = useQueryClient();
  useRememberView(projectId, "kanboard");
  const board = useKanboardColumns(projectId);
  const { move } = useMoveCard(projectId);
  const addExisting = useAddExistingTask(projectId);
  const removeCard = useRemoveCard(projectId);
  const orderColumns = useOrderColumns(projectId);
  const deleteColumn = useDeleteColumn(projectId);
  const [draft, setDraft] = useState<DragDraft | null>(null);
  const [activeColumn, setActiveColumn] = useState<KanboardColumn | null>(null);
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const [editing, setEditing] = useState<{ column: KanboardColumn | null; focus: ColumnField } | null>(null);
  const [deleting, setDeleting] = useState<KanboardColumn | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const scrollers = useRef(new Map<number, (index: number) => void>());
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // A finger must rest a moment before a card lifts, so swiping scrolls the board and the columns.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const columns = useMemo(() => board.data?.data ?? [], [board.data]);
  const columnById = (id: number) => columns.find((column) => column.id === id);
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);

  /** A column's loaded cards and whether more are on the server, read from the cache at the moment of a move. */
  const loadedOf = (columnId: number) => {
    const data = queryClient.getQueryData<ColumnPages>(queryKeys.kanboard.column(projectId, columnId));
    const cards = cardsOf(data?.pages ?? []);
    return { cards, hasMore: data ? cards.length < totalOf(data.pages) : false };
  };
  const shownOf = (columnId: number, current: DragDraft | null) => cardsWithDraft(loadedOf(columnId).cards, columnId, current);

  /** Focuses a moved card's handle once it is drawn in its new place (keyboard moves keep their place in the page). */
  const focusCard = (columnId: number, taskId: number, index: number | "end") => {
    if (index !== "end") scrollers.current.get(columnId)?.(index);
    afterCacheRender(() =>
      window.requestAnimationFrame(() => {
        const handle = document.querySelector<HTMLElement>(`[data-testid="kb-column-${columnId}"] [data-task-id="${taskId}"] .kb-card-handle`);
        (handle ?? document.querySelector<HTMLElement>(`[data-testid="kb-column-${columnId}"] .kb-column-title`))?.focus();
      }),
    );
  };

  /** Sends a move, or asks first when it takes a column past its WIP limit (then answers "asked"). */
  const requestMove = (task: Task, to: KanboardColumn, target: CardTarget): "sent" | "asked" | "none" => {
    const from = columnById(task.kan_board_id ?? -1) ?? columns.find((column) => loadedOf(column.id).cards.some((card) => card.id === task.id));
    if (!from) return "none";
    const ids = target.index === "end" ? [] : idsAfterPlacing(loadedOf(to.id).cards.map((card) => card.id), task.id, target.index);
    const body = target.index === "end" ? taskToEndBody(task.id, to.id) : taskOrderBody(task.id, to.id, ids);
    const request: CardMove = { task, from, to, index: target.index, body, asked: false };
    if (passesWipLimit(to, from.id) && to.wip_limit !== null) {
      setPending({ kind: "move", move: request, limit: to.wip_limit });
      return "asked";
    }
    move(request);
    return "sent";
  };

  const onStep = useCallbackRef((task: Task, step: CardStep) => {
    const state = columns.map((column) => {
      const loaded = loadedOf(column.id);
      return { id: column.id, cardIds: loaded.cards.map((card) => card.id), hasMore: loaded.hasMore };
    });
    const target = targetOfStep(state, task.id, step);
    const to = target && columnById(target.columnId);
    if (!target || !to) return;
    if (requestMove(task, to, target) === "sent") {
      setAnnouncement(
        target.index === "end"
          ? t("kanboard.moved_to_end", { title: task.title, column: to.title })
          : t("kanboard.moved_status", { title: task.title, column: to.title, position: target.index + 1 }),
      );
      focusCard(to.id, task.id, target.index);
    }
  });
  const onMoveTo = useCallbackRef((task: Task, column: KanboardColumn) => {
    if (requestMove(task, column, { columnId: column.id, index: 0 }) === "sent") setAnnouncement(t("kanboard.moved_status", { title: task.title, column: column.title, position: 1 }));
  });
  const onRemove = useCallbackRef((task: Task) => {
    if (task.kan_board_id !== null) removeCard.mutate({ columnId: task.kan_board_id, task });
  });
  const onAddExisting = useCallbackRef((task: Task, column: KanboardColumn) => {
    if (passesWipLimit(column, null) && column.wip_limit !== null) {
      setPending({ kind: "add", task, column, limit: column.wip_limit });
      return;
    }
    addExisting.mutate({ column, task, asked: false });
  });
  const getColumns = useCallbackRef(() => columns);
  const onEdit = useCallbackRef((column: KanboardColumn, focus: ColumnField) => setEditing({ column, focus }));
  const onDelete = useCallbackRef((column: KanboardColumn) => setDeleting(column));
  const onColumnStep = useCallbackRef((column: KanboardColumn, step: -1 | 1) => {
    const next = columnsAfterStep(columnIds, column.id, step);
    if (!next) return;
    orderColumns.mutate(next);
    setAnnouncement(t("kanboard.column_moved", { title: column.title, position: next.indexOf(column.id) + 1, total: next.length }));
    afterCacheRender(() => document.querySelector<HTMLElement>(`[data-testid="kb-column-${column.id}"] [aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"]`)?.focus());
  });
  const register = useCallback((columnId: number, scrollToIndex: ((index: number) => void) | null) => {
    if (scrollToIndex) scrollers.current.set(columnId, scrollToIndex);
    else scrollers.current.delete(columnId);
  }, []);
  const handlers: ColumnHandlers = useMemo(
    () => ({ getColumns, onStep, onMoveTo, onRemove, onAddExisting, onEdit, onDelete, onColumnStep, register }),
    [getColumns, onStep, onMoveTo, onRemove, onAddExisting, onEdit, onDelete, onColumnStep, register],
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = dragData(active);
    if (data?.type === "column") setActiveColumn(data.column);
    if (data?.type === "card") {
      const index = loadedOf(data.columnId).cards.findIndex((card) => card.id === data.task.id);
      setDraft({ task: data.task, fromColumnId: data.columnId, overColumnId: data.columnId, overIndex: Math.max(0, index), dropped: false });
    }
  };

  // Draws the dragged card in the column it hovers, so that column opens a gap for it.
  const onDragOver = ({ over }: DragOverEvent) => {
    const target = dragData(over);
    if (!draft || draft.dropped || !target || target.type === "column") return;
    const columnId = target.columnId;
    if (columnId === draft.overColumnId) return;
    const shown = shownOf(columnId, draft);
    const overIndex = target.type === "card" ? shown.findIndex((card) => card.id === target.task.id) : shown.length;
    setDraft({ ...draft, overColumnId: columnId, overIndex: overIndex < 0 ? shown.length : overIndex });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = dragData(active);
    const target = dragData(over);
    if (data?.type === "column") {
      setActiveColumn(null);
      const next = target?.type === "column" ? columnsAfterDrop(columnIds, data.column.id, target.column.id) : null;
      if (next) orderColumns.mutate(next);
      return;
    }
    if (!draft || data?.type !== "card") return setDraft(null);
    const to = columnById(draft.overColumnId);
    if (!to || !canMoveCard(draft.task)) return setDraft(null);
    let ids = shownOf(to.id, draft).map((card) => card.id);
    if (target?.type === "card" && ids.includes(target.task.id)) ids = arrayMove(ids, ids.indexOf(draft.task.id), ids.indexOf(target.task.id));
    const index: number | "end" = target?.type === "column-end" && target.columnId === to.id ? "end" : ids.indexOf(draft.task.id);
    const original = loadedOf(draft.fromColumnId).cards.findIndex((card) => card.id === draft.task.id);
    if (to.id === draft.fromColumnId && index === original) return setDraft(null);
    const settled: DragDraft = { ...draft, overIndex: index === "end" ? Number.MAX_SAFE_INTEGER : index, dropped: true };
    const result = requestMove(draft.task, to, { columnId: to.id, index });
    // Asked about the WIP limit: the card stays drawn where it was dropped until the answer.
    if (result === "asked") return setDraft(settled);
    if (result === "none" || index === "end") return setDraft(null);
    setDraft(settled);
    afterCacheRender(() => setDraft((current) => (current === settled ? null : current)));
  };

  const titleOf = (data: DragData | undefined) => (data?.type === "card" ? data.task.title : data?.type === "column" ? data.column.title : "");
  const columnTitleOf = (data: DragData | undefined) => {
    if (!data || data.type === "column") return "";
    return columnById(data.columnId)?.title ?? "";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("kanboard.picked_up", { title: titleOf(dragData(active)) }),
    onDragOver: ({ active, over }) => (over && dragData(over)?.type !== "column" ? t("kanboard.over_column", { title: titleOf(dragData(active)), column: columnTitleOf(dragData(over)) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t("kanboard.dropped", { title: titleOf(dragData(active)), column: columnTitleOf(dragData(over)) || titleOf(dragData(over)) }) : undefined),
    onDragCancel: ({ active }) => t("kanboard.drag_cancelled", { title: titleOf(dragData(active)) }),
  };

  const answerPending = (yes: boolean) => {
    const current = pending;
    setPending(null);
    if (!current) return;
    if (current.kind === "add") {
      if (yes) addExisting.mutate({ column: current.column, task: current.task, asked: true });
      return;
    }
    if (!yes) return setDraft(null);
    move({ ...current.move, asked: true });
    afterCacheRender(() => setDraft(null));
  };

  const abilities = board.data?.meta.abilities;
  const newColumnButton = abilities?.can_create ? (
    <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing({ column: null, focus: "title" })}>
      {t("kanboard.new_column")}
    </Button>
  ) : null;

  let content;
  if (board.isPending) {
    content = (
      <div className="kb-board" aria-busy="true" aria-label={t("common.loading")}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="kb-column" height={320} radius="md" />
        ))}
      </div>
    );
  } else if (board.error) {
    content = <ErrorState error={board.error} onRetry={() => void board.refetch()} />;
  } else if (columns.length === 0) {
    content = (
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          icon={<IconLayoutKanban />}
          title={t("kanboard.empty_title")}
          body={abilities?.can_create ? t("kanboard.empty_body") : t("kanboard.empty_readonly")}
          action={newColumnButton}
        />
      </Paper>
    );
  } else {
    content = (
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setDraft(null);
          setActiveColumn(null);
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("kanboard.drag_instructions") } }}
      >
        <SortableContext items={columns.map((column) => columnDragId(column.id))} strategy={horizontalListSortingStrategy}>
          <div className="kb-board" role="region" aria-label={t("kanboard.board_label", { project: project.title })} data-testid="kb-board" tabIndex={-1}>
            {columns.map((column) => (
              <BoardColumn
                key={column.id}
                projectId={projectId}
                column={column}
                canOrder={abilities?.can_order ?? false}
                draft={draft}
                handlers={handlers}
              />
            ))}
            {abilities?.can_create && (
              <button type="button" className="kb-new-column" onClick={() => setEditing({ column: null, focus: "title" })}>
                <IconPlus size={16} aria-hidden />
                {t("kanboard.new_column")}
              </button>
            )}
          </div>
        </SortableContext>
        <DragOverlay dropAnimation={null}>
          {draft && !draft.dropped && (
            <div className="kb-card kb-card-overlay">
              <CardFace projectId={projectId} task={draft.task} />
            </div>
          )}
          {activeColumn && (
            <Paper shadow="md" px="md" py="sm" withBorder className="kb-column-overlay">
              <Text fw={600}>{activeColumn.title}</Text>
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
    );
  }

  const total = board.data?.meta.total_tasks ?? 0;
  let deleteBody = "";
  if (deleting) {
    const count = deleting.meta.total_tasks;
    deleteBody = count === 0 ? t("kanboard.delete_body_empty", { title: deleting.title }) : t("kanboard.delete_body", { title: deleting.title, count });
  }
  return (
    <section className="kb-page" aria-labelledby="kb-heading">
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4" id="kb-heading">
            {t("kanboard.title")}
          </Title>
          {board.data && (
            <Text size="sm" c="dimmed" data-testid="kb-total">
              {t("kanboard.total_cards", { count: total })}
            </Text>
          )}
        </Group>
        {columns.length > 0 && newColumnButton}
      </Group>
      {columns.length > 1 && (
        <Text size="xs" c="dimmed" hiddenFrom="sm" mb={4}>
          {t("kanboard.scroll_hint")}
        </Text>
      )}
      {content}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {editing && <ColumnFormModal key={editing.column?.id ?? "new"} projectId={projectId} column={editing.column} focus={editing.focus} opened onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("kanboard.delete_title")}
        message={`${t("kanboard.delete_confirm")} ${deleteBody}`}
        confirmLabel={t("kanboard.delete_button")}
        loading={deleteColumn.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deleteColumn.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
      <WipQuestion limit={pending?.limit ?? null} onAnswer={answerPending} />
    </section>
  );
}
