import { Anchor, Badge, Button, Card, Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { routePath, type Project, type Task, type TaskList } from "@plotline/contracts";
import { IconArchive, IconArrowBackUp, IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useArchivedTaskLists, useUpdateTaskList } from "../hooks/use-task-lists.js";
import { TaskRowView } from "./TaskRow.js";

/** Restores an archived list (status 1): it goes back among the project's current lists. */
function RestoreButton({ projectId, list }: { projectId: number; list: TaskList }) {
  const { t } = useTranslation();
  const update = useUpdateTaskList(projectId);
  // Told through the promise: the refetch that follows removes this card before a mutate callback would run.
  const restore = () => {
    void update.mutateAsync({ id: list.id, body: { status: 1 } }).then(
      (answer) => notifySuccess(answer.message ?? t("task_lists.restored", { title: list.title })),
      notifyError,
    );
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconArrowBackUp size={14} />}
      onClick={restore}
      loading={update.isPending}
      aria-label={t("task_lists.restore_label", { title: list.title })}
    >
      {t("task_lists.restore")}
    </Button>
  );
}

/**
 * One archived list: its title (to the single list), counts, Restore, and its tasks opening over the archive.
 * A task opened from a later page keeps that page under the modal (`?page=`: the spec's task route has none).
 */
function ArchivedListCard({ projectId, list, page }: { projectId: number; list: TaskList; page: number }) {
  const { t } = useTranslation();
  const tasks: Task[] = [...(list.incomplete_tasks?.data ?? []), ...(list.complete_tasks?.data ?? [])];
  const hidden = list.meta.total_tasks - tasks.length;
  const taskHref = (task: Task) => `${routePath("archived_single_task", { project_id: projectId, task_id: task.id })}${page > 1 ? `?page=${page}` : ""}`;
  return (
    <Card withBorder padding={0} radius="md" component="section" aria-label={list.title} data-testid={`archived-list-${list.id}`}>
      <Group px="sm" py="sm" justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        {/* A basis wide enough for a title: on a phone Restore goes under it rather than squeezing it. */}
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
          <Group gap={8} wrap="wrap">
            <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
              <Anchor component={Link} to={routePath("single_list", { project_id: projectId, list_id: list.id })} inherit c="var(--mantine-color-text)">
                {list.title}
              </Anchor>
            </Title>
            <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
              {t("task_lists.archive_badge")}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t("task_lists.counts", { open: list.meta.total_incomplete_tasks, done: list.meta.total_complete_tasks })}
          </Text>
        </Stack>
        {list.abilities.can_archive && <RestoreButton projectId={projectId} list={list} />}
      </Group>
      <div style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        {tasks.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t("task_lists.archive_no_tasks")}
          </Text>
        ) : (
          tasks.map((task) => <TaskRowView key={task.id} projectId={projectId} task={task} href={taskHref(task)} />)
        )}
        {hidden > 0 && (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {t("task_lists.archive_more_tasks", { count: hidden })}
          </Text>
        )}
      </div>
    </Card>
  );
}

/**
 * The `task_lists_archive` page: the project's archived lists, 15 a page (`task_lists_archive_pagination`),
 * each with Restore; Back returns to the task lists.
 */
export function ArchivedTaskListsView({ project, page }: { project: Project; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useArchivedTaskLists(project.id, page);
  const totalPages = lists.data?.meta.pagination.total_pages ?? 1;
  const goTo = (next: number) =>
    void navigate(next === 1 ? routePath("task_lists_archive", { project_id: project.id }) : routePath("task_lists_archive_pagination", { project_id: project.id, current_page_number: next }));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {t("task_lists.archive_title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("task_lists.archive_subtitle")}
          </Text>
        </div>
        <Button
          component={Link}
          to={routePath("task_lists", { project_id: project.id })}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          aria-label={t("task_lists.archive_back_label")}
        >
          {t("task_lists.archive_back")}
        </Button>
      </Group>
      {lists.isPending ? (
        <LoadingScreen />
      ) : lists.error ? (
        <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
      ) : lists.data.data.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconArchive />} title={t("task_lists.archive_empty_title")} body={t("task_lists.archive_empty_body")} />
        </Paper>
      ) : (
        <Stack gap="md">
          {lists.data.data.map((list) => (
            <ArchivedListCard key={list.id} projectId={project.id} list={list} page={page} />
          ))}
        </Stack>
      )}
      {totalPages > 1 && (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={goTo}
            getControlProps={(control) => ({ "aria-label": t(`task_lists.page_${control}`) })}
            getItemProps={(item) => ({ "aria-label": t("task_lists.page_number", { page: item }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
