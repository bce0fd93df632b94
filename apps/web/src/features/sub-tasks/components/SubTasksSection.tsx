import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Alert, Group, Progress, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { Member, SubTask, Task } from "@plotline/contracts";
import { IconArchive } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { useIsModuleOn } from "../hooks/use-module-on.js";
import { useDeleteSubTask, useSortSubTasks, useSubTasks } from "../hooks/use-sub-tasks.js";
import { canAddSubTask, canSortSubTasks } from "../lib/abilities.js";
import { progressPercent, progressText, rollupText } from "../lib/progress.js";
import { orderAfterDrop, orderAfterStep } from "../lib/sub-task-order.js";
import { SubTaskAddBox } from "./SubTaskAddBox.js";
import { SubTaskRow } from "./SubTaskRow.js";
import "./SubTasks.css";

/** The header: "Sub-tasks", "2 of 5 done" with its bar, and the task's roll-up with its sub-tasks. */
function SectionHeader({ headingId, task, counts }: { headingId: string; task: Task; counts: { total: number; complete: number } }) {
  const { t } = useTranslation();
  const withLogged = useIsModuleOn("time_tracker");
  const done = progressText(counts);
  const percent = progressPercent(counts);
  const rollup = rollupText(task.rollup, { withLogged });
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h5" id={headingId} tabIndex={-1}>
          {t("sub_tasks.title")}
        </Title>
        {done && (
          <Text size="sm" c="dimmed" data-testid="sub-tasks-progress">
            {done}
          </Text>
        )}
      </Group>
      {percent !== null && (
        <Progress
          value={percent}
          size="sm"
          radius="xl"
          color={counts.complete === counts.total ? "teal" : "blue"}
          aria-label={t("sub_tasks.progress_bar", counts)}
          data-testid="sub-tasks-bar"
        />
      )}
      {rollup && (
        <Text size="xs" c="dimmed" title={t("sub_tasks.rollup_hint")} data-testid="sub-tasks-rollup">
          {rollup}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The Sub-tasks section of the task modal: the task's sub-tasks in their order, how many are done, the
 * task's estimation and logged time with its sub-tasks, and quick add. Each sub-task is completed, renamed,
 * assigned, dated, moved (drag or Alt+arrows) and deleted as its abilities allow. Nothing shows while the
 * sub-tasks module is off, or on a sub-task opened on its own.
 */
export function SubTasksSection({ projectId, task, members }: { projectId: number; task: Task; members: readonly Member[] }) {
  const isOn = useIsModuleOn("sub_tasks");
  // A sub-task opened in the modal has no sub-tasks of its own.
  if (!isOn || task.parent_id !== 0) return null;
  return <SubTasksBody projectId={projectId} task={task} members={members} />;
}

function SubTasksBody({ projectId, task, members }: { projectId: number; task: Task; members: readonly Member[] }) {
  const { t } = useTranslation();
  const subTasks = useSubTasks(projectId, task.id);
  const sort = useSortSubTasks(projectId, task.id);
  const remove = useDeleteSubTask(projectId, task.id);
  const [deleting, setDeleting] = useState<SubTask | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  // After Alt+↑/↓ the control that had the focus keeps it, wherever its row went.
  const [focusAfterMove, setFocusAfterMove] = useState<{ element: HTMLElement; order: string } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const headingId = `sub-tasks-${task.id}`;
  const items = subTasks.data?.data ?? [];
  const ids = items.map((subTask) => subTask.id);
  const order = ids.join(",");

  useEffect(() => {
    // The list shows the new order a moment after the move (the cache is written once queries are paused).
    if (focusAfterMove === null || focusAfterMove.order !== order) return;
    const { element } = focusAfterMove;
    if (element.isConnected && document.activeElement !== element) element.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, order]);

  /**
   * After a delete the focus would fall to the page (its row is gone): it goes to the next sub-task, else
   * the one before, else the add box. After the dialog has given focus back, hence the wait.
   */
  const focusAfterDelete = (id: number) => {
    const index = ids.indexOf(id);
    const neighbour = ids[index + 1] ?? ids[index - 1];
    window.setTimeout(() => {
      const section = listRef.current?.closest("section");
      const target =
        (neighbour !== undefined && listRef.current?.querySelector<HTMLElement>(`[data-sub-task-id="${neighbour}"] [data-sub-task-title]`)) ||
        section?.querySelector<HTMLElement>("[data-testid='sub-task-add']") ||
        section?.querySelector<HTMLElement>("h2");
      target?.focus();
    }, 50);
  };

  const counts = subTasks.data
    ? { total: items.length, complete: items.filter((subTask) => subTask.status === 1).length }
    : task.sub_tasks;
  const state = subTasks.data?.meta;

  const titleOf = (id: UniqueIdentifier) => items.find((subTask) => subTask.id === id)?.title ?? "";
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("sub_tasks.picked_up", { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t("sub_tasks.moved_to", { title: titleOf(active.id), position: positionOf(over.id), total: ids.length }) : undefined),
    onDragEnd: ({ active, over }) =>
      t("sub_tasks.dropped", { title: titleOf(active.id), position: positionOf(over?.id ?? active.id), total: ids.length }),
    onDragCancel: ({ active }) => t("sub_tasks.drag_cancelled", { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = orderAfterDrop(ids, Number(active.id), over ? Number(over.id) : null);
    if (next) sort.mutate(next);
  };
  const onMove = (id: number, step: -1 | 1) => {
    const next = orderAfterStep(ids, id, step);
    if (!next) return;
    sort.mutate(next);
    const focused = document.activeElement;
    if (focused instanceof HTMLElement) setFocusAfterMove({ element: focused, order: next.join(",") });
    setAnnouncement(t("sub_tasks.moved_status", { title: titleOf(id), position: next.indexOf(id) + 1, total: next.length }));
  };

  let body;
  if (subTasks.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
        <Skeleton height={28} radius="sm" />
        <Skeleton height={28} radius="sm" />
      </Stack>
    );
  } else if (subTasks.error) {
    body = <ErrorState error={subTasks.error} onRetry={() => void subTasks.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" data-testid="sub-tasks-empty">
        {state && canAddSubTask(state) ? t("sub_tasks.empty") : t("sub_tasks.empty_readonly")}
      </Text>
    );
  } else if (state) {
    const canSort = canSortSubTasks(state);
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("sub_tasks.drag_instructions") } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap={4} role="list" aria-labelledby={headingId} ref={listRef} data-testid="sub-tasks-list">
            {items.map((subTask) => (
              <SubTaskRow
                key={subTask.id}
                projectId={projectId}
                parentId={task.id}
                subTask={subTask}
                members={members}
                listState={state}
                canSort={canSort}
                onMove={onMove}
                onDelete={setDeleting}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="sub-tasks">
      <SectionHeader headingId={headingId} task={task} counts={counts} />
      {state?.list_archived && (
        <Alert variant="light" color="gray" icon={<IconArchive size={16} />}>
          {t("sub_tasks.archived")}
        </Alert>
      )}
      {body}
      {state && canAddSubTask(state) && <SubTaskAddBox projectId={projectId} parentId={task.id} parentTitle={task.title} />}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("sub_tasks.delete_title")}
        message={`${t("sub_tasks.delete_confirm")} ${deleting ? t("sub_tasks.delete_body", { title: deleting.title }) : ""}`}
        confirmLabel={t("sub_tasks.delete_button")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const id = deleting.id;
          remove.mutate(id, { onSuccess: () => focusAfterDelete(id), onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
