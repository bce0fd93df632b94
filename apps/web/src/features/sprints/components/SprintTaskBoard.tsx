import { DndContext, DragOverlay, MouseSensor, pointerWithin, TouchSensor, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from "@dnd-kit/core";
import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Sprint, SprintProject, Task } from "@plotline/contracts";
import { IconListCheck, IconPlus } from "@tabler/icons-react";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.js";
import { notifyError } from "../../../lib/notify.js";
import { showUndoToast } from "../../../lib/undo-toast.js";
import { useSprintTaskStatus } from "../hooks/use-sprint-task-status.js";
import { useBacklogSearch, useSprintTaskMoves } from "../hooks/use-sprints.js";
import { dropAction, groupTasks, TASK_GROUPS, withPendingMoves, type DropZone, type PendingMove } from "../lib/sprint-tasks.js";
import { BacklogPanel } from "./BacklogPanel.js";
import { DraggedRow, isFullTask, PendingSprintRow, SprintTaskRow, type MovableTask, type RowDragData } from "./SprintTaskRows.js";
import { TaskRemoveDialog } from "./TaskRemoveDialog.js";

/** The row lists skeleton while the sprint's tasks load. */
export function TaskListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} aria-busy="true" aria-label={t("common.loading")}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} height={48} radius="sm" />
      ))}
    </Stack>
  );
}

/** The drop zone the sprint's list is. */
function SprintDropZone({ children, isEmpty }: { children: ReactNode; isEmpty: boolean }) {
  const { t } = useTranslation();
  const drop = useDroppable({ id: "sprint" });
  return (
    <div ref={drop.setNodeRef} className="sprint-drop-zone" data-over={drop.isOver || undefined} data-testid="sprint-task-zone">
      {children}
      {drop.isOver && !isEmpty && (
        <Text size="xs" c="blue" ta="center" py={4}>
          {t("sprints.drop_here")}
        </Text>
      )}
    </div>
  );
}

/**
 * The sprint's tasks grouped by status, with the backlog beside them for those who may change what the
 * sprint holds: a task moves by dragging it between the two, or from its menu ("Move to backlog", "Add to
 * sprint"), and shows at once where it went while the server is asked. "Remove or delete…" offers taking it
 * out of the sprint or deleting it for good. Complete toggles go through the task's own status call.
 */
