import { ActionIcon, Alert, Anchor, Button, Card, Grid, Group, Menu, Skeleton, Stack, Text, Title } from "@mantine/core";
import { routePath, type Sprint, type SprintProject } from "@plotline/contracts";
import { IconArrowLeft, IconDots, IconEye, IconFlagCheck, IconPencil, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import { RichTextView } from "../../../components/RichTextView.js";
import { useDeleteSprint, useOpenSprints, useSprint } from "../hooks/use-sprints.js";
import { BurndownPanel } from "./BurndownPanel.js";
import { ProjectBadges, SprintStatusBadge, SprintTimingText, sprintDates } from "./SprintBits.js";
import { SprintFormModal } from "./SprintFormModal.js";
import { CompleteSprintModal, StartSprintModal } from "./SprintLifecycle.js";
import { SprintProgress } from "./SprintProgress.js";
import { SprintTaskBoard, TaskListSkeleton } from "./SprintTaskBoard.js";
import "./sprints.css";

type Dialog = "edit" | "delete" | "start" | "complete" | null;

/** The page's shape while the sprint loads. */
function SprintSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton height={14} width={120} />
      <Skeleton height={30} width="45%" />
      <Skeleton height={14} width="30%" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={200} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={200} radius="md" />
        </Grid.Col>
      </Grid>
      <TaskListSkeleton />
    </Stack>
  );
}

/** The sprint's title, status, dates and the actions its abilities allow: Start, Complete, Edit, Delete. */
function SprintHeader({ sprint, onOpen }: { sprint: Sprint; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const { abilities } = sprint;
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={routePath("sprints")} size="sm" c="dimmed" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t("sprints.back")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {/* The title keeps at least 240 px: on a phone the actions go under it rather than squeeze it. */}
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0, flex: "1 1 240px" }}>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {sprint.title}
          </Title>
          <SprintStatusBadge status={sprint.status} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          {abilities.can_start && (
            <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => onOpen("start")}>
              {t("sprints.start")}
            </Button>
          )}
          {abilities.can_complete && (
            <Button leftSection={<IconFlagCheck size={16} />} onClick={() => onOpen("complete")}>
              {t("sprints.complete")}
            </Button>
          )}
          {(abilities.can_edit || abilities.can_delete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t("sprints.actions")}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {abilities.can_edit && (
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onOpen("edit")}>
                    {t("sprints.edit")}
                  </Menu.Item>
                )}
                {abilities.can_delete && (
                  <Menu.Item leftSection={<IconTrash size={14} />} c="var(--plotline-color-danger)" onClick={() => onOpen("delete")}>
                    {t("sprints.delete")}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={500}>
          {sprintDates(sprint)}
        </Text>
        <SprintTimingText sprint={sprint} />
        <Text size="sm" c="dimmed">
          {t("sprints.created_by", { name: sprint.creator.data.display_name })}
        </Text>
      </Group>
      <ProjectBadges projects={sprint.projects.data} />
    </Stack>
  );
}

/**
 * One sprint (`single_sprint`): its goal and description, progress, the burndown, and its tasks beside the
 * backlog. Everything the reader may do comes from the answer's abilities; a reader who may change nothing
 * gets the page read-only, with a line saying so.
 */
export function SprintView({ sprintId }: { sprintId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useSprint(sprintId);
  const open = useOpenSprints();
  const deleteSprint = useDeleteSprint(sprintId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const sprint = query.data;
  const projects = useMemo(() => new Map<number, SprintProject>((sprint?.projects.data ?? []).map((project) => [project.id, project])), [sprint]);

  if (query.isPending) return <SprintSkeleton />;
  if (query.error) {
    if (isNotAvailable(query.error)) return <NotAvailable backTo={{ to: routePath("sprints"), label: t("sprints.back") }} />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!sprint) return null;

  const { abilities } = sprint;
  const isReadOnly = !abilities.can_edit && abilities.task_project_ids.length === 0 && sprint.status !== "completed";
  const carriedTo =
    sprint.carried_over_to === null
      ? null
      : { id: sprint.carried_over_to, title: open.data?.find((entry) => entry.id === sprint.carried_over_to)?.title ?? `#${sprint.carried_over_to}` };

  return (
    <Stack maw={1280} mx="auto" gap="md">
      <SprintHeader sprint={sprint} onOpen={setDialog} />
      {isReadOnly && (
        <Alert color="gray" variant="light" icon={<IconEye size={16} />} p="xs">
          {t("sprints.read_only")}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sprint-goal-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="sprint-goal-title">
                {t("sprints.goal")}
              </Title>
              <Text size="sm" c={sprint.goal ? undefined : "dimmed"} fs={sprint.goal ? undefined : "italic"} style={{ whiteSpace: "pre-line" }}>
                {sprint.goal || t("sprints.no_goal")}
              </Text>
              {sprint.description.html !== "" && <RichTextView html={sprint.description.html} />}
              <SprintProgress counters={sprint.counters} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <BurndownPanel sprint={sprint} carriedTo={carriedTo} />
        </Grid.Col>
      </Grid>
      <SprintTaskBoard sprint={sprint} projects={projects} />
      {dialog === "edit" && <SprintFormModal sprint={sprint} onClose={() => setDialog(null)} />}
      {dialog === "start" && <StartSprintModal sprint={sprint} onClose={() => setDialog(null)} />}
      {dialog === "complete" && <CompleteSprintModal sprint={sprint} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === "delete"}
        title={t("sprints.delete_title")}
        message={t("sprints.delete_message", { title: sprint.title })}
        confirmLabel={t("sprints.delete")}
        loading={deleteSprint.isPending}
        onConfirm={() => deleteSprint.mutate(undefined, { onSuccess: () => void navigate(routePath("sprints")) })}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
