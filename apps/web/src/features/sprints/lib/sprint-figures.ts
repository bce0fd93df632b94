import type { Sprint, SprintCounters } from "@plotline/contracts";
import i18next from "i18next";

/** How far `done` is of `total`, 0 to 100, whole; 0 when there is nothing to do. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}

/** Progress by task count and by estimation, as a sprint's card and page show it. */
export function sprintProgress(counters: SprintCounters): { byCount: number; byEstimation: number } {
  return {
    byCount: percentOf(counters.tasks.complete, counters.tasks.total),
    byEstimation: percentOf(counters.estimation.complete, counters.estimation.total),
  };
}

/** An estimation in minutes as "3h 30m", "2h", "45m" or "0h". */
export function formatMinutes(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  const hours = Math.floor(safe / 60);
  const rest = safe % 60;
  if (hours === 0 && rest > 0) return i18next.t("sprints.minutes", { minutes: rest });
  if (rest === 0) return i18next.t("sprints.hours", { hours });
  return i18next.t("sprints.hours_minutes", { hours, minutes: String(rest).padStart(2, "0") });
}

/** Minutes as hours with at most one decimal, the burndown's unit by estimation. */
export function hoursOfMinutes(minutes: number): number {
  return Math.round((minutes / 60) * 10) / 10;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What a sprint's card says about its time: starts in, days left, overdue, or when it ended. */
export type SprintTiming =
  | { kind: "starts_in"; days: number }
  | { kind: "starts_today" }
  | { kind: "late_start"; days: number }
  | { kind: "days_left"; days: number }
  | { kind: "last_day" }
  | { kind: "overdue"; days: number }
  | { kind: "ended"; day: string };

/** Where a sprint stands against its dates on `today` (`YYYY-MM-DD`, the reader's day). */
export function sprintTiming(
  sprint: Pick<Sprint, "status"> & { start_at: { date: string }; due_date: { date: string }; completed_at: { date: string | null } },
  today: string,
): SprintTiming {
  const start = sprint.start_at.date.slice(0, 10);
  const due = sprint.due_date.date.slice(0, 10);
  if (sprint.status === "completed") return { kind: "ended", day: (sprint.completed_at.date ?? due).slice(0, 10) };
  if (sprint.status === "planned") {
    const days = daysBetween(today, start);
    if (days > 0) return { kind: "starts_in", days };
    return days === 0 ? { kind: "starts_today" } : { kind: "late_start", days: -days };
  }
  const left = daysBetween(today, due);
  if (left > 0) return { kind: "days_left", days: left };
  return left === 0 ? { kind: "last_day" } : { kind: "overdue", days: -left };
}
