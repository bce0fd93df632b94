import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Paper, Stack, Text } from "@mantine/core";
import type { Task, TaskList } from "@plotline/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { nestedCollisions } from "../../../lib/nested-collisions.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { useSortTasks } from "../hooks/use-sort-tasks.js";
import { useTaskRows } from "../hooks/use-task-rows.js";
import { TaskBulkBar } from "./TaskBulkBar.js";
import { listDragId, TaskListCard, type ListDragData } from "./TaskListCard.js";
import type { TaskDragData } from "./TaskRow.js";
import { TaskRowsContext } from "./task-rows-context.js";

type DragData = TaskDragData | ListDragData;
/** Open task ids per list while a task is being dragged. */
type Draft = Record<number, number[]>;

function dragData(value: { data: { current?: unknown } } | null): DragData | undefined {
  return value?.data.current as DragData | undefined;
}

/** A task dragged over a list's body prefers the row under the pointer, so the drop lands at its place. */
const collisions = nestedCollisions({ containerType: "list", preferred: ["task"] });

function initialDraft(lists: TaskList[]): Draft {
  return Object.fromEntries(lists.map((list) => [list.id, (list.incomplete_tasks?.data ?? []).map((task) => task.id)]));
}

function containerOf(draft: Draft, target: DragData | undefined): number | undefined {
  if (!target) return undefined;
  if (target.type === "list-body") return target.listId;
  if (target.type === "list") return target.list.id;
  const id = target.task.id;
  const key = Object.keys(draft).find((entry) => draft[Number(entry)]?.includes(id));
  return key === undefined ? undefined : Number(key);
}

/**
 * The lists of a page with drag and drop: tasks reorder inside a list and move to another list, and the
 * lists reorder among themselves. Everything works with the keyboard too: focus a handle, Space, arrows,
 * Space to drop (Escape cancels).
 */
export function TaskListsBoard({
  projectId,
  lists,
  canReorderTasks,
  taskHref,
  linkTitles,
  onSortLists,
  onListDeleted,
}: {
  projectId: number;
  lists: TaskList[];
  /** The project's create_task: reordering inside a list. Moving to another list needs the task's can_move. */
  canReorderTasks: boolean;
  taskHref: (task: Task) => string;
  linkTitles: boolean;
  /** Saves a new order of the lists; lists cannot be dragged without it. */
  onSortLists?: (lists: TaskList[]) => void;
  onListDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const sortTasks = useSortTasks(projectId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [active, setActive] = useState<DragData | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const taskById = useMemo(() => new Map(lists.flatMap((list) => (list.incomplete_tasks?.data ?? []).map((task) => [task.id, task] as const))), [lists]);
  // Every task on the page, done ones too, in the order the rows show: what the keyboard and the selection act on.
  const shownTasks = useMemo(
    () => new Map(lists.flatMap((list) => [...(list.incomplete_tasks?.data ?? []), ...(list.complete_tasks?.data ?? [])].map((task) => [task.id, task] as const))),
    [lists],
  );
  const rows = useTaskRows({ projectId, tasks: shownTasks, taskHref });
  const members = useProject(projectId).data?.assignees.data ?? [];

  const openTasksOf = (list: TaskList): Task[] => {
    if (!draft) return list.incomplete_tasks?.data ?? [];
    return (draft[list.id] ?? []).flatMap((id) => taskById.get(id) ?? []);
  };

  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    const data = dragData(dragged) ?? null;
    setActive(data);
    if (data?.type === "task") setDraft(initialDraft(lists));
  };

  // Moves the dragged task into the list it hovers, so that list opens a gap for it while dragging.
  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    const data = dragData(dragged);
    if (!draft || data?.type !== "task" || !over) return;
    const from = containerOf(draft, data);
    const overData = dragData(over);
    const to = containerOf(draft, overData);
    // Without the task's can_move (the server's rule) it stays in its list.
    if (from === undefined || to === undefined || from === to || !data.task.abilities.can_move) return;
    const target = draft[to] ?? [];
    const overIndex = overData?.type === "task" ? target.indexOf(overData.task.id) : -1;
    const index = overIndex >= 0 ? overIndex : target.length;
    setDraft({
      ...draft,
      [from]: (draft[from] ?? []).filter((id) => id !== data.task.id),
      [to]: [...target.slice(0, index), data.task.id, ...target.slice(index)],
    });
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const data = dragData(dragged);
    const overData = dragData(over);
    setActive(null);
    if (data?.type === "list") {
      if (overData?.type === "list" && overData.list.id !== data.list.id && onSortLists) {
        const from = lists.findIndex((list) => list.id === data.list.id);
        const to = lists.findIndex((list) => list.id === overData.list.id);
        onSortLists(arrayMove(lists, from, to));
      }
      return;
    }
    if (!draft || data?.type !== "task") return setDraft(null);
    const to = containerOf(draft, data);
    let ids = to === undefined ? [] : (draft[to] ?? []);
    if (overData?.type === "task" && over && ids.includes(overData.task.id)) {
      ids = arrayMove(ids, ids.indexOf(data.task.id), ids.indexOf(overData.task.id));
    }
    const fromList = data.task.task_list_id;
    const original = lists.find((list) => list.id === to)?.incomplete_tasks?.data.map((task) => task.id) ?? [];
    const moved = fromList !== to;
    const changed = moved ? data.task.abilities.can_move : canReorderTasks && ids.join(",") !== original.join(",");
    if (to !== undefined && changed) {
      sortTasks.mutate({
        listId: to,
        tasks: ids.flatMap((id) => taskById.get(id) ?? []),
        movedTaskId: moved ? data.task.id : undefined,
      });
    }
    setDraft(null);
  };

  const listIds = lists.map((list) => listDragId(list.id));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDraft(null);
        setActive(null);
      }}
      accessibility={{
        screenReaderInstructions: { draggable: t("task_lists.drag_instructions") },
      }}
    >
      <TaskRowsContext value={rows.control}>
      <SortableContext items={listIds} strategy={verticalListSortingStrategy}>
        <Stack gap="md" ref={rows.containerRef}>
          {lists.map((list) => (
            <TaskListCard
              key={list.id}
              projectId={projectId}
              list={list}
              openTasks={openTasksOf(list)}
              taskHref={taskHref}
              canDragList={Boolean(onSortLists)}
              canReorderTasks={canReorderTasks}
              linkTitle={linkTitles}
              onDeleted={onListDeleted}
            />
          ))}
        </Stack>
      </SortableContext>
      </TaskRowsContext>
      <TaskBulkBar projectId={projectId} selected={rows.selectedTasks} members={members} actions={rows.actions} onClear={rows.clearSelection} />
      <DragOverlay>
        {active?.type === "task" && (
          <Paper shadow="md" px="md" py={8} withBorder>
            <Text size="sm">{active.task.title}</Text>
          </Paper>
        )}
        {active?.type === "list" && (
          <Paper shadow="md" px="md" py="sm" withBorder>
            <Text fw={600}>{active.list.title}</Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}
