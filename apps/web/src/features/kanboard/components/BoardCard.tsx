import type { DraggableAttributes } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Group, Menu, Text, Tooltip } from "@mantine/core";
import { routePath, type KanboardColumn, type Task } from "@plotline/contracts";
import { IconCircleCheckFilled, IconDots, IconExternalLink, IconGripVertical, IconLock, IconMessage, IconSquareRoundedMinus } from "@tabler/icons-react";
import { memo, useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LabelChips } from "../../labels/components/LabelChips.js";
import { SubTaskCount } from "../../sub-tasks/components/SubTaskCount.js";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";
import { DueBadge } from "../../tasks/components/DueBadge.js";
import { AssigneeAvatars } from "../../tasks/components/TaskMeta.js";
import type { CardStep } from "../lib/board-moves.js";

/** The drag id of a card. */
export const cardDragId = (taskId: number) => `card:${taskId}`;

/** What a dragged card carries, read by the board when it is dropped. */
export interface CardDragData {
  type: "card";
  task: Task;
  /** The column it shows in now (while dragged across columns, the one it hovers). */
  columnId: number;
}

/**
 * Whether the caller may move a card (or take it off the board): whoever may change the task's status,
 * since a move into or out of a done column changes it.
 */
export const canMoveCard = (task: Task) => task.abilities.can_complete;

/** Alt+arrow keys and the step each takes. */
const STEP_KEYS: Record<string, CardStep> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Home: "top", End: "bottom" };

/** The face of a card: title, labels, and a footer of due date, sub-tasks, comments, privacy and assignees. */
export function CardFace({ projectId, task, handle, menu }: { projectId: number; task: Task; handle?: ReactNode; menu?: ReactNode }) {
  const { t } = useTranslation();
  const done = task.status === 1;
  const comments = task.meta.total_comment;
  // A card with nothing to say below its title stays one line high.
  const hasFooter =
    task.due_date.date !== null || task.sub_tasks.total > 0 || comments > 0 || task.meta.privacy === "1" || task.assignees.data.length > 0;
  return (
    <>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {done && <IconCircleCheckFilled size={16} aria-label={t("kanboard.done_card")} color="var(--plotline-color-success)" style={{ flexShrink: 0, marginTop: 2 }} />}
        <Anchor
          component={Link}
          to={routePath("kanboard_single_task", { project_id: projectId, task_id: task.id })}
          state={TASK_LINK_STATE}
          size="sm"
          fw={500}
          c={done ? "dimmed" : "var(--mantine-color-text)"}
          td={done ? "line-through" : undefined}
          className="kb-card-title"
          data-kb-card-link
        >
          {task.title}
        </Anchor>
        <Group gap={0} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
          {menu}
          {handle}
        </Group>
      </Group>
      {task.labels.data.length > 0 && <LabelChips labels={task.labels.data} />}
      {hasFooter && (
        <Group gap={8} wrap="wrap" align="center" className="kb-card-footer">
          <DueBadge due={task.due_date} status={task.status} />
          <SubTaskCount task={task} />
          {comments > 0 && (
            <Group gap={2} wrap="nowrap" role="img" aria-label={t("kanboard.comments", { count: comments })}>
              <IconMessage size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                {comments}
              </Text>
            </Group>
          )}
          {task.meta.privacy === "1" && (
            <Tooltip label={t("tasks.private")} withArrow>
              <IconLock size={14} aria-label={t("tasks.private")} role="img" color="var(--mantine-color-dimmed)" />
            </Tooltip>
          )}
          <Group ml="auto" gap={0}>
            <AssigneeAvatars task={task} />
          </Group>
        </Group>
      )}
    </>
  );
}

/**
 * The card's menu: open it, move it to another column (the way to move on a phone without dragging), take it
 * off the board. Its menu is built on the first click only: a board draws many cards, and a closed menu
 * still costs each of them.
 */
