import { useDraggable } from "@dnd-kit/core";
import { ActionIcon, Checkbox, Group, Menu, Text, Tooltip } from "@mantine/core";
import type { BacklogTask, SprintProject, Task } from "@plotline/contracts";
import { IconArrowBarToLeft, IconDots, IconGripVertical, IconHourglass, IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TaskTitleLink } from "../../../components/TaskTitleLink.js";
import { AssigneeAvatars } from "../../tasks/components/TaskMeta.js";
import type { DropZone } from "../lib/sprint-tasks.js";
import { formatMinutes } from "../lib/sprint-figures.js";

/**
 * What a move needs of a task, whether it is one of the sprint's (a full task) or of the backlog (the
 * backlog call's lean shape): both have these.
 */
export type MovableTask = Pick<BacklogTask, "id" | "title" | "project_id" | "status" | "estimation">;

/** Whether a task shown in a list is a full task answer (the sprint's own) rather than a lean backlog one. */
export function isFullTask(task: MovableTask): task is Task {
  return "abilities" in task;
}

/** What a dragged row carries, read where it is dropped. */
export interface RowDragData {
  from: Exclude<DropZone, null>;
  task: MovableTask;
}

/** The drag id of a task row. */
export const rowDragId = (taskId: number) => `sprint-task:${taskId}`;

/**
 * A row's drag handle, for the mouse and touch. It takes no keyboard focus: the row's menu ("Move to
 * backlog", "Add to sprint") is the keyboard's way, which says where the task goes.
 */
function useRowDrag(from: RowDragData["from"], task: MovableTask, canDrag: boolean) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: rowDragId(task.id), data: { from, task } satisfies RowDragData, disabled: !canDrag });
  const handle = canDrag ? (
    <span className="sprint-row-handle" {...drag.listeners} aria-hidden title={t("sprints.drag_handle", { title: task.title })}>
      <IconGripVertical size={16} />
    </span>
  ) : null;
  return { handle, setNodeRef: drag.setNodeRef, isDragging: drag.isDragging };
}

/** The task's title, linking to it in its project's task lists. */
function TaskTitle({ task, done }: { task: Pick<Task, "id" | "title" | "project_id">; done: boolean }) {
  return <TaskTitleLink task={task} done={done} lineClamp={2} className="sprint-row-title" />;
}

/** A row's middle: the task's title, with its project and estimation under it. */
function RowMain({ task, project, done }: { task: MovableTask; project: SprintProject | undefined; done: boolean }) {
  return (
    <div className="sprint-row-main">
      <TaskTitle task={task} done={done} />
      <Group gap={8} wrap="wrap" mt={2}>
        <ProjectName project={project} />
        <Estimation minutes={task.estimation} />
      </Group>
    </div>
  );
}

/** The task's estimation, when it has one. */
function Estimation({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  if (minutes <= 0) return null;
  const value = formatMinutes(minutes);
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t("sprints.estimation", { value })}>
      <IconHourglass size={13} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {value}
      </Text>
    </Group>
  );
}

/** The project's name, on sprints that span several. */
function ProjectName({ project }: { project: SprintProject | undefined }) {
  if (!project) return null;
  return (
    <Text size="xs" c="dimmed" truncate maw={160}>
      {project.title}
    </Text>
  );
}

/** A task of the sprint: complete toggle, title, project, assignees, estimation, and its menu. */
export function SprintTaskRow({
  task,
  project,
  canToggle,
  canMove,
  canDelete,
  onToggle,
  onMoveToBacklog,
  onRemoveOrDelete,
  pending,
}: {
  task: Task;
  /** Its project, named on sprints that span several projects. */
  project: SprintProject | undefined;
  /** The sprint is not completed and the reader may complete the task. */
  canToggle: boolean;
  /** The reader may take the task out of the sprint (`task_project_ids`). */
  canMove: boolean;
  /** The sprint is not completed and the reader may delete the task. */
  canDelete: boolean;
  onToggle: (task: Task, status: number) => void;
  onMoveToBacklog: (task: Task) => void;
  onRemoveOrDelete: (task: Task) => void;
  /** A move of it waits for the server. */
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { handle, setNodeRef, isDragging } = useRowDrag("sprint", task, canMove && !pending);
  const done = task.status === 1;
  return (
    <li ref={setNodeRef} className="sprint-row" data-dragging={isDragging || undefined} data-pending={pending || undefined} data-testid={`sprint-task-${task.id}`}>
      {handle}
      <Checkbox
        checked={done}
        disabled={!canToggle}
        onChange={(event) => onToggle(task, event.currentTarget.checked ? 1 : 0)}
        aria-label={done ? t("tasks.reopen", { title: task.title }) : t("tasks.complete", { title: task.title })}
        mt={2}
      />
      <RowMain task={task} project={project} done={done} />
      <AssigneeAvatars task={task} />
      {(canMove || canDelete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t("sprints.task_menu", { title: task.title })} disabled={pending}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canMove && (
              <Menu.Item leftSection={<IconArrowBarToLeft size={14} />} onClick={() => onMoveToBacklog(task)}>
                {t("sprints.move_to_backlog")}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconTrash size={14} />} c="var(--plotline-color-danger)" onClick={() => onRemoveOrDelete(task)}>
              {t("sprints.remove_or_delete")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </li>
  );
}

/**
 * A backlog task headed to the sprint, shown in the sprint's list while the server is asked: its title,
 * project and estimation, with no control until it is one of the sprint's tasks.
 */
export function PendingSprintRow({ task, project }: { task: MovableTask; project: SprintProject | undefined }) {
  const { t } = useTranslation();
  return (
    <li className="sprint-row" data-pending data-testid={`sprint-task-${task.id}`}>
      <Checkbox checked={false} disabled aria-label={t("tasks.complete", { title: task.title })} mt={2} />
      <RowMain task={task} project={project} done={false} />
    </li>
  );
}

/** A backlog task: title, project, estimation, and "Add to sprint". */
export function BacklogRow({
  task,
  project,
  onAdd,
  pending,
}: {
  task: MovableTask;
  project: SprintProject | undefined;
  onAdd: (task: MovableTask) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { handle, setNodeRef, isDragging } = useRowDrag("backlog", task, !pending);
  return (
    <li ref={setNodeRef} className="sprint-row" data-dragging={isDragging || undefined} data-pending={pending || undefined} data-testid={`backlog-task-${task.id}`}>
      {handle}
      <RowMain task={task} project={project} done={false} />
      <Tooltip label={t("sprints.add_to_sprint")} withArrow>
        <ActionIcon variant="light" onClick={() => onAdd(task)} aria-label={t("sprints.add_task_label", { title: task.title })} disabled={pending}>
          <IconPlus size={16} />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}

/** The picture that follows the pointer while a row is dragged. */
export function DraggedRow({ task }: { task: MovableTask }): ReactNode {
  return (
    <div className="sprint-row sprint-row-overlay">
      <IconGripVertical size={16} aria-hidden />
      <Text size="sm" fw={500} lineClamp={1}>
        {task.title}
      </Text>
    </div>
  );
}
