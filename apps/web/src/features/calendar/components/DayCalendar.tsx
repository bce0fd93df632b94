import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import "./calendar.css";
import FullCalendar, { type CalendarRef, type EventInput } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import classicTheme from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import type { CalendarEvent } from "@plotline/contracts";
import { IconFlag, IconLock } from "@tabler/icons-react";
import { useMemo, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { todayString } from "../../../lib/dates.js";
import { dayOf } from "../lib/calendar-dates.js";
import { eventLook } from "../lib/event-style.js";
import type { CalendarViewName } from "./CalendarToolbar.js";

/**
 * FullCalendar's view for each of ours: month, basic week (day grid), the day with its 24 hours, and the
 * month as a list of days (the agenda a phone opens on, where a month grid leaves room for nothing).
 */
export const FULLCALENDAR_VIEWS: Record<Exclude<CalendarViewName, "user">, string> = {
  month: "dayGridMonth",
  week: "dayGridWeek",
  day: "timeGridDay",
  list: "listMonth",
};

/** What the calendar shows after a navigation: its title and the range `[start, end)` on screen. */
export interface ShownRange {
  title: string;
  start: string;
  end: string;
  /** The day the calendar is centred on, kept when switching to the user view and back. */
  anchor: string;
}

/** Undoes a move on screen, when the server refused it. */
export type Revert = () => void;

function EventLabel({ event, state }: { event: CalendarEvent; state: string }) {
  const { t } = useTranslation();
  return (
    <span className={`plotline-event plotline-event--${state}`}>
      {event.type === "milestone" && <IconFlag size={12} aria-label={t("calendar.legend.milestone")} role="img" />}
      {event.meta.privacy === "1" && <IconLock size={12} aria-label={t("calendar.private")} role="img" />}
      <span className="plotline-event__title">{event.title}</span>
    </span>
  );
}

/**
 * Month, basic week and day views of FullCalendar 7 (its MIT parts). Events are whole days; the toolbar is
 * ours (`headerToolbar` off), driven through `calendarRef`. Events are focusable (`eventInteractive`) and
 * open with Enter; dragging and resizing need a pointer, as FullCalendar offers no keyboard moves.
 */
export function DayCalendar({
  calendarRef,
  view,
  anchor,
  firstDay,
  events,
  onRange,
  onDayClick,
  onOpen,
  onMove,
  onResize,
}: {
  calendarRef: Ref<CalendarRef>;
  view: Exclude<CalendarViewName, "user">;
  anchor: string;
  /** The site's first day of the week, 0 (Sunday) to 6. */
  firstDay: number;
  events: readonly CalendarEvent[];
  onRange: (range: ShownRange) => void;
  onDayClick: (day: string) => void;
  onOpen: (event: CalendarEvent) => void;
  onMove: (event: CalendarEvent, newStart: string, revert: Revert) => void;
  onResize: (event: CalendarEvent, newEnd: string, revert: Revert) => void;
}) {
  const { t } = useTranslation();
  const today = todayString();
  // One array per answer: a new array would make FullCalendar redraw, snapping a dragged event back early.
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((event) => {
        const look = eventLook(event, today);
        return {
          id: `${event.type}-${event.id}`,
          title: event.title,
          start: event.start,
          end: event.end,
          allDay: true,
          color: look.background,
          contrastColor: look.text,
          editable: event.abilities.can_edit,
          durationEditable: event.type === "task" && event.abilities.can_edit,
          interactive: true,
          extendedProps: { event, state: look.state },
        };
      }),
    [events, today],
  );

  const eventOf = (input: { extendedProps: Record<string, unknown> }) => input.extendedProps.event as CalendarEvent;

  return (
    <div className="plotline-calendar">
      <FullCalendar
        ref={calendarRef}
        class="plotline-fc"
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
        initialView={FULLCALENDAR_VIEWS[view]}
        initialDate={anchor}
        headerToolbar={false}
        views={{ dayGridWeek: { titleFormat: { year: "numeric", month: "short", day: "numeric" } } }}
        aspectRatio={1.8}
        // A list grows with its days and the page scrolls, rather than a box inside the page.
        height={view === "list" ? "auto" : undefined}
        scrollTime="00:00:00"
        firstDay={firstDay}
        dayMaxEvents
        eventInteractive
        allDayText={t("calendar.all_day")}
        moreLinkText={(count: number) => t("calendar.more", { count })}
        noEventsText={t("calendar.no_events")}
        events={inputs}
        datesSet={(info) => {
          const api = info.view.calendar;
          onRange({ title: info.view.title, start: dayOf(info.start), end: dayOf(info.end), anchor: dayOf(api.getDate()) });
        }}
        dateClick={(info) => onDayClick(dayOf(info.date))}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(eventOf(info.event));
        }}
        eventDrop={(info) => {
          if (!info.event.start) return info.revert();
          onMove(eventOf(info.event), dayOf(info.event.start), info.revert);
        }}
        eventResize={(info) => {
          if (!info.event.end) return info.revert();
          onResize(eventOf(info.event), dayOf(info.event.end), info.revert);
        }}
        eventContent={(info) => <EventLabel event={eventOf(info.event)} state={String(info.event.extendedProps.state)} />}
      />
    </div>
  );
}
