import { UNASSIGNED_USER_ID, type CalendarEvent, type CalendarResourceEvent, type CalendarUser } from "@plotline/contracts";
import { useState } from "react";
import { addDays, movedTaskDates, resizedTaskDates, taskUpdateBody } from "../lib/calendar-dates.js";
import type { UserViewChange } from "../components/UserView.js";
import { useMoveMilestone, useMoveTask } from "./use-calendar.js";

/** Undoes a move on screen. */
type Revert = () => void;

/** Assignees after a bar moved from one row to another: the row's person is swapped for the new row's. */
export function reassigned(event: CalendarResourceEvent, toRow: number): number[] {
  const ids = event.assignees.data.map((user) => user.id);
  if (toRow === event.resource_id) return ids;
  const kept = ids.filter((id) => id !== event.resource_id);
  return toRow === UNASSIGNED_USER_ID || kept.includes(toRow) ? kept : [...kept, toRow];
}

/**
 * Saves what the calendar's drags and resizes ask for, through the task and milestone update calls. The
 * month, week and day views put a refused event back with FullCalendar's `revert`; the user view shows its
 * moves at once from `pending` and drops them when the server refuses (or once the fresh answer is in).
 */
export function useCalendarMoves() {
  const moveTask = useMoveTask();
  const moveMilestone = useMoveMilestone();
  const [pending, setPending] = useState<CalendarResourceEvent[] | null>(null);

  function saveTask(event: CalendarEvent, dates: ReturnType<typeof movedTaskDates>, assignees: readonly number[] | undefined, revert: Revert) {
    moveTask.mutate({ event, body: taskUpdateBody(event, dates, assignees) }, { onError: revert });
  }

  return {
    pending,

    /** A month, week or day drag: the task's dates move together, a milestone's achieve date moves. */
    onMove(event: CalendarEvent, newStart: string, revert: Revert) {
      if (event.type === "milestone") {
        const body = { title: event.title, achieve_date: newStart, status: event.status === 1 ? 1 : 0 };
        moveMilestone.mutate({ event, body }, { onError: revert });
        return;
      }
      saveTask(event, movedTaskDates(event, newStart), undefined, revert);
    },

    /** A resize to a new exclusive end: the due date is the day before it. */
    onResize(event: CalendarEvent, newEnd: string, revert: Revert) {
      saveTask(event, resizedTaskDates(event, newEnd), undefined, revert);
    },

    /** A user view drop, shown at once over `events` (the rows' current answer). */
    onUserViewChange(change: UserViewChange, events: readonly CalendarResourceEvent[], rows: readonly CalendarUser[]) {
      const { event } = change;
      const dates = change.kind === "move" ? movedTaskDates(event, addDays(event.start, change.dayShift)) : resizedTaskDates(event, change.newEnd);
      const assignees = change.kind === "move" ? reassigned(event, change.toRow) : event.assignees.data.map((user) => user.id);
      const shown = { ...event, ...(change.kind === "move" ? { start: addDays(event.start, change.dayShift), end: addDays(event.end, change.dayShift) } : { end: change.newEnd }) };
      const rowIds = new Set(rows.map((row) => row.id));
      const placedOn = assignees.length === 0 ? [UNASSIGNED_USER_ID] : assignees;
      const others = (pending ?? events).filter((candidate) => !(candidate.type === "task" && candidate.id === event.id));
      setPending([...others, ...placedOn.filter((id) => rowIds.has(id)).map((id) => ({ ...shown, resource_id: id }))]);
      moveTask.mutate(
        { event, body: taskUpdateBody(event, dates, assignees) },
        // After a refusal the bar returns; after success the fresh answer has been fetched, so it takes over.
        { onSettled: () => setPending(null) },
      );
    },
  };
}