function CardMenu({ projectId, task, getColumns, columnId, onMoveTo, onRemove }: CardProps & { columnId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [isBuilt, setIsBuilt] = useState(false);
  const label = t("kanboard.card_menu", { title: task.title });
  const trigger = (onClick?: () => void) => (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} aria-haspopup="menu" className="kb-card-action" onClick={onClick}>
      <IconDots size={14} />
    </ActionIcon>
  );
  if (!isBuilt) {
    return trigger(() => {
      setIsBuilt(true);
      setOpened(true);
    });
  }
  const others = getColumns().filter((column) => column.id !== columnId);
  const canMove = canMoveCard(task);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>{trigger()}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={routePath("kanboard_single_task", { project_id: projectId, task_id: task.id })}
          state={TASK_LINK_STATE}
          leftSection={<IconExternalLink size={14} />}
        >
          {t("kanboard.open_task")}
        </Menu.Item>
        {canMove && others.length > 0 && (
          <>
            <Menu.Label>{t("kanboard.move_to")}</Menu.Label>
            {others.map((column) => (
              <Menu.Item key={column.id} onClick={() => onMoveTo(task, column)} aria-label={t("kanboard.move_to_column", { title: column.title })}>
                <Group gap={6} wrap="nowrap">
                  <span className="kb-swatch" style={{ background: column.color ?? "var(--mantine-color-gray-5)" }} aria-hidden />
                  {column.title}
                </Group>
              </Menu.Item>
            ))}
          </>
        )}
        {canMove && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconSquareRoundedMinus size={14} />} onClick={() => onRemove(task)}>
              {t("kanboard.remove_card")}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface CardProps {
  projectId: number;
  task: Task;
  /**
   * The board's columns as they are now, read when the menu opens: passed as a value, every card would be
   * drawn again each time a column's count changes.
   */
  getColumns: () => readonly KanboardColumn[];
  onMoveTo: (task: Task, column: KanboardColumn) => void;
  onRemove: (task: Task) => void;
}

/** What the card's body needs of its sortable wrapper for the keyboard handle. */
interface HandleProps {
  attributes: DraggableAttributes;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

/**
 * The card's content, apart from its sortable wrapper: dnd-kit draws every sortable item again at each
 * step of a drag, and this part (menus, tooltips, dates) stays as it was unless the task changed.
 */
const CardBody = memo(function CardBody({
  columnId,
  columnTitle,
  canMove,
  handle: { attributes, setActivatorNodeRef },
  ...props
}: CardProps & { columnId: number; columnTitle: string; canMove: boolean; handle: HandleProps }) {
  const { t } = useTranslation();
  const { task } = props;
  const handle = canMove ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      className="kb-card-action kb-card-handle"
      {...attributes}
      aria-label={t("kanboard.card_label", { title: task.title, column: columnTitle })}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
    >
      <IconGripVertical size={14} />
    </ActionIcon>
  ) : null;
  return <CardFace projectId={props.projectId} task={task} handle={handle} menu={<CardMenu {...props} columnId={columnId} />} />;
});

/**
 * A card on the board, dragged by the mouse or a finger anywhere on it, or from the keyboard by its handle
 * (Space, arrows, Space). Alt with the arrows moves it at once, wherever the focus is on the card.
 */
export const BoardCard = memo(function BoardCard({
  columnId,
  columnTitle,
  onStep,
  ...props
}: CardProps & { columnId: number; columnTitle: string; onStep: (task: Task, step: CardStep) => void }) {
  const { task } = props;
  const canMove = canMoveCard(task);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardDragId(task.id),
    data: { type: "card", task, columnId } satisfies CardDragData,
    disabled: !canMove,
  });
  const handle = useMemo(() => ({ attributes, setActivatorNodeRef }), [attributes, setActivatorNodeRef]);
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.35 : 1 };
  // The sensors' own key handler (Space on the handle picks the card up) runs unless Alt+arrow moved it.
  const { onKeyDown: sensorKeyDown, ...pointerListeners } = (canMove ? listeners : undefined) ?? {};
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = STEP_KEYS[event.key];
    if (event.altKey && step && canMove && !event.defaultPrevented) {
      event.preventDefault();
      onStep(task, step);
      return;
    }
    sensorKeyDown?.(event);
  };
  return (
    <article
      ref={setNodeRef}
      style={style}
      className="kb-card"
      data-testid={`kb-card-${task.id}`}
      data-task-id={task.id}
      data-dragging={isDragging || undefined}
      aria-label={task.title}
      {...pointerListeners}
      onKeyDown={onKeyDown}
    >
      <CardBody {...props} columnId={columnId} columnTitle={columnTitle} canMove={canMove} handle={handle} />
    </article>
  );
});
