import { Anchor, Badge, Box, Button, Card, Checkbox, Divider, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { routePath, type Task } from "@plotline/contracts";
import { IconAlarm, IconChecks, IconListCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useMyTasks, useProjectTitles } from "../hooks/use-my-tasks.js";
import { useChangeTaskStatus } from "../hooks/use-tasks.js";
import { usePlanStatusChange } from "../../sub-tasks/hooks/use-status-plan.js";
import { SubTaskCount } from "../../sub-tasks/components/SubTaskCount.js";
import { LabelChips } from "../../labels/components/LabelChips.js";
import { TaskMeta } from "./TaskMeta.js";
import { MyTasksTabs } from "../../time-tracker/components/MyTasksTabs.js";
import { TaskTitleLink } from "../../../components/TaskTitleLink.js";

const TABS = ["current", "outstanding", "completed"] as const;
type Tab = (typeof TABS)[number];

function MyTaskRow({ task, projectTitle }: { task: Task; projectTitle: string | undefined }) {
  const { t } = useTranslation();
  const changeStatus = useChangeTaskStatus(task.project_id);
  const planStatus = usePlanStatusChange();
  const done = task.status === 1;
  // Completing a task with open sub-tasks asks first whether they are completed too.
  const setStatus = (status: number) =>
    void planStatus(task.project_id, task, status).then((plan) => {
      if (plan) changeStatus.mutate({ id: task.id, status, completeSubTasks: plan.completeSubTasks });
    });
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" px="md" py="xs" data-testid={`my-task-${task.id}`}>
      <Checkbox
        mt={3}
        checked={done}
        disabled={!task.abilities.can_complete || changeStatus.isPending}
        onChange={(event) => setStatus(event.currentTarget.checked ? 1 : 0)}
        aria-label={done ? t("tasks.reopen", { title: task.title }) : t("tasks.complete", { title: task.title })}
      />
      <Group gap="xs" wrap="wrap" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <TaskTitleLink task={task} done={done} style={{ overflowWrap: "anywhere" }} />
          <LabelChips labels={task.labels.data} />
          <Anchor component={Link} to={routePath("task_lists", { project_id: task.project_id })} size="xs" c="dimmed">
            {projectTitle ?? t("my_tasks.project_number", { id: task.project_id })}
          </Anchor>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <SubTaskCount task={task} />
          <TaskMeta task={task} />
        </Group>
      </Group>
    </Group>
  );
}

type MyTasksQuery = ReturnType<typeof useMyTasks>;

function Section({ query, heading, empty, titles }: { query: MyTasksQuery; heading?: string; empty: string; titles: Map<number, string> | undefined }) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingScreen />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const tasks = query.data.pages.flatMap((page) => page.data);
  return (
    <Stack gap={0}>
      {heading && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="md" pt="sm" pb={4}>
          {heading}
        </Text>
      )}
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" py="sm">
          {empty}
        </Text>
      ) : (
        tasks.map((task) => <MyTaskRow key={task.id} task={task} projectTitle={titles?.get(task.project_id)} />)
      )}
      {query.hasNextPage && (
        <Box px="md" py="xs">
          <Button size="xs" variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t("my_tasks.load_more")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

const totalOf = (query: MyTasksQuery) => query.data?.pages[0]?.meta.pagination.total;

/**
 * `my_tasks`: the signed-in user's tasks across projects. Current is open work due today or later or
 * without a due date, Outstanding is open work past its due date, Completed is done work.
 */
export function MyTasksView() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : "current";
  const dueLater = useMyTasks(me.user.id, "due_later");
  const noDueDate = useMyTasks(me.user.id, "no_due_date");
  const outstanding = useMyTasks(me.user.id, "outstanding");
  const completed = useMyTasks(me.user.id, "completed");
  const titles = useProjectTitles().data;

  const currentTotal = totalOf(dueLater) !== undefined && totalOf(noDueDate) !== undefined ? (totalOf(dueLater) ?? 0) + (totalOf(noDueDate) ?? 0) : undefined;
  const counts: Record<Tab, number | undefined> = { current: currentTotal, outstanding: totalOf(outstanding), completed: totalOf(completed) };
  const icons: Record<Tab, ReactNode> = { current: <IconListCheck size={16} />, outstanding: <IconAlarm size={16} />, completed: <IconChecks size={16} /> };
  const nothingAtAll = counts.current === 0 && counts.outstanding === 0 && counts.completed === 0;

  return (
    <Stack maw={960} mx="auto" gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {t("my_tasks.title")}
        </Title>
        <MyTasksTabs current="tasks" />
      </Group>
      <Tabs value={tab} onChange={(next) => setParams(next && next !== "current" ? { tab: next } : {})} keepMounted={false}>
        <Tabs.List>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} leftSection={icons[key]} rightSection={
              counts[key] !== undefined && (
                <Badge size="sm" variant="light" color={key === "outstanding" && (counts[key] ?? 0) > 0 ? "red" : "gray"}>
                  {counts[key]}
                </Badge>
              )
            }>
              {t(`my_tasks.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Card withBorder padding={0} mt="md" radius="md">
          {nothingAtAll ? (
            <EmptyState icon={<IconListCheck />} title={t("my_tasks.empty_title")} body={t("my_tasks.empty_body")} />
          ) : (
            <>
              <Tabs.Panel value="current">
                <Section query={dueLater} heading={t("my_tasks.due_later")} empty={t("my_tasks.empty_due_later")} titles={titles} />
                <Divider />
                <Section query={noDueDate} heading={t("my_tasks.no_due_date")} empty={t("my_tasks.empty_no_due_date")} titles={titles} />
              </Tabs.Panel>
              <Tabs.Panel value="outstanding">
                <Section query={outstanding} empty={t("my_tasks.empty_outstanding")} titles={titles} />
              </Tabs.Panel>
              <Tabs.Panel value="completed">
                <Section query={completed} empty={t("my_tasks.empty_completed")} titles={titles} />
              </Tabs.Panel>
            </>
          )}
        </Card>
      </Tabs>
    </Stack>
  );
}
