import {
  itemEnvelope,
  othersTimeResponse,
  runningTimerResponse,
  startTimerResponse,
  timeLogSchema,
  type CustomTimeBody,
  type RunningTimer,
  type Task,
  type TimeLog,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { notifyError, notifySticky } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** How often the header asks whether a timer runs, so one started on another device shows within a minute. */
const RUNNING_POLL_MS = 60_000;

const loggedAnswer = itemEnvelope(timeLogSchema);
/** Answers that only confirm, with a message (other fields are not read). */
const doneAnswer = z.object({ message: z.string().optional() });

/** Whether the modules list has the time tracker on: every screen of it disappears when it is off. */
export function useTimeTrackerOn(): boolean {
  return useCurrentMe().active_modules.includes("time_tracker");
}

/** The projects whose tasks a change of time touches, without repeats. */
const projectsOf = (...logs: ReadonlyArray<{ project_id: number } | null | undefined>) => [...new Set(logs.flatMap((log) => (log ? [log.project_id] : [])))];

/**
 * The caller's running timer and the timers the server stopped unseen. Asked again every minute and when
 * the window regains focus, so a timer started or stopped on another device shows here too.
 */
export function useRunningTimer(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.timeTracker.running,
    queryFn: ({ signal }) => api.get("pm-pro/v2/time/running", { schema: runningTimerResponse, signal }),
    enabled,
    staleTime: 5_000,
    refetchInterval: RUNNING_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * Puts a timer that now runs (or none) into the header's cache at once, keeping what it said of capped
 * timers; before the header has asked, the invalidation that follows fetches it whole.
 */
function storeRunning(queryClient: QueryClient, log: TimeLog | null, task: RunningTimer["meta"]["task"]): void {
  queryClient.setQueryData<RunningTimer>(queryKeys.timeTracker.running, (old) => old && { data: log, meta: { ...old.meta, task: log ? task : null } });
}

/** The task a timer starts on: what the call takes and what the header shows. */
export type TimedTask = Pick<Task, "id" | "title" | "project_id" | "task_list_id">;

/**
 * Starts the caller's timer on a task. A timer running elsewhere is stopped by the server, which says so
 * in warnings: each shows as a toast that stays until closed. Refusals are toasted.
 */
export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: TimedTask) =>
      api.post("pm-pro/v2/time/", { schema: startTimerResponse, body: { task_id: task.id, project_id: task.project_id, list_id: task.task_list_id } }),
    onSuccess: (answer, task) => {
      for (const warning of answer.meta.warnings) notifySticky(warning, i18next.t("time_tracker.warnings_title"));
      storeRunning(queryClient, answer.data, { id: task.id, title: task.title, project_id: task.project_id, task_list_id: task.task_list_id });
      void invalidateAfter(queryClient, { entity: "time", projectIds: projectsOf(answer.data, answer.meta.stopped) });
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/**
 * Stops the caller's running timer (`log`: the one the screen shows, to name its task). The stop shows
 * for itself; only a timer the server had to stop at the cap is told, as a warning that stays.
 */
export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (log: Pick<TimeLog, "task_id" | "project_id">) => api.post("pm-pro/v2/time/update", { schema: loggedAnswer, body: { task_id: log.task_id } }),
    onSuccess: (answer, log) => {
      if (answer.data.stopped_by_cap && answer.message) notifySticky(answer.message, i18next.t("time_tracker.warnings_title"));
      storeRunning(queryClient, null, null);
      void invalidateAfter(queryClient, { entity: "time", projectIds: projectsOf(log, answer.data) });
    },
    onError: (error, log) => {
      notifyError(error);
      // The timer may have stopped elsewhere already: show what the server holds.
      void invalidateAfter(queryClient, { entity: "time", projectIds: [log.project_id] });
    },
    meta: { silent: true },
  });
}

/** Deletes one of the caller's logs; the server's message is toasted, and so are its refusals. */
export function useDeleteTimeLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (log: Pick<TimeLog, "time_id" | "project_id">) => api.post(`pm-pro/v2/time/${log.time_id}/delete`, { schema: doneAnswer }),
    onSuccess: (_answer, log) => invalidateAfter(queryClient, { entity: "time", projectIds: [log.project_id] }),
  });
}

/**
 * Adds time typed in (`project_id` of the body names the project whose screens refresh). Silent: the
 * form shows field messages under its fields and toasts the rest itself.
 */
export function useAddCustomTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomTimeBody & { project_id: number }) => api.post("pm-pro/v2/custom-time/", { schema: loggedAnswer, body }),
    onSuccess: (_answer, body) => invalidateAfter(queryClient, { entity: "time", projectIds: [body.project_id] }),
    meta: { silent: true },
  });
}

/** The other users' time on a task, for its managers; asked only while `enabled` (the disclosure is open). */
export function useOthersTime(projectId: number, taskId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks.othersTime(projectId, taskId),
    queryFn: ({ signal }) => api.get("pm-pro/v2/others-time/", { schema: othersTimeResponse, query: { task_id: taskId }, signal }),
    enabled,
  });
}

/** Tells the server the caller has read that these timers were stopped at the cap; the header forgets them. */
export function useAcknowledgeCapped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logs: readonly Pick<TimeLog, "time_id">[]) => Promise.all(logs.map((log) => api.post(`pm-pro/v2/time/${log.time_id}/seen`, { schema: doneAnswer }))),
    onSuccess: (_answers, logs) => {
      const seen = new Set(logs.map((log) => log.time_id));
      queryClient.setQueryData<RunningTimer>(queryKeys.timeTracker.running, (old) =>
        old && { ...old, meta: { ...old.meta, capped: old.meta.capped.filter((log) => !seen.has(log.time_id)) } },
      );
    },
    onError: notifyError,
    meta: { silent: true },
  });
}