export function SprintTaskBoard({ sprint, projects }: { sprint: Sprint; projects: ReadonlyMap<number, SprintProject> }) {
  const { t } = useTranslation();
  const moves = useSprintTaskMoves(sprint.id);
  const status = useSprintTaskStatus(sprint.id);
  const [pending, setPending] = useState<ReadonlyMap<number, { to: PendingMove; task: MovableTask }>>(new Map());
  const [dragged, setDragged] = useState<MovableTask | null>(null);
  const [removing, setRemoving] = useState<Task | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [search, setSearch] = useState("");
  const [title] = useDebouncedValue(search.trim(), 300);
  const searchRef = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // A finger must rest a moment before a row lifts, so a swipe scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  const isOpen = sprint.status !== "completed";
  const movableProjects = sprint.abilities.task_project_ids;
  const canChangeTasks = isOpen && movableProjects.length > 0;
  const sprintTasks = useMemo(() => sprint.tasks?.data ?? [], [sprint.tasks]);
  const sprintIds = useMemo(() => new Set(sprintTasks.map((task) => task.id)), [sprintTasks]);
  const carried = useMemo(() => new Set(sprint.tasks?.meta.carried_over_ids ?? []), [sprint.tasks]);
  const backlogSearch = useBacklogSearch(canChangeTasks ? movableProjects : [], title);
  // The server answers the backlog as such; only a task added a moment ago may still be in a page read
  // before the add, until the page is read again.
  const backlog = (backlogSearch.data?.data ?? []).filter((task) => !sprintIds.has(task.id));
  const shown = withPendingMoves<Task, MovableTask>(sprintTasks, backlog, pending);
  const groups = groupTasks(shown.sprint, carried);
  const multiProject = projects.size > 1;
  const canMove = (task: MovableTask) => canChangeTasks && movableProjects.includes(task.project_id);

  const settle = (taskId: number) =>
    setPending((current) => {
      const next = new Map(current);
      next.delete(taskId);
      return next;
    });

  /**
   * Sends a task to the sprint or the backlog, showing it there at once; Undo sends it back. Each move
   * follows its own promise: a mutation's per-call callbacks fire only for the latest call, and two quick
   * moves must both settle.
   */
  const move = (task: MovableTask, to: PendingMove) => {
    if (pending.has(task.id)) return;
    setPending((current) => new Map(current).set(task.id, { to, task }));
    const sent =
      to === "to_sprint"
        ? moves.add.mutateAsync([task.id]).then(() => {
            setAnnouncement(t("sprints.moved_announce_sprint", { title: task.title }));
            showUndoToast({ message: t("sprints.added", { count: 1, title: task.title }), undo: () => moves.remove.mutateAsync(task.id) });
          })
        : moves.remove.mutateAsync(task.id).then(() => {
            setAnnouncement(t("sprints.moved_announce_backlog", { title: task.title }));
            showUndoToast({ message: t("sprints.removed", { title: task.title }), undo: () => moves.add.mutateAsync([task.id]) });
          });
    void sent.catch(notifyError).finally(() => settle(task.id));
  };

  const onDragStart = (event: DragStartEvent) => setDragged((event.active.data.current as RowDragData | undefined)?.task ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const data = event.active.data.current as RowDragData | undefined;
    if (!data) return;
    const over = (event.over?.id ?? null) as DropZone;
    const action = dropAction(data.from, over);
    if (action === "add") move(data.task, "to_sprint");
    if (action === "remove") move(data.task, "to_backlog");
  };

  const focusBacklog = () => {
    searchRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    searchRef.current?.focus({ preventScroll: true });
  };

  const taskSection = (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="sprint-tasks-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="sprint-tasks-title">
            {t("sprints.tasks")} <Text span c="dimmed" size="sm">({shown.sprint.length})</Text>
          </Title>
          {canChangeTasks && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={focusBacklog}>
              {t("sprints.add_tasks")}
            </Button>
          )}
        </Group>
        <SprintDropZone isEmpty={shown.sprint.length === 0}>
          {shown.sprint.length === 0 ? (
            <EmptyState
              icon={<IconListCheck size={28} />}
              title={t("sprints.no_tasks_title")}
              body={canChangeTasks ? t("sprints.no_tasks_body") : t("sprints.no_tasks_reader")}
            />
          ) : (
            <Stack gap="sm">
              {TASK_GROUPS.filter((group) => groups[group].length > 0).map((group) => (
                <div key={group}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4} id={`sprint-group-${group}`}>
                    {t("sprints.group_count", { title: t(`sprints.group_${group}`), count: groups[group].length })}
                  </Text>
                  <ul className="sprint-rows" aria-labelledby={`sprint-group-${group}`}>
                    {groups[group].map((task) =>
                      !isFullTask(task) ? (
                        <PendingSprintRow key={task.id} task={task} project={multiProject ? projects.get(task.project_id) : undefined} />
                      ) : (
                        <SprintTaskRow
                          key={task.id}
                          task={task}
                          project={multiProject ? projects.get(task.project_id) : undefined}
                          canToggle={isOpen && task.abilities.can_complete}
                          canMove={canMove(task)}
                          canDelete={isOpen && task.abilities.can_delete}
                          onToggle={status.setStatus}
                          onMoveToBacklog={(entry) => move(entry, "to_backlog")}
                          onRemoveOrDelete={setRemoving}
                          pending={pending.has(task.id)}
                        />
                      ),
                    )}
                  </ul>
                </div>
              ))}
            </Stack>
          )}
        </SprintDropZone>
      </Stack>
    </Card>
  );

  return (
    <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
      {canChangeTasks ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{taskSection}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <BacklogPanel
              search={search}
              onSearch={setSearch}
              searchRef={searchRef}
              tasks={shown.backlog}
              isLoading={backlogSearch.isPending}
              isFetching={backlogSearch.isFetching}
              error={backlogSearch.error}
              onRetry={() => void backlogSearch.refetch()}
              hasMore={(backlogSearch.data?.meta.pagination.total_pages ?? 1) > 1}
              projects={multiProject ? projects : null}
              pendingIds={new Set(pending.keys())}
              onAdd={(task) => move(task, "to_sprint")}
            />
          </Grid.Col>
        </Grid>
      ) : (
        taskSection
      )}
      <DragOverlay dropAnimation={null}>{dragged ? <DraggedRow task={dragged} /> : null}</DragOverlay>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {removing && (
        <TaskRemoveDialog task={removing} canRemove={canMove(removing)} onRemove={(task) => move(task, "to_backlog")} onClose={() => setRemoving(null)} />
      )}
    </DndContext>
  );
}
