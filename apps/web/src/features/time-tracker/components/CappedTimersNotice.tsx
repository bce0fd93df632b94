import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { itemEnvelope, taskSchema, type TimeLog } from "@plotline/contracts";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api/client.js";
import { formatDateTime } from "../../../lib/dates.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useAcknowledgeCapped } from "../hooks/use-time-tracker.js";
import { taskLink } from "../lib/task-link.js";
import { formatClock } from "../lib/time-format.js";

const taskAnswer = itemEnvelope(taskSchema);

/**
 * The titles of the tasks these logs are on, read through each task's own query (shared with the task
 * modal's cache); a task the caller can no longer see has none.
 */
function useTaskTitles(logs: readonly TimeLog[]): Map<number, string> {
  const answers = useQueries({
    queries: logs.map((log) => ({
      queryKey: queryKeys.tasks.one(log.project_id, log.task_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get(`pm/v2/projects/${log.project_id}/tasks/${log.task_id}`, { schema: taskAnswer, signal }),
      retry: false,
    })),
  });
  const titles = new Map<number, string>();
  for (const answer of answers) if (answer.data) titles.set(answer.data.data.id, answer.data.data.title);
  return titles;
}

/**
 * Timers the server stopped because they ran past the cap, told once: the notice stays until "Got it",
 * which tells the server they were seen (so another tab or device does not show them again).
 */
export function CappedTimersNotice({ capped, maxHours }: { capped: readonly TimeLog[]; maxHours: number }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeCapped();
  const titles = useTaskTitles(capped);
  if (capped.length === 0) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t("time_tracker.capped_title", { count: capped.length })}
      data-testid="capped-timers"
    >
      <Stack gap="md">
        {capped.map((log) => {
          const title = titles.get(log.task_id) ?? t("time_tracker.unknown_task");
          return (
            <Stack key={log.time_id} gap={2}>
              <Text size="sm">
                {t("time_tracker.capped_body", { title, hours: maxHours, clock: formatClock(log.total) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t("time_tracker.capped_when", { date: formatDateTime(log.start) })}{" "}
                {titles.has(log.task_id) && (
                  <Anchor component={Link} {...taskLink(log)} size="xs" onClick={() => acknowledge.mutate(capped)}>
                    {t("time_tracker.capped_open")}
                  </Anchor>
                )}
              </Text>
            </Stack>
          );
        })}
        <Group justify="flex-end">
          <Button data-autofocus loading={acknowledge.isPending} onClick={() => acknowledge.mutate(capped)}>
            {t("time_tracker.capped_ok")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
