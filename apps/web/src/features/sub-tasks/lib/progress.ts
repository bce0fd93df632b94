import { subTaskProgress } from "@plotline/contracts";
import i18next from "i18next";

/** Counts of a task's sub-tasks, as a task carries them. */
export interface SubTaskCounts {
  total: number;
  complete: number;
}

/** Whole hours and the minutes left in a duration of seconds; a part minute is not counted. */
export function splitDuration(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A duration in seconds as "3h 30m", "2h 05m" or, under an hour, "45m". */
export function formatDuration(seconds: number): string {
  const { hours, minutes } = splitDuration(seconds);
  if (hours === 0) return i18next.t("sub_tasks.duration_minutes", { minutes });
  return i18next.t("sub_tasks.duration_hours", { hours, minutes: String(minutes).padStart(2, "0") });
}

/** "2 of 5 done"; null for a task without sub-tasks. */
export function progressText(counts: SubTaskCounts): string | null {
  if (counts.total === 0) return null;
  return i18next.t("sub_tasks.progress", { complete: counts.complete, total: counts.total });
}

/** How far a task's sub-tasks are, 0 to 100, for a progress bar; null without sub-tasks. */
export function progressPercent(counts: SubTaskCounts): number | null {
  const progress = subTaskProgress(counts);
  return progress === null ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/**
 * The roll-up of a task with its sub-tasks: "Estimate 3h 30m · Logged 2h 05m". A part that is zero is
 * left out, and the logged part while the time tracker is off; null when nothing is left.
 */
export function rollupText(rollup: { estimation: number; logged: number }, { withLogged }: { withLogged: boolean }): string | null {
  const parts: string[] = [];
  if (rollup.estimation > 0) parts.push(i18next.t("sub_tasks.estimate", { time: formatDuration(rollup.estimation * 60) }));
  if (withLogged && rollup.logged > 0) parts.push(i18next.t("sub_tasks.logged", { time: formatDuration(rollup.logged) }));
  return parts.length > 0 ? parts.join(" · ") : null;
}
