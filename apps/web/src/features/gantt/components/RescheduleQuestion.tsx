import { Button, Group, List, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import type { GanttShift } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.js";

/** At most this many moves are listed; the count in the title says how many there are. */
const LISTED = 20;

/**
 * "Also move N dependent tasks?" after a bar moved later than its successors' links allow: each of them with
 * its dates before and after, and the choice to move them (one call, one activity) or leave them.
 */
export function RescheduleQuestion({
  question,
  moving,
  onMove,
  onKeep,
}: {
  question: { title: string; shifts: GanttShift[] } | null;
  moving: boolean;
  onMove: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const shifts = question?.shifts ?? [];
  const range = (start: string, due: string) => (start === due ? formatDate(start) : `${formatDate(start)} – ${formatDate(due)}`);
  return (
    <Modal opened={question !== null} onClose={onKeep} title={t("gantt.reschedule_title", { count: shifts.length })} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t("gantt.reschedule_body", { title: question?.title ?? "" })}</Text>
        <ScrollArea.Autosize mah={260}>
          <List size="sm" spacing={4} data-testid="gantt-reschedule-list">
            {shifts.slice(0, LISTED).map((shift) => (
              <List.Item key={shift.task_id}>
                {t("gantt.reschedule_row", { title: shift.title, from: range(shift.start_at, shift.due_date), to: range(shift.new_start_at, shift.new_due_date) })}
              </List.Item>
            ))}
          </List>
          {shifts.length > LISTED && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("gantt.more_shifts", { count: shifts.length - LISTED })}
            </Text>
          )}
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onKeep} disabled={moving}>
            {t("gantt.reschedule_keep")}
          </Button>
          <Button onClick={onMove} loading={moving} data-autofocus>
            {t("gantt.reschedule_move")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
