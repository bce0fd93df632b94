import { ActionIcon, Badge, Button, Group, Text, Tooltip } from "@mantine/core";
import type { TimeLog } from "@plotline/contracts";
import { IconClock, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { formatDate } from "../../../lib/dates.js";
import { useDeleteTimeLog } from "../hooks/use-time-tracker.js";
import { formatDuration } from "../lib/time-format.js";

/** Newest first: by the day a log belongs to, then by when it started. */
export function newestFirst(logs: readonly TimeLog[]): TimeLog[] {
  return [...logs].sort((a, b) => b.day.localeCompare(a.day) || b.start.localeCompare(a.start) || b.time_id - a.time_id);
}

/** One log: its day, how it was written (timer or by hand), its length and note, and Delete when allowed. */
function TimeLogRow({ log, onDelete }: { log: TimeLog; onDelete?: (log: TimeLog) => void }) {
  const { t } = useTranslation();
  const byTimer = log.source === "timer";
  const duration = formatDuration(log.total);
  const date = formatDate(log.day);
  return (
    <Group component="li" gap="sm" wrap="nowrap" py={4} data-testid={`time-log-${log.time_id}`}>
      <Tooltip label={byTimer ? t("time_tracker.log_by_timer") : t("time_tracker.log_by_hand")} withArrow>
        {byTimer ? (
          <IconClock size={16} aria-label={t("time_tracker.log_by_timer")} role="img" color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        ) : (
          <IconPencil size={16} aria-label={t("time_tracker.log_by_hand")} role="img" color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        )}
      </Tooltip>
      <Text size="sm" w={96} style={{ flexShrink: 0 }}>
        {date}
      </Text>
      <Text size="sm" fw={600} w={72} className="plotline-clock" style={{ flexShrink: 0 }}>
        {duration}
      </Text>
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
        {log.stopped_by_cap && (
          <Badge component="span" size="xs" variant="light" color="orange" mr={6} title={t("time_tracker.capped_hint")}>
            {t("time_tracker.capped_badge")}
          </Badge>
        )}
        {log.note}
      </Text>
      {onDelete && log.abilities.can_delete && (
        <Tooltip label={t("time_tracker.delete_confirm")} withArrow>
          <ActionIcon variant="subtle" color="red" size="sm" onClick={() => onDelete(log)} aria-label={t("time_tracker.delete_log", { duration, date })}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * Time logs, newest first; past `limit`, the older ones wait behind "Show all". With `deletable`, each log its owner may delete has a Delete button that asks
 * first ("Are you sure"); the server's refusal (a running timer, a completed task) is toasted.
 */
export function TimeLogList({ logs, deletable = false, limit }: { logs: readonly TimeLog[]; deletable?: boolean; limit?: number }) {
  const { t } = useTranslation();
  const remove = useDeleteTimeLog();
  const [deleting, setDeleting] = useState<TimeLog | null>(null);
  const [showAll, setShowAll] = useState(false);
  const sorted = newestFirst(logs);
  const shown = limit !== undefined && !showAll ? sorted.slice(0, limit) : sorted;
  return (
    <>
      <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {shown.map((log) => (
          <TimeLogRow key={log.time_id} log={log} onDelete={deletable ? setDeleting : undefined} />
        ))}
      </ul>
      {shown.length < sorted.length && (
        <Group>
          <Button variant="subtle" size="compact-xs" color="gray" onClick={() => setShowAll(true)}>
            {t("time_tracker.show_all_logs", { count: sorted.length })}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("time_tracker.delete_title")}
        message={deleting ? t("time_tracker.delete_body", { duration: formatDuration(deleting.total), date: formatDate(deleting.day) }) : ""}
        confirmLabel={t("time_tracker.delete_confirm")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
