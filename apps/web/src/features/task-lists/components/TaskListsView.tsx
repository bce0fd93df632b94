import { Button, Group, Pagination, Paper, Stack, Title } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconArchive, IconListCheck, IconPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { FieldColumnsProvider, useIsFilteringByFields } from "../../custom-fields/components/FieldColumnsProvider.js";
import { useProjectFields } from "../../custom-fields/hooks/use-custom-fields.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useSortTaskLists, useTaskLists } from "../hooks/use-task-lists.js";
import { TaskListFormModal } from "./TaskListFormModal.js";
import { TaskListsBoard } from "./TaskListsBoard.js";

// The custom-field toolbar, its filter chips and the filtered list (with their date pickers) load apart from
// the page, and only in a project that has fields.
const TaskFieldToolbar = lazy(() => import("../../custom-fields/components/TaskFieldToolbar.js").then((module) => ({ default: module.TaskFieldToolbar })));
const ActiveFieldFilters = lazy(() => import("../../custom-fields/components/TaskFieldToolbar.js").then((module) => ({ default: module.ActiveFieldFilters })));
const FilteredTasks = lazy(() => import("../../custom-fields/components/FilteredTasks.js").then((module) => ({ default: module.FilteredTasks })));

/**
 * The `task_lists` page: a project's current lists, 15 a page, with drag and drop, the new-list form and
 * the Archive button to the archived lists.
 */
export function TaskListsView({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const lists = useTaskLists(project.id, page);
  const sortLists = useSortTaskLists(project.id, page);
  const [creating, setCreating] = useState(false);
  const canCreate = project.abilities.create_list;
  const totalPages = lists.data?.meta.pagination.total_pages ?? 1;
  const isFiltering = useIsFilteringByFields(project.id);
  const hasFields = useProjectFields(project.id).length > 0;

  const newList = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t("task_lists.new")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t("task_lists.title")}
        </Title>
        <Group gap="xs">
          {hasFields && (
            <Suspense fallback={null}>
              <TaskFieldToolbar projectId={project.id} />
            </Suspense>
          )}
          <Button
            component={Link}
            to={routePath("task_lists_archive", { project_id: project.id })}
            variant="default"
            leftSection={<IconArchive size={16} />}
            aria-label={t("task_lists.archive_link_label")}
          >
            {t("task_lists.archive_link")}
          </Button>
          {newList}
        </Group>
      </Group>
      {hasFields && (
        <Suspense fallback={null}>
          <ActiveFieldFilters projectId={project.id} />
        </Suspense>
      )}
      <FieldColumnsProvider projectId={project.id} members={project.assignees.data}>
        {isFiltering ? (
          <Suspense fallback={<LoadingScreen />}>
            <FilteredTasks project={project} />
          </Suspense>
        ) : lists.isPending ? (
          <LoadingScreen />
        ) : lists.error ? (
          <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
        ) : lists.data.data.length === 0 ? (
          <Paper withBorder radius="md">
            <EmptyState icon={<IconListCheck />} title={t("task_lists.empty_title")} body={canCreate ? t("task_lists.empty_body") : t("task_lists.empty_body_readonly")} action={newList} />
          </Paper>
        ) : (
          <TaskListsBoard
            projectId={project.id}
            lists={lists.data.data}
            canReorderTasks={project.abilities.create_task}
            taskHref={(task) => routePath("single_task", { project_id: project.id, task_id: task.id })}
            linkTitles
            onSortLists={canCreate ? (ordered) => sortLists.mutate(ordered) : undefined}
          />
        )}
      </FieldColumnsProvider>
      {totalPages > 1 && !isFiltering && (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            getControlProps={(control) => ({ "aria-label": t(`task_lists.page_${control}`) })}
            getItemProps={(item) => ({ "aria-label": t("task_lists.page_number", { page: item }) })}
          />
        </Group>
      )}
      {creating && (
        <TaskListFormModal projectId={project.id} list={null} canSetPrivacy={project.abilities.can_set_privacy_list} opened onClose={() => setCreating(false)} />
      )}
    </Stack>
  );
}
