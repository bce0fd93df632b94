import {
  ganttCriticalPathResponse,
  ganttLinkResponse,
  ganttListResponse,
  ganttRescheduleResponse,
  messageSchema,
  type GanttLinkType,
  type GanttListResponse,
  type GanttShift,
} from "@plotline/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { updateTaskNow } from "../../tasks/hooks/use-tasks.js";

/** Paths of the chart's calls, under `/api/`. */
export const ganttPath = (projectId: number) => `pm-pro/v2/projects/${projectId}/gantt`;

/** Whether the modules list has the Gantt chart on: the page and its menu entry are gone while it is off. */
export function useGanttOn(): boolean {
  return useCurrentMe().active_modules.includes("gantt");
}

/**
 * The chart's data: every task the caller sees with its links, the lists, milestones and working days, read
 * afresh each time the page opens (tasks change in many places). The chart draws what a completed read
 * brought (`useDrawnChart`) and keeps its own copy after that: moves are pushed into it, not re-read.
 */
export function useGanttChart(projectId: number) {
  return useQuery({
    queryKey: queryKeys.gantt.chart(projectId),
    queryFn: async ({ signal }) => api.get(ganttPath(projectId), { schema: ganttListResponse, signal }),
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
  });
}

/**
 * What the chart draws: the answer of the first read since the page opened (a cached answer from an earlier
 * visit may be stale), and later only of a read the page asked for with `redraw` (a task it scheduled).
 * Reads that other screens' changes cause update the cache but not the chart, which has those changes
 * already or will show them when next opened: a redraw of thousands of rows never lands under a drag.
 */
export function useDrawnChart(query: ReturnType<typeof useGanttChart>): { drawn: GanttListResponse | null; redraw: () => Promise<unknown> } {
  const [drawn, setDrawn] = useState<GanttListResponse | null>(null);
  const wantsRedraw = useRef(true);
  const { isFetching, isFetchedAfterMount, data, refetch } = query;
  useEffect(() => {
    if (isFetching || !isFetchedAfterMount || !data || !wantsRedraw.current) return;
    wantsRedraw.current = false;
    setDrawn(data);
  }, [isFetching, isFetchedAfterMount, data]);
  const redraw = useCallback(() => {
    wantsRedraw.current = true;
    return refetch();
  }, [refetch]);
  return { drawn, redraw };
}

/** The critical path and each task's slack, asked for while the caller has it shown. */
export function useCriticalPath(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.gantt.criticalPath(projectId),
    queryFn: async ({ signal }) => (await api.get(`${ganttPath(projectId)}/critical-path`, { schema: ganttCriticalPathResponse, signal })).data,
    enabled,
    staleTime: 0,
  });
}

/** The chart's writes. Each answers the server's word or throws its refusal, for the chart to put itself back. */
export function useGanttWrites(projectId: number) {
  const queryClient = useQueryClient();

  /** Saves a bar's new days through the task update call, as the spec has it (title, start and due date). */
  const saveDates = useCallback(
    async (taskId: number, title: string, dates: { start_at: string; due_date: string }) => {
      const answer = await updateTaskNow(queryClient, projectId, taskId, { title, start_at: dates.start_at, due_date: dates.due_date });
      void queryClient.invalidateQueries({ queryKey: queryKeys.gantt.criticalPath(projectId) });
      return answer.data;
    },
    [queryClient, projectId],
  );

  const createLink = useCallback(
    async (link: { source: number; target: number; type: GanttLinkType }) => {
      const answer = await api.post(ganttPath(projectId), { schema: ganttLinkResponse, body: { link } });
      void queryClient.invalidateQueries({ queryKey: queryKeys.gantt.criticalPath(projectId) });
      return answer.data;
    },
    [queryClient, projectId],
  );

  const deleteLink = useCallback(
    async (linkId: number) => {
      await api.post(`${ganttPath(projectId)}/${linkId}/delete`, { schema: messageSchema });
      void queryClient.invalidateQueries({ queryKey: queryKeys.gantt.criticalPath(projectId) });
    },
    [queryClient, projectId],
  );

  /** The successors a moved task pushes later, or (with `apply`) moves them all in one go. */
  const reschedule = useCallback(
    async (taskId: number, apply: boolean): Promise<{ shifts: GanttShift[]; message?: string }> => {
      const answer = await api.post(`${ganttPath(projectId)}/reschedule`, { schema: ganttRescheduleResponse, body: { task_id: taskId, apply } });
      if (apply) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.gantt.criticalPath(projectId) });
        void invalidateAfter(queryClient, { entity: "tasks", projectId, taskIds: answer.data.map((shift) => shift.task_id), written: false });
      }
      return { shifts: answer.data, message: answer.message };
    },
    [queryClient, projectId],
  );

  return { saveDates, createLink, deleteLink, reschedule };
}
