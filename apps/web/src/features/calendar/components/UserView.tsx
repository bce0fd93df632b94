import "./calendar.css";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { UNASSIGNED_USER_ID, type CalendarResourceEvent, type CalendarUser } from "@plotline/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatWeekday, todayString } from "../../../lib/dates.js";
import { addDays, placeInLanes } from "../lib/calendar-dates.js";
import { UserViewRow } from "./UserViewRow.js";

/** What a drop in the user view asks for: a move (days and maybe another row) or a new end. */
export type UserViewChange =
  | { kind: "move"; event: CalendarResourceEvent; dayShift: number; toRow: number }
  | { kind: "resize"; event: CalendarResourceEvent; newEnd: string };

/** Data carried by a draggable bar or resize handle. */
export interface BarDragData {
  kind: "move" | "resize";
  event: CalendarResourceEvent;
}

// A pointer says which row it is over; the keyboard moves the bar itself, so its rectangle decides.
const collisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/**
 * The user view: a row per person (and Unassigned), seven day columns of 24-hour slots. Built with dnd-kit
 * because FullCalendar's resource timeline is not free. A bar dragged sideways moves its task's dates by
 * whole days, dragged to another row gives it to that person; its right edge resizes it. With the
 * keyboard: Space picks a bar up, arrows move it (left/right a day, up/down a person), Space drops it,
 * Escape puts it back; Enter opens the task.
 */
export function UserView({
  days,
  resources,
  events,
  onChange,
  onOpen,
  onDayClick,
}: {
  days: readonly string[];
  resources: readonly CalendarUser[];
  events: readonly CalendarResourceEvent[];
  onChange: (change: UserViewChange) => void;
  onOpen: (event: CalendarResourceEvent) => void;
  onDayClick: (day: string, userId: number) => void;
}) {
  const { t } = useTranslation();
  const today = todayString();
  const { ref: daysRef, width } = useElementSize();
  const columnWidth = width > 0 ? width / 7 : 1;
  const widthRef = useRef(columnWidth);
  widthRef.current = columnWidth;

  // Arrow keys step a whole day sideways, or to the same place in the next row up or down.
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
    const step = widthRef.current;
    if (event.code === "ArrowRight") return { ...currentCoordinates, x: currentCoordinates.x + step };
    if (event.code === "ArrowLeft") return { ...currentCoordinates, x: currentCoordinates.x - step };
    if (event.code !== "ArrowDown" && event.code !== "ArrowUp") return undefined;
    const rows = [...context.droppableRects.values()].sort((a, b) => a.top - b.top);
    const current = rows.findIndex((rect) => currentCoordinates.y >= rect.top - 1 && currentCoordinates.y < rect.top + rect.height);
    const target = rows[current + (event.code === "ArrowDown" ? 1 : -1)];
    const from = rows[current];
    if (!target || !from) return undefined;
    return { ...currentCoordinates, y: target.top + (currentCoordinates.y - from.top) };
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates, keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] } }),
  );

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const data = active.data.current as BarDragData | undefined;
    if (!data) return;
    const dayShift = Math.round(delta.x / widthRef.current);
    if (data.kind === "resize") {
      const newEnd = addDays(data.event.end, dayShift);
      if (dayShift !== 0 && newEnd > data.event.start) onChange({ kind: "resize", event: data.event, newEnd });
      return;
    }
    const toRow = typeof over?.data.current?.userId === "number" ? (over.data.current.userId as number) : data.event.resource_id;
    if (dayShift !== 0 || toRow !== data.event.resource_id) onChange({ kind: "move", event: data.event, dayShift, toRow });
  };

  const titleOf = (active: { data: { current?: unknown } }) => (active.data.current as BarDragData | undefined)?.event.title ?? "";
  const rowName = (userId: unknown) => resources.find((row) => row.id === userId)?.display_name ?? "";

  return (
    <div className="plotline-userview" data-testid="user-view">
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t("calendar.user_view.instructions") },
          announcements: {
            onDragStart: ({ active }) => t("calendar.user_view.picked_up", { title: titleOf(active) }),
            onDragOver: ({ active, over }) => (over ? t("calendar.user_view.over_row", { title: titleOf(active), name: rowName(over.data.current?.userId) }) : undefined),
            onDragEnd: ({ active }) => t("calendar.user_view.dropped", { title: titleOf(active) }),
            onDragCancel: ({ active }) => t("calendar.user_view.cancelled", { title: titleOf(active) }),
          },
        }}
      >
        <div className="plotline-userview__head" role="presentation">
          <Text size="sm" fw={600} px={10} py={6}>
            {t("calendar.user_view.people")}
          </Text>
          <div className="plotline-userview__days" ref={daysRef}>
            {days.map((day) => (
              <div key={day} className="plotline-userview__day" data-today={day === today || undefined}>
                {formatWeekday(day)}
              </div>
            ))}
          </div>
        </div>
        {resources.map((resource) => (
          <UserViewRow
            key={resource.id}
            resource={resource}
            name={resource.id === UNASSIGNED_USER_ID ? t("calendar.unassigned") : resource.display_name}
            days={days}
            today={today}
            placed={placeInLanes(
              events.filter((event) => event.resource_id === resource.id),
              days,
            )}
            onOpen={onOpen}
            onDayClick={onDayClick}
          />
        ))}
      </DndContext>
    </div>
  );
}
