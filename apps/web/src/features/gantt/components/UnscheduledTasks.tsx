import { Badge, Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import type { GanttTask } from "@plotline/contracts";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The first tasks listed; the rest are counted. */
const LISTED = 30;

/**
 * The tasks the chart cannot draw for want of dates, folded by default: each with "Schedule", which gives it
 * today as start and due date and puts it on the chart.
 */
export function UnscheduledTasks({ tasks, onSchedule }: { tasks: GanttTask[]; onSchedule: (task: GanttTask) => Promise<void> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="gantt-unscheduled">
      <UnstyledButton onClick={() => setOpened((value) => !value)} aria-expanded={opened} w="100%">
        <Group gap={6}>
          {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="sm" fw={500}>
            {t("gantt.unscheduled", { count: tasks.length })}
          </Text>
          <Text size="xs" c="dimmed">
            {t("gantt.unscheduled_hint")}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Stack gap={4} mt="xs">
          {tasks.slice(0, LISTED).map((task) => (
            <Group key={task.id} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                {task.status === 1 && <Badge size="xs" variant="light" color="gray">✓</Badge>}
                <Text size="sm" truncate>
                  {task.title}
                </Text>
              </Group>
              {task.can_edit && (
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={busy === task.id}
                  aria-label={t("gantt.schedule_label", { title: task.title })}
                  onClick={() => {
                    setBusy(task.id);
                    void onSchedule(task).finally(() => setBusy(null));
                  }}
                >
                  {t("gantt.schedule")}
                </Button>
              )}
            </Group>
          ))}
          {tasks.length > LISTED && (
            <Text size="xs" c="dimmed">
              {t("gantt.more_unscheduled", { count: tasks.length - LISTED })}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
