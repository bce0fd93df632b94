import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Badge, Box, Button, Card, Collapse, Divider, Group, Loader, Stack, Text, Title, Tooltip } from "@mantine/core";
import { routePath, type Task, type TaskList } from "@plotline/contracts";
import { IconChevronDown, IconChevronUp, IconGripVertical, IconLock } from "@tabler/icons-react";
import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { htmlToText } from "../../../lib/html-text.js";
import { useLoadMoreTasks } from "../hooks/use-task-lists.js";
import { QuickAddTask } from "./QuickAddTask.js";
import { TaskListActions } from "./TaskListActions.js";
import { SortableTaskRow, taskDragId, TaskRowView } from "./TaskRow.js";

/** The data a dragged list or a list's drop area carries. */
export type ListDragData = { type: "list"; list: TaskList } | { type: "list-body"; listId: number };

/** Drag ids of a list card and of the area under its tasks. */
export const listDragId = (listId: number) => `l:${listId}`;
export const listBodyDragId = (listId: number) => `b:${listId}`;

interface CardProps {
  projectId: number;
  list: TaskList;
  /** The open tasks to show, in order; during a drag this is the board's draft. */
  openTasks: Task[];
  /** Link of a task's modal over the current page. */
  taskHref: (task: Task) => string;
  /** Whether the list itself can be dragged to another place. */
  canDragList: boolean;
  /** Whether the caller may reorder tasks (create_task); moving a task to another list also needs its can_edit. */
  canReorderTasks: boolean;
  /** Links the title to the single-list page; off on that page itself. */
  linkTitle: boolean;
  onDeleted?: () => void;
}

function OpenTasks({
  projectId,
  list,
  openTasks,
  taskHref,
  canReorderTasks,
  justAddedId,
}: Pick<CardProps, "projectId" | "list" | "openTasks" | "taskHref" | "canReorderTasks"> & { justAddedId: number | null }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: listBodyDragId(list.id), data: { type: "list-body", listId: list.id } satisfies ListDragData });
  return (
    <Box ref={setNodeRef} mih={40} py={4} bg={isOver ? "var(--plotline-color-highlight)" : undefined}>
      <SortableContext items={openTasks.map((task) => taskDragId(task.id))} strategy={verticalListSortingStrategy}>
        {openTasks.map((task) => (
          <SortableTaskRow
            key={task.id}
            projectId={projectId}
            task={task}
            href={taskHref(task)}
            canDrag={canReorderTasks || task.abilities.can_edit}
            isJustAdded={task.id === justAddedId}
          />
        ))}
      </SortableContext>
      {openTasks.length === 0 && (
        <Text size="sm" c="dimmed" px="md" py="xs">
          {t("task_lists.no_open_tasks")}
        </Text>
      )}
    </Box>
  );
}

function DoneTasks({ projectId, list, taskHref }: Pick<CardProps, "projectId" | "list" | "taskHref">) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const loadMore = useLoadMoreTasks(projectId);
  const total = list.meta.total_complete_tasks;
  const tasks = list.complete_tasks?.data ?? [];
  const notLoaded = list.complete_tasks === undefined;
  const { mutate, isPending, isError } = loadMore;
  // Done tasks come with the list only on the single-list page; elsewhere the first page is fetched on opening.
  useEffect(() => {
    if (shown && notLoaded && total > 0 && !isPending && !isError) mutate({ list, group: "complete_tasks" });
  }, [shown, notLoaded, total, isPending, isError, mutate, list]);
  if (total === 0) return null;
  return (
    <>
      <Divider />
      <Box px="sm" py={4}>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          onClick={() => setShown((value) => !value)}
          aria-expanded={shown}
          rightSection={shown ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        >
          {shown ? t("task_lists.hide_completed") : t("task_lists.show_completed", { count: total })}
        </Button>
      </Box>
      <Collapse expanded={shown}>
        {notLoaded && isPending && (
          <Box px="md" py="xs">
            <Loader size="xs" role="img" aria-label={t("common.loading")} />
          </Box>
        )}
        {tasks.map((task) => (
          <TaskRowView key={task.id} projectId={projectId} task={task} href={taskHref(task)} handle={<Box w={22} aria-hidden />} />
        ))}
        {!notLoaded && tasks.length < total && (
          <Box px="md" pb="xs">
            <Button variant="light" size="xs" loading={loadMore.isPending} onClick={() => loadMore.mutate({ list, group: "complete_tasks" })}>
              {t("task_lists.load_more_completed", { count: total - tasks.length })}
            </Button>
          </Box>
        )}
      </Collapse>
    </>
  );
}

/** One task list: header with counts and actions, its open tasks, "load more", quick add, and its done tasks. */
export function TaskListCard(props: CardProps) {
  const { t } = useTranslation();
  const { projectId, list, openTasks, canDragList } = props;
  const loadMore = useLoadMoreTasks(projectId);
  const [justAddedId, setJustAddedId] = useState<number | null>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: listDragId(list.id),
    data: { type: "list", list } satisfies ListDragData,
    disabled: !canDragList,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 };
  const description = htmlToText(list.description.html);
  const shownOpen = list.incomplete_tasks?.data.length ?? 0;
  const moreOpen = list.meta.total_incomplete_tasks - shownOpen;
  const titleText = props.linkTitle ? (
    <Anchor component={Link} to={routePath("single_list", { project_id: projectId, list_id: list.id })} inherit c="var(--mantine-color-text)">
      {list.title}
    </Anchor>
  ) : (
    list.title
  );

  return (
    <Card ref={setNodeRef} style={style} withBorder padding={0} radius="md" component="section" aria-label={list.title} data-testid={`list-${list.id}`}>
      <Group px="sm" py="sm" justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
          {canDragList && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              mt={2}
              style={{ cursor: "grab", touchAction: "none" }}
              aria-label={t("task_lists.drag", { title: list.title })}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                {titleText}
              </Title>
              {list.meta.privacy === "1" && (
                <Tooltip label={t("task_lists.private_label")} withArrow>
                  <IconLock size={14} aria-label={t("task_lists.private_label")} role="img" color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
                </Tooltip>
              )}
            </Group>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t("task_lists.counts", { open: list.meta.total_incomplete_tasks, done: list.meta.total_complete_tasks })}
              </Text>
              {list.milestone.data && (
                <Badge size="xs" variant="light" color="grape">
                  {list.milestone.data.title}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <TaskListActions projectId={projectId} list={list} onDeleted={props.onDeleted} />
      </Group>
      {description && (
        <Text size="sm" c="dimmed" px="md" pb="xs" lineClamp={3}>
          {description}
        </Text>
      )}
      <Divider />
      <OpenTasks projectId={projectId} list={list} openTasks={openTasks} taskHref={props.taskHref} canReorderTasks={props.canReorderTasks} justAddedId={justAddedId} />
      {moreOpen > 0 && (
        <Box px="md" pb="xs">
          <Button variant="light" size="xs" loading={loadMore.isPending} onClick={() => loadMore.mutate({ list, group: "incomplete_tasks" })}>
            {t("task_lists.load_more", { count: moreOpen })}
          </Button>
        </Box>
      )}
      {list.abilities.can_create_task && (
        <Box px="sm" pb="sm">
          <QuickAddTask projectId={projectId} listId={list.id} listTitle={list.title} onAdded={(task) => setJustAddedId(task.id)} />
        </Box>
      )}
      <DoneTasks projectId={projectId} list={list} taskHref={props.taskHref} />
    </Card>
  );
}
