import { Group, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { formatDateTime } from "../../../lib/dates.js";
import { useRecentActivities } from "../hooks/use-activities.js";

/** The latest things that happened in a project, each as its readable sentence. */
export function ActivityFeed({ projectId, perPage = 10 }: { projectId: number; perPage?: number }) {
  const { t } = useTranslation();
  const activities = useRecentActivities(projectId, perPage);

  if (activities.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t("common.loading")}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (activities.error) return <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />;
  if (activities.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("overview.recent_empty")}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {activities.data.data.map((activity) => (
        <Group key={activity.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
          {activity.actor ? <UserAvatar user={activity.actor.data} size={28} /> : null}
          <div style={{ minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {activity.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(activity.committed_at)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
