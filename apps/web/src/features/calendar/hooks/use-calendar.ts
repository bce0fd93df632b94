import {
  calendarEventsAnswer,
  calendarProjectsAnswer,
  calendarResourceAnswer,
  itemEnvelope,
  milestoneSchema,
  taskSchema,
  type CalendarEvent,
  type UpdateMilestoneBody,
  type UpdateTaskBody,
} from "@plotline/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** What a calendar fetch covers: the range `[start, end)`, and the applied filters. */
export interface CalendarRange {
  start: string;
  end: string;
  projectId: number | null;
  /** Assignees to keep (0: unassigned); empty means everyone. */
  users: readonly number[];
}

function queryOf(range: CalendarRange) {
  return { start: range.start, end: range.end, project_id: range.projectId ?? undefined, users: range.users.length > 0 ? range.users : undefined };
}

/** The projects the calendar's filters offer, with their lists and members, and who the caller is. */
export function useCalendarProjects() {
  return useQuery({
    queryKey: queryKeys.calendar.projects,
    queryFn: ({ signal }) => api.get("pm-pro/v2/calendar-projects", { schema: calendarProjectsAnswer, signal }),
    staleTime: 60_000,
  });
}

/** Tasks and milestones in a range; the previous range stays shown while the next one loads. */
export function useCalendarEvents(range: CalendarRange | null) {
  return useQuery({
    queryKey: queryKeys.calendar.events(range),
    queryFn: ({ signal }) => api.get("pm-pro/v2/calendar-events", { schema: calendarEventsAnswer, query: range ? queryOf(range) : {}, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The user view's rows and the tasks on them. */
export function useCalendarResource(range: CalendarRange | null) {
  return useQuery({
    queryKey: queryKeys.calendar.resource(range),
    queryFn: ({ signal }) => api.get("pm-pro/v2/calendar-resource", { schema: calendarResourceAnswer, query: range ? queryOf(range) : {}, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves a calendar move or resize through the task update call. The moved event already shows where it
 * landed, so success is quiet; a refusal toasts each of the server's messages and the caller puts the
 * event back.
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, body }: { event: CalendarEvent; body: UpdateTaskBody }) =>
      api.post(`pm/v2/projects/${event.project_id}/tasks/${event.id}/update`, { schema: itemEnvelope(taskSchema), body }),
    // The task's lists, counts and feed, My Tasks and the calendar show the new dates too.
    onSuccess: (answer) => {
      void invalidateAfter(queryClient, { entity: "task", projectId: answer.data.project_id, taskId: answer.data.id });
    },
    onError: notifyError,
    // A refused move puts the event back: the calendar is re-read either way.
    onSettled: () => invalidateAfter(queryClient, { entity: "calendar" }),
    meta: { silent: true },
  });
}

/** Saves a milestone's new achieve date; like task moves, quiet on success and toasted on refusal. */
export function useMoveMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, body }: { event: CalendarEvent; body: UpdateMilestoneBody }) =>
      api.post(`pm/v2/projects/${event.project_id}/milestones/${event.id}/update`, { schema: itemEnvelope(milestoneSchema), body }),
    onSuccess: (_answer, { event }) => {
      void invalidateAfter(queryClient, { entity: "milestone", projectId: event.project_id });
    },
    onError: notifyError,
    onSettled: () => invalidateAfter(queryClient, { entity: "calendar" }),
    meta: { silent: true },
  });
}
