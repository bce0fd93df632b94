import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Text } from "@mantine/core";
import { UNASSIGNED_USER_ID, type CalendarResourceEvent, type CalendarUser } from "@plotline/contracts";
import { IconLock, IconUserOff } from "@tabler/icons-react";
import type { CSSProperties, KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { formatDate } from "../../../lib/dates.js";
import type { PlacedEvent } from "../lib/calendar-dates.js";
import { eventLook } from "../lib/event-style.js";
import type { BarDragData } from "./UserView.js";

const LANE_PX = 28;

function Bar({ placed, today, onOpen }: { placed: PlacedEvent<CalendarResourceEvent>; today: string; onOpen: (event: CalendarResourceEvent) => void }) {
  const { t } = useTranslation();
  const { event } = placed;
  const key = `${event.resource_id}:${event.type}:${event.id}`;
  const canEdit = event.abilities.can_edit;
  const move = useDraggable({ id: `move:${key}`, data: { kind: "move", event } satisfies BarDragData, disabled: !canEdit });
  const resize = useDraggable({ id: `resize:${key}`, data: { kind: "resize", event } satisfies BarDragData, disabled: !canEdit });
  const look = eventLook(event, today);
  const moveX = move.transform ? `translate(${move.transform.x}px, ${move.transform.y}px)` : undefined;
  const growth = resize.transform?.x ?? 0;
  const style: CSSProperties = {
    top: 4 + placed.lane * LANE_PX,
    left: `calc(${(placed.column / 7) * 100}% + 2px)`,
    width: `calc(${(placed.span / 7) * 100}% - 4px + ${growth}px)`,
    minWidth: 24,
    transform: moveX,
    background: look.background,
    color: look.text,
  };
  const dates = [formatDate(event.start_at), formatDate(event.due_date)].filter(Boolean).join(" – ");
  const label = t("calendar.user_view.bar_label", { title: event.title, dates, state: t(`calendar.state.${look.state}`) });
  const onKeyDown = (keyEvent: KeyboardEvent<HTMLDivElement>) => {
    if (keyEvent.key === "Enter" && !move.isDragging) {
      keyEvent.preventDefault();
      onOpen(event);
      return;
    }
    move.listeners?.onKeyDown?.(keyEvent);
  };
  return (
    <div
      ref={move.setNodeRef}
      className={`plotline-userview__bar plotline-event--${look.state}`}
      style={style}
      data-dragging={move.isDragging || resize.isDragging || undefined}
      data-continues-before={placed.continuesBefore || undefined}
      data-continues-after={placed.continuesAfter || undefined}
      data-testid="user-view-event"
      data-row={event.resource_id}
    >
      <div
        {...move.attributes}
        {...move.listeners}
        onKeyDown={onKeyDown}
        className="plotline-userview__bar-body"
        data-readonly={!canEdit || undefined}
        aria-label={label}
        aria-roledescription={canEdit ? t("calendar.user_view.draggable") : undefined}
        title={`${event.title}${dates ? ` (${dates})` : ""}`}
        onClick={() => onOpen(event)}
      >
        {event.meta.privacy === "1" && <IconLock size={12} aria-hidden />}
        <span className="plotline-event__title">{event.title}</span>
      </div>
      {canEdit && !placed.continuesAfter && (
        <div ref={resize.setNodeRef} {...resize.listeners} className="plotline-userview__resize" aria-hidden data-testid="user-view-resize" />
      )}
    </div>
  );
}

/** One person's row: the name, seven day cells (a click adds a task for them that day) and their task bars. */
export function UserViewRow({
  resource,
  name,
  days,
  today,
  placed,
  onOpen,
  onDayClick,
}: {
  resource: CalendarUser;
  name: string;
  days: readonly string[];
  today: string;
  placed: ReadonlyArray<PlacedEvent<CalendarResourceEvent>>;
  onOpen: (event: CalendarResourceEvent) => void;
  onDayClick: (day: string, userId: number) => void;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `row:${resource.id}`, data: { userId: resource.id } });
  const lanes = placed.reduce((most, item) => Math.max(most, item.lane + 1), 0);
  return (
    <div className="plotline-userview__row" data-over={isOver || undefined} data-testid="user-view-row" data-user-id={resource.id} role="group" aria-label={name}>
      <div className="plotline-userview__name">
        {resource.id === UNASSIGNED_USER_ID ? (
          <IconUserOff size={20} aria-hidden color="var(--mantine-color-gray-6)" />
        ) : (
          <UserAvatar user={resource} size={26} />
        )}
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
      </div>
      <div className="plotline-userview__track" ref={setNodeRef} style={{ minHeight: Math.max(1, lanes) * LANE_PX + 8 }}>
        <div className="plotline-userview__cells">
          {days.map((day) => (
            <div
              key={day}
              className="plotline-userview__cell"
              data-today={day === today || undefined}
              onClick={() => onDayClick(day, resource.id)}
              title={t("calendar.user_view.add_here", { name })}
              data-day={day}
            />
          ))}
        </div>
        {placed.map((item) => (
          <Bar key={`${item.event.type}:${item.event.id}`} placed={item} today={today} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}
