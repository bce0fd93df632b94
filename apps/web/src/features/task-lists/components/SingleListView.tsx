import { Anchor, Group, Stack } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { FieldColumnsProvider } from "../../custom-fields/components/FieldColumnsProvider.js";
import { useRememberRecent } from "../../command-palette/hooks/use-recent-items.js";
import { useTaskList } from "../hooks/use-task-lists.js";
import { TaskListsBoard } from "./TaskListsBoard.js";

/** The `single_list` page: one list's card alone, its tasks loaded page after page. */
export function SingleListView({ project, listId }: { project: Project; listId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useTaskList(project.id, listId);
  const back = routePath("task_lists", { project_id: project.id });
  const shown = list.data?.data;
  useRememberRecent(shown ? { type: "task_list", id: shown.id, projectId: project.id, title: shown.title } : null);

  // The way back is the page's only action then, so it is not shown twice.
  if (!Number.isInteger(listId) || isNotAvailable(list.error)) return <NotAvailable backTo={{ to: back, label: t("task_lists.back") }} />;

  return (
    <Stack gap="md">
      <Group>
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {t("task_lists.back")}
          </Group>
        </Anchor>
      </Group>
      {list.isPending ? (
        <LoadingScreen />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <FieldColumnsProvider projectId={project.id} members={project.assignees.data}>
          <TaskListsBoard
            projectId={project.id}
            lists={[list.data.data]}
            canReorderTasks={project.abilities.create_task}
            taskHref={(task) => routePath("single_list_task", { project_id: project.id, list_id: listId, task_id: task.id })}
            linkTitles={false}
            onListDeleted={() => navigate(back, { replace: true })}
          />
        </FieldColumnsProvider>
      )}
    </Stack>
  );
}
