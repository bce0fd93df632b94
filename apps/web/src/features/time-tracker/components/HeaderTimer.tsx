import "./time-tracker.css";
import { ActionIcon, Tooltip } from "@mantine/core";
import type { RunningTimer, TimeLog } from "@plotline/contracts";
import { IconPlayerStopFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRunningTimer, useStopTimer, useTimeTrackerOn } from "../hooks/use-time-tracker.js";
import { useTimerClock } from "../hooks/use-timer-clock.js";
import { taskLink } from "../lib/task-link.js";
import { formatClock } from "../lib/time-format.js";
import { CappedTimersNotice } from "./CappedTimersNotice.js";

/** The pill of a running timer: a live clock and the task's title (a link to it), and Stop. */
function RunningPill({ log, task, receivedAt }: { log: TimeLog; task: RunningTimer["meta"]["task"]; receivedAt: number }) {
  const { t } = useTranslation();
  const stop = useStopTimer();
  const seconds = useTimerClock(log, receivedAt) ?? log.total;
  const title = task?.title ?? t("time_tracker.unknown_task");
  const clock = formatClock(seconds);
  return (
    <div className="plotline-timer-pill" data-testid="header-timer">
      <Link
        className="plotline-timer-pill__link"
        {...taskLink(log)}
        aria-label={t("time_tracker.header_label", { title, clock })}
        title={t("time_tracker.header_open_task", { title })}
      >
        <span className="plotline-timer-dot" aria-hidden />
        <span className="plotline-timer-pill__clock" data-testid="header-timer-clock">
          {clock}
        </span>
        <span className="plotline-timer-pill__title">{title}</span>
      </Link>
      <Tooltip label={t("time_tracker.stop")} withArrow>
        <ActionIcon
          color="red"
          variant="filled"
          radius="xl"
          size={28}
          loading={stop.isPending}
          onClick={() => stop.mutate(log)}
          aria-label={t("time_tracker.header_stop", { title })}
        >
          <IconPlayerStopFilled size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

/**
 * The header's time tracker: the caller's running timer, wherever it was started (this tab, another,
 * another device), and the notice of timers the server stopped because they ran too long. Nothing
 * while the module is off.
 */
export function HeaderTimer() {
  const on = useTimeTrackerOn();
  const running = useRunningTimer(on);
  if (!on || !running.data) return null;
  const { data: log, meta } = running.data;
  return (
    <>
      {log && log.run_status === 1 && <RunningPill log={log} task={meta.task} receivedAt={running.dataUpdatedAt} />}
      <CappedTimersNotice capped={meta.capped} maxHours={meta.max_hours} />
    </>
  );
}
