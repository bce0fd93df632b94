import "./time-tracker.css";
import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { Project, Task, TimeLog } from "@plotline/contracts";
import { IconPlayerPlayFilled, IconPlayerStopFilled, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useRunningTimer, useStartTimer, useStopTimer, useTimeTrackerOn } from "../hooks/use-time-tracker.js";
import { useTimerClock } from "../hooks/use-timer-clock.js";
import { formatClock, formatDuration, formatHours } from "../lib/time-format.js";
import { canTrackTime } from "../lib/time-rules.js";
import { AddTimeForm } from "./AddTimeForm.js";
import { OthersTime } from "./OthersTime.js";
import { TimeLogList } from "./TimeLogList.js";

/** The caller's newest logs shown at first; the rest behind "Show all". */
const LOGS_SHOWN = 5;

/**
 * The caller's timer on this task: which log runs here, if any. The header's query knows best (a timer
 * started on another device shows); until it answers, the task's own `time.meta.running` says.
 */
function useRunningHere(task: Task): { log: TimeLog | null; running: boolean; receivedAt: number | null } {
  const running = useRunningTimer(true);
  if (!running.data) {
    const log = task.time.data?.find((entry) => entry.run_status === 1) ?? null;
    return { log, running: task.time.meta.running, receivedAt: null };
  }
  const log = running.data.data;
  const here = log !== null && log.run_status === 1 && log.task_id === task.id;
  return { log: here ? log : null, running: here, receivedAt: running.dataUpdatedAt };
}

/** Start, or Stop with the live clock while the caller's timer runs on this task. */
function TimerControl({ task, canTrack }: { task: Task; canTrack: boolean }) {
  const { t } = useTranslation();
  const start = useStartTimer();
  const stop = useStopTimer();
  const here = useRunningHere(task);
  const seconds = useTimerClock(here.log, here.receivedAt);
  if (here.running) {
    return (
      <Group gap="sm" wrap="nowrap">
        {seconds !== null && (
          <Tooltip label={here.log ? t("time_tracker.running_since", { time: formatDateTime(here.log.start) }) : ""} withArrow disabled={!here.log}>
            <Text fw={700} c="red" className="plotline-clock" data-testid="task-timer-clock">
              {formatClock(seconds)}
            </Text>
          </Tooltip>
        )}
        <Button
          color="red"
          size="xs"
          leftSection={<IconPlayerStopFilled size={14} />}
          loading={stop.isPending}
          onClick={() => stop.mutate({ task_id: task.id, project_id: task.project_id })}
        >
          {t("time_tracker.stop")}
        </Button>
      </Group>
    );
  }
  if (!canTrack) return null;
  return (
    <Button size="xs" variant="light" leftSection={<IconPlayerPlayFilled size={14} />} loading={start.isPending} onClick={() => start.mutate(task)}>
      {t("time_tracker.start")}
    </Button>
  );
}

/** The task's time: its own total, and with its sub-tasks when that differs. */
function TimeTotals({ task }: { task: Task }) {
  const { t } = useTranslation();
  const own = task.time.meta.totalTime;
  const withSubTasks = task.rollup.logged;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} data-testid="task-time-total">
        {t("time_tracker.total", { duration: formatDuration(own) })}
      </Text>
      <Text size="sm" c="dimmed">
        ({formatHours(own)})
      </Text>
      {withSubTasks !== own && (
        <Badge variant="light" color="gray" size="md" tt="none" fw={500} title={formatHours(withSubTasks)}>
          {t("time_tracker.with_sub_tasks", { duration: formatDuration(withSubTasks) })}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The single-task modal's Time section: the timer (Start for the task's assignees while it is incomplete,
 * Stop while the caller's timer runs on it), the total, the caller's own logs with Delete, "Add time"
 * by hand, and, for managers, everyone else's time. Absent while the time tracker is off.
 */
export function TaskTimeSection({ project, task }: { project: Project; task: Task }) {
  const on = useTimeTrackerOn();
  if (!on) return null;
  return <TimeSection project={project} task={task} />;
}

function TimeSection({ project, task }: { project: Project; task: Task }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [adding, setAdding] = useState(false);
  const canTrack = canTrackTime(task, me.user.id);
  const logs = (task.time.data ?? []).filter((log) => log.run_status !== 1);
  const isManager = project.abilities.can_manage || me.capabilities.manage_pm;

  return (
    <Stack gap="xs" component="section" aria-labelledby="task-time-title" data-testid="task-time">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h6" id="task-time-title">
          {t("time_tracker.section_title")}
        </Title>
        <TimerControl task={task} canTrack={canTrack} />
      </Group>
      <TimeTotals task={task} />
      {!canTrack && logs.length === 0 && !task.time.meta.running && (
        <Text size="xs" c="dimmed">
          {t("time_tracker.cannot_track")}
        </Text>
      )}
      {(canTrack || logs.length > 0) && (
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t("time_tracker.your_logs")}
          </Text>
          {logs.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("time_tracker.no_logs")}
            </Text>
          ) : (
            <TimeLogList logs={logs} deletable limit={LOGS_SHOWN} />
          )}
        </Stack>
      )}
      {canTrack &&
        (adding ? (
          <Paper withBorder radius="md" p="sm">
            <AddTimeForm task={task} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
          </Paper>
        ) : (
          <Group>
            <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
              {t("time_tracker.add_time")}
            </Button>
          </Group>
        ))}
      {isManager && <OthersTime projectId={project.id} taskId={task.id} />}
    </Stack>
  );
}
