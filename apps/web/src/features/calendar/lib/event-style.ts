import { calendarEventState, type CalendarEvent, type CalendarEventState } from "@plotline/contracts";
import type { TranslationKey } from "../../../i18n/keys.js";

/** Colours of each kind of event, as the legend shows them: tasks orange, milestones blue. */
export const EVENT_COLORS: Record<CalendarEventState, { background: string; text: string }> = {
  running: { background: "var(--mantine-color-orange-6)", text: "var(--mantine-color-white)" },
  finished: { background: "var(--mantine-color-orange-1)", text: "var(--mantine-color-orange-9)" },
  expired: { background: "var(--mantine-color-red-7)", text: "var(--mantine-color-white)" },
  milestone: { background: "var(--mantine-color-blue-6)", text: "var(--mantine-color-white)" },
};

/** The legend's entries in the spec's order, with the i18n key of each label. */
export const LEGEND: ReadonlyArray<{ state: CalendarEventState; label: TranslationKey }> = [
  { state: "running", label: "calendar.legend.incomplete" },
  { state: "finished", label: "calendar.legend.complete" },
  { state: "expired", label: "calendar.legend.outstanding" },
  { state: "milestone", label: "calendar.legend.milestone" },
];

/** How an event is drawn today: its state (finished, running, expired, milestone) and its colours. */
export function eventLook(event: CalendarEvent, today: string) {
  const state = calendarEventState(event, today);
  return { state, ...EVENT_COLORS[state] };
}
