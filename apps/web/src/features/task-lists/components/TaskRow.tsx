import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Box, Checkbox, Group } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconGripVertical } from "@tabler/icons-react";
import { use, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TaskFieldCells } from "../../custom-fields/components/TaskFieldCells.js";
import { LabelChips } from "../../labels/components/LabelChips.js";
import { SubTaskCount } from "../../sub-tasks/components/SubTaskCount.js";
import { TaskMeta } from "../../tasks/components/TaskMeta.js";
import { useCompleteWithUndo } from "../hooks/use-complete-with-undo.js";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";
import { TaskRowsContext } from "./task-rows-context.js";

/** The data a dragged task carries, read by the board when it is dropped. */
export interface TaskDragData {
  type: "task";
  task: Task;
}


/** The drag id of a task row. */
export const taskDragId = (taskId: number) => `t:${taskId}`;

interface RowProps {
  projectId: number;
  task: Task;
  /** Where the title leads: the task's modal over the current page. */
  href: string;
  handle?: ReactNode;
  style?: CSSProperties;
  rowRef?: (element: HTMLElement | null) => void;
  /** The task was just quick-added: the row lights up for a moment so the eye finds it. */
  isJustAdded?: boolean;
}

/**
 * One task: complete toggle, title linking to the task, its labels, due date, privacy and assignees. On a
 * page with selectable rows it is also a stop for the keyboard (j/k, x, Enter, Space...) and takes
 * Shift-click and Ctrl-click to select.
 */
export function TaskRowView({ projectId, task, href, handle, style, rowRef, isJustAdded = false }: RowProps) {
  const { t } = useTranslation();
  const complete = useCompleteWithUndo(projectId);
  const rows = use(TaskRowsContext);
  const done = task.status === 1;
  const isSelected = rows?.selectedIds.has(task.id) ?? false;
  const classes = ["task-row", isJustAdded ? "just-added" : "", isSelected ? "is-selected" : ""].filter(Boolean).join(" ");
  const rowProps = rows && {
    "data-task-row": "",
    "data-task-id": task.id,
    tabIndex: rows.currentId === task.id ? 0 : -1,
    role: "group",
    "aria-label": isSelected ? t("tasks.row_selected", { title: task.title }) : task.title,
    onFocus: () => rows.onRowFocus(task.id),
    // Shift-click picks a range of rows; without this the browser would also select the text between.
    onMouseDown: (event: MouseEvent) => {
      if (event.shiftKey) event.preventDefault();
    },
    onClickCapture: (event: MouseEvent) => {
      // Taken before the title link sees it, so Shift-click selects instead of opening a window.
      if (rows.onRowClick(task.id, event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
  };
  return (
    <Box ref={rowRef} style={style} px="sm" py={6} data-testid={`task-${task.id}`} className={classes} {...rowProps}>
      <Group wrap="nowrap" align="flex-start" gap="xs">
        {handle}
        <Checkbox
          mt={3}
          checked={done}
          disabled={!task.abilities.can_complete || complete.isPending}
          onChange={(event) => complete.toggle(task, event.currentTarget.checked)}
          aria-label={done ? t("tasks.reopen", { title: task.title }) : t("tasks.complete", { title: task.title })}
        />
        <Group gap="xs" wrap="wrap" justify="flex-start" style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component={Link}
            to={href}
            state={TASK_LINK_STATE}
            size="sm"
            c={done ? "dimmed" : "var(--mantine-color-text)"}
            td={done ? "line-through" : undefined}
            style={{ overflowWrap: "anywhere", minWidth: 0 }}
          >
            {task.title}
          </Anchor>
          <LabelChips labels={task.labels.data} />
          <Group gap="xs" wrap="nowrap" ml="auto">
            <SubTaskCount task={task} />
            <TaskMeta task={task} />
          </Group>
          <TaskFieldCells task={task} />
        </Group>
      </Group>
    </Box>
  );
}

/** A task row that can be dragged by its handle, with the mouse, touch or the keyboard (Space, arrows, Space). */
export function SortableTaskRow(props: Omit<RowProps, "handle" | "style" | "rowRef"> & { canDrag: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: taskDragId(props.task.id),
    data: { type: "task", task: props.task } satisfies TaskDragData,
    disabled: !props.canDrag,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 };
  const handle = props.canDrag ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      mt={1}
      style={{ cursor: "grab", touchAction: "none" }}
      aria-label={t("tasks.drag", { title: props.task.title })}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={14} />
    </ActionIcon>
  ) : (
    <Box w={22} aria-hidden />
  );
  return <TaskRowView {...props} handle={handle} style={style} rowRef={setNodeRef} />;
}
