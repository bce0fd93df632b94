import { Accordion, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useOthersTime } from "../hooks/use-time-tracker.js";
import { formatDuration } from "../lib/time-format.js";
import { TimeLogList } from "./TimeLogList.js";

/** The logs of everyone else on a task, person by person; asked for the first time the disclosure opens. */
function OthersTimeBody({ projectId, taskId }: { projectId: number; taskId: number }) {
  const { t } = useTranslation();
  const others = useOthersTime(projectId, taskId, true);
  if (others.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  }
  if (others.error) return <ErrorState error={others.error} onRetry={() => void others.refetch()} />;
  if (others.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("time_tracker.others_empty")}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {t("time_tracker.others_total", { duration: formatDuration(others.data.meta.total) })}
      </Text>
      {others.data.data.map((person) => (
        <Stack key={person.user.data.id} gap={2}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar user={person.user.data} size={22} />
            <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
              {person.user.data.display_name}
            </Text>
            <Text size="sm" fw={600} className="plotline-clock">
              {formatDuration(person.total)}
            </Text>
          </Group>
          <TimeLogList logs={person.logs} />
        </Stack>
      ))}
    </Stack>
  );
}

/** "Others' time", for the task's managers: closed at first, so the call is made only when someone looks. */
export function OthersTime({ projectId, taskId }: { projectId: number; taskId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Accordion value={opened} onChange={setOpened} variant="contained" radius="md" chevronPosition="right">
      <Accordion.Item value="others">
        <Accordion.Control icon={<IconUsers size={16} />}>
          <Text size="sm">{t("time_tracker.others_time")}</Text>
        </Accordion.Control>
        <Accordion.Panel>{opened === "others" && <OthersTimeBody projectId={projectId} taskId={taskId} />}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
