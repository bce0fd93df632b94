import { Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { formatDateTime } from "../../../lib/dates.js";
import { useTaskActivity } from "../hooks/use-tasks.js";

/** What happened to a task, newest first: who did it and when. */
export function TaskActivity({ projectId, taskId }: { projectId: number; taskId: number }) {
  const { t } = useTranslation();
  const activity = useTaskActivity(projectId, taskId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="task-activity-title">
      <Title order={3} size="h6" id="task-activity-title">
        {t("tasks.activity")}
      </Title>
      {activity.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : activity.error ? (
        <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />
      ) : activity.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("tasks.no_activity")}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {activity.data.map((entry) => (
            <Group key={entry.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              {entry.actor && <UserAvatar user={entry.actor.data} size={24} />}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {entry.message}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.committed_at)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
