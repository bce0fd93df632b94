import { useDroppable } from "@dnd-kit/core";
import { Card, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import type { SprintProject } from "@plotline/contracts";
import { IconSearch } from "@tabler/icons-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { BacklogRow, type MovableTask } from "./SprintTaskRows.js";

/**
 * The backlog beside a sprint: open tasks of its projects that the reader may add, found by title, each
 * with "Add to sprint" and a handle to drag it into the sprint. Tasks of the sprint dragged here go back
 * to the backlog.
 */
export function BacklogPanel({
  search,
  onSearch,
  searchRef,
  tasks,
  isLoading,
  isFetching,
  error,
  onRetry,
  hasMore,
  projects,
  pendingIds,
  onAdd,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchRef: Ref<HTMLInputElement>;
  /** The backlog as listed (the backlog call's page, with the moves waiting for the server). */
  tasks: readonly MovableTask[];
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** The backlog holds more tasks than the page lists. */
  hasMore: boolean;
  /** The sprint's projects, to name each task's when there are several. */
  projects: ReadonlyMap<number, SprintProject> | null;
  pendingIds: ReadonlySet<number>;
  onAdd: (task: MovableTask) => void;
}) {
  const { t } = useTranslation();
  const drop = useDroppable({ id: "backlog" });

  let list;
  if (isLoading) {
    list = (
      <Stack gap={6} aria-busy="true" aria-label={t("common.loading")}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={44} radius="sm" />
        ))}
      </Stack>
    );
  } else if (error) {
    list = <ErrorState error={error} onRetry={onRetry} />;
  } else if (tasks.length === 0) {
    list = (
      <Text size="sm" c="dimmed" py="sm" ta="center">
        {search.trim() === "" ? t("sprints.backlog_empty") : t("sprints.backlog_no_match")}
      </Text>
    );
  } else {
    list = (
      <ul className="sprint-rows sprint-backlog-list" aria-label={t("sprints.backlog")} aria-busy={isFetching}>
        {tasks.map((task) => (
          <BacklogRow key={task.id} task={task} project={projects?.get(task.project_id)} onAdd={onAdd} pending={pendingIds.has(task.id)} />
        ))}
      </ul>
    );
  }

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="sprint-backlog-title" className="sprint-backlog">
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id="sprint-backlog-title">
            {t("sprints.backlog")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("sprints.backlog_hint")}
          </Text>
        </div>
        <TextInput
          ref={searchRef}
          size="sm"
          type="search"
          aria-label={t("sprints.backlog_search")}
          placeholder={t("sprints.backlog_placeholder")}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={isFetching && !isLoading ? <Loader size={12} /> : null}
        />
        <div ref={drop.setNodeRef} className="sprint-drop-zone" data-over={drop.isOver || undefined} data-testid="sprint-backlog-zone">
          {list}
          {drop.isOver && (
            <Text size="xs" c="blue" ta="center" py={4}>
              {t("sprints.backlog_drop")}
            </Text>
          )}
        </div>
        {hasMore && (
          <Group justify="center">
            <Text size="xs" c="dimmed">
              {t("sprints.backlog_more", { count: tasks.length })}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
