import { ActionIcon, Button, Group, SegmentedControl, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The calendar's views: month (default), basic week, timeline day, the month as a list, and the user view. */
export const CALENDAR_VIEWS = ["month", "week", "day", "list", "user"] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];

/** Screens this narrow are phones: the calendar opens on its list and the toolbar stacks. */
export const PHONE_QUERY = "(max-width: 36em)";

/**
 * Today, previous, next and the title, then the view switch and a New task button (the keyboard's way to
 * what a click on a day does). Mantine controls, so every one is reachable with Tab.
 */
export function CalendarToolbar({
  title,
  view,
  onView,
  onToday,
  onPrev,
  onNext,
  onNewTask,
  canCreate,
}: {
  title: string;
  view: CalendarViewName;
  onView: (view: CalendarViewName) => void;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onNewTask: () => void;
  canCreate: boolean;
}) {
  const { t } = useTranslation();
  const unit = t(`calendar.unit.${view}`);
  // Five views side by side fit a phone only in the small size, across the whole width.
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={onToday}>
          {t("calendar.today")}
        </Button>
        <Tooltip label={t("calendar.previous", { unit })} withArrow>
          <ActionIcon variant="default" size="lg" onClick={onPrev} aria-label={t("calendar.previous", { unit })}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("calendar.next", { unit })} withArrow>
          <ActionIcon variant="default" size="lg" onClick={onNext} aria-label={t("calendar.next", { unit })}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Title order={2} size="h3" ml="xs" aria-live="polite" data-testid="calendar-title">
          {title}
        </Title>
      </Group>
      <Group gap="sm" wrap="wrap" w={isPhone ? "100%" : undefined}>
        <SegmentedControl
          value={view}
          onChange={(value) => onView(value as CalendarViewName)}
          data={CALENDAR_VIEWS.map((name) => ({ value: name, label: t(`calendar.views.${name}`) }))}
          aria-label={t("calendar.view")}
          size={isPhone ? "xs" : "sm"}
          fullWidth={isPhone}
        />
        {canCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNewTask}>
            {t("calendar.new_task")}
          </Button>
        )}
      </Group>
    </Group>
  );
}
