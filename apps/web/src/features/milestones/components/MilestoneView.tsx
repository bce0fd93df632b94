import { Anchor, Badge, Card, Divider, Group, Progress, Stack, Text, Title, Tooltip } from "@mantine/core";
import { dateOf, routePath, type TaskList } from "@plotline/contracts";
import { IconArrowLeft, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RichTextView } from "../../../components/RichTextView.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { CommentsPanel } from "../../comments/components/CommentsPanel.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { formatDate, formatDateTime, todayString } from "../../../lib/dates.js";
import { TaskRowView } from "../../task-lists/components/TaskRow.js";
import { useMilestone, useMilestoneTaskLists } from "../hooks/use-milestones.js";
import { milestoneGroup } from "../lib/group-milestones.js";

const GROUP_COLORS = { late: "red", upcoming: "blue", completed: "green" } as const;

/** Done and total tasks over the given lists, from their counts (which leave out tasks the reader may not see). */
export function milestoneProgress(lists: readonly Pick<TaskList, "meta">[]): { done: number; total: number } {
  return lists.reduce((sum, list) => ({ done: sum.done + list.meta.total_complete_tasks, total: sum.total + list.meta.total_tasks }), { done: 0, total: 0 });
}

/** One task list of the milestone: its title (to its own page), its count, and its first open and done tasks. */
function MilestoneListCard({ projectId, milestoneId, list }: { projectId: number; milestoneId: number; list: TaskList }) {
  const { t } = useTranslation();
  const tasks = [...(list.incomplete_tasks?.data ?? []), ...(list.complete_tasks?.data ?? [])];
  const hidden = list.meta.total_tasks - tasks.length;
  const listPath = routePath("single_list", { project_id: projectId, list_id: list.id });
  return (
    <Card withBorder radius="md" p="sm" data-testid={`milestone-list-${list.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {list.meta.privacy === "1" && (
              <Tooltip label={t("task_lists.private")}>
                <IconLock size={14} aria-label={t("task_lists.private")} role="img" style={{ flexShrink: 0 }} />
              </Tooltip>
            )}
            <Anchor component={Link} to={listPath} fw={600} style={{ overflowWrap: "anywhere" }}>
              {list.title}
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t("milestones.view.list_count", { done: list.meta.total_complete_tasks, total: list.meta.total_tasks })}
          </Text>
        </Group>
        {tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("milestones.view.list_empty")}
          </Text>
        ) : (
          <Stack gap={0}>
            {tasks.map((task) => (
              <TaskRowView
                key={task.id}
                projectId={projectId}
                task={task}
                href={routePath("single_milestone_task", { project_id: projectId, milestone_id: milestoneId, task_id: task.id })}
              />
            ))}
          </Stack>
        )}
        {hidden > 0 && (
          <Anchor component={Link} to={listPath} size="sm">
            {t("milestones.view.more_tasks", { count: hidden })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The `single_milestone` page: the milestone's description and date, the progress of the tasks in its
 * lists, those lists with their tasks, and its comments.
 */
export function MilestoneView({ projectId, milestoneId }: { projectId: number; milestoneId: number }) {
  const { t } = useTranslation();
  const { data: project } = useProject(projectId);
  const milestone = useMilestone(projectId, milestoneId);
  const lists = useMilestoneTaskLists(projectId, milestoneId);
  const back = (
    <Anchor component={Link} to={routePath("milestones", { project_id: projectId })} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t("milestones.view.back")}
      </Group>
    </Anchor>
  );

  if (!Number.isInteger(milestoneId)) return <ErrorState error={new Error(t("common.not_found"))} />;
  if (milestone.isPending) return <LoadingScreen />;
  if (milestone.error) {
    return (
      <Stack gap="sm">
        {back}
        <ErrorState error={milestone.error} onRetry={() => void milestone.refetch()} />
      </Stack>
    );
  }

  const item = milestone.data.data;
  const group = milestoneGroup(item, todayString());
  const creator = item.creator.data;
  const progress = milestoneProgress(lists.data?.data ?? []);
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);

  return (
    <Stack gap="md">
      {back}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {item.meta.privacy === "1" && (
              <Tooltip label={t("milestones.private")}>
                <IconLock size={18} aria-label={t("milestones.private")} role="img" style={{ flexShrink: 0 }} />
              </Tooltip>
            )}
            <Title order={2} size="h3" td={item.status === 1 ? "line-through" : undefined} style={{ overflowWrap: "anywhere" }}>
              {item.title}
            </Title>
          </Group>
          <Group gap="xs">
            <Badge variant="light" color={GROUP_COLORS[group]} tt="none">
              {t(`milestones.groups.${group}`)}
            </Badge>
            <Badge variant="outline" color="gray" tt="none">
              {dateOf(item.achieve_date) ? t("milestones.due", { date: formatDate(item.achieve_date) }) : t("milestones.no_date")}
            </Badge>
            <Group gap={6} wrap="nowrap">
              <UserAvatar user={creator} size={24} />
              <Text size="sm" c="dimmed">
                {t("milestones.view.by", { name: creator.display_name, date: formatDateTime(item.created_at) })}
              </Text>
            </Group>
          </Group>
          <Divider />
          {item.description.html ? (
            <RichTextView html={item.description.html} />
          ) : (
            <Text size="sm" c="dimmed">
              {t("milestones.view.no_description")}
            </Text>
          )}
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600} id={`milestone-progress-${item.id}`}>
                {t("milestones.view.progress")}
              </Text>
              <Text size="sm" c="dimmed" data-testid="milestone-progress">
                {lists.data ? t("milestones.view.progress_count", { done: progress.done, total: progress.total, percent }) : t("common.loading")}
              </Text>
            </Group>
            {/* The section carries role="progressbar", so the name goes there and not on the root. */}
            <Progress.Root size="lg" radius="xl">
              <Progress.Section value={percent} color={GROUP_COLORS[group]} aria-labelledby={`milestone-progress-${item.id}`} />
            </Progress.Root>
          </Stack>
        </Stack>
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="milestone-lists">
        <Title order={2} size="h5" id="milestone-lists">
          {t("milestones.view.lists_title")}
        </Title>
        {lists.isPending ? (
          <LoadingScreen />
        ) : lists.error ? (
          <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
        ) : lists.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("milestones.view.lists_empty")}
          </Text>
        ) : (
          lists.data.data.map((list) => <MilestoneListCard key={list.id} projectId={projectId} milestoneId={item.id} list={list} />)
        )}
      </Stack>
      <Card withBorder radius="md">
        <CommentsPanel projectId={projectId} commentableType="milestone" commentableId={item.id} mentionUsers={project?.assignees.data ?? []} />
      </Card>
    </Stack>
  );
}
