import { Group, Progress, Stack, Text } from "@mantine/core";
import type { SprintCounters } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { formatMinutes, sprintProgress } from "../lib/sprint-figures.js";

/** A sprint's progress by task count and by estimation: two labelled bars. */
export function SprintProgress({ counters, size = "sm" }: { counters: SprintCounters; size?: "xs" | "sm" }) {
  const { t } = useTranslation();
  const progress = sprintProgress(counters);
  const hasEstimation = counters.estimation.total > 0;
  return (
    <Stack gap={6}>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size={size} c="dimmed">
            {t("sprints.tasks_progress", { complete: counters.tasks.complete, total: counters.tasks.total })}
          </Text>
          <Text size={size} fw={600}>
            {progress.byCount}%
          </Text>
        </Group>
        <Progress value={progress.byCount} size="sm" radius="xl" aria-label={t("sprints.progress_by_count")} />
      </div>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size={size} c="dimmed">
            {hasEstimation
              ? t("sprints.estimation_progress", { complete: formatMinutes(counters.estimation.complete), total: formatMinutes(counters.estimation.total) })
              : t("sprints.no_estimation")}
          </Text>
          {hasEstimation && (
            <Text size={size} fw={600}>
              {progress.byEstimation}%
            </Text>
          )}
        </Group>
        <Progress value={progress.byEstimation} size="sm" radius="xl" color="teal" aria-label={t("sprints.progress_by_estimation")} />
      </div>
    </Stack>
  );
}
