import { Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconFilterOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { TaskRowView } from "../../task-lists/components/TaskRow.js";
import { useProjectFields } from "../hooks/use-custom-fields.js";
import { useFieldFilters, useFilteredTasks } from "../hooks/use-task-field-tools.js";

/**
 * The project's tasks that match the custom-field filters, as task rows, newest first, in place of the
 * lists while the filters are in force.
 */
export function FilteredTasks({ project }: { project: Project }) {
  const { t } = useTranslation();
  const fields = useProjectFields(project.id);
  const { filters, setFilters } = useFieldFilters(fields);
  const tasks = useFilteredTasks(project.id, fields, filters);
  // The task opens over the filtered list, which stays behind it with the filters in the address.
  const { search } = useLocation();
  const clear = (
    <Button variant="default" onClick={() => setFilters({})}>
      {t("custom_fields.filter.clear")}
    </Button>
  );
  if (tasks.isPending) return <LoadingScreen />;
  if (tasks.error) return <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const rows = tasks.data.pages.flatMap((page) => page.data);
  const total = tasks.data.pages[0]?.meta.pagination.total ?? rows.length;
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="filtered-tasks-title" data-testid="filtered-tasks">
      <Stack gap={0}>
        <Box px="md" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
          <Title order={3} size="h5" id="filtered-tasks-title">
            {t("custom_fields.filter.results")}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("custom_fields.filter.results_count", { count: total })}
          </Text>
        </Box>
        {rows.length === 0 ? (
          <EmptyState icon={<IconFilterOff size={28} />} title={t("custom_fields.filter.no_result")} body={t("custom_fields.filter.no_result_body")} action={clear} />
        ) : (
          <Box py={4} role="list" aria-labelledby="filtered-tasks-title">
            {rows.map((task) => (
              <div role="listitem" key={task.id}>
                <TaskRowView projectId={project.id} task={task} href={`${routePath("single_task", { project_id: project.id, task_id: task.id })}${search}`} />
              </div>
            ))}
          </Box>
        )}
        {tasks.hasNextPage && (
          <Group px="md" pb="sm">
            <Button variant="light" size="xs" loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
              {t("custom_fields.filter.load_more")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
