import { Button, Group } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconClockHour4, IconListCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTimeTrackerOn } from "../hooks/use-time-tracker.js";

/**
 * "Tasks | Timesheet": the two views of My Tasks, as links (each has its own address). Nothing while the
 * time tracker is off, as My Tasks then has one view.
 */
export function MyTasksTabs({ current }: { current: "tasks" | "timesheet" }) {
  const { t } = useTranslation();
  const on = useTimeTrackerOn();
  if (!on) return null;
  const views = [
    { key: "tasks", route: "my_tasks", label: t("timesheet.tab_tasks"), icon: <IconListCheck size={16} /> },
    { key: "timesheet", route: "timesheet", label: t("timesheet.tab_timesheet"), icon: <IconClockHour4 size={16} /> },
  ] as const;
  return (
    <Group component="nav" aria-label={t("timesheet.tabs_label")} gap={4} wrap="nowrap">
      {views.map((view) => (
        <Button
          key={view.key}
          component={Link}
          to={routePath(view.route)}
          size="xs"
          radius="xl"
          variant={view.key === current ? "light" : "subtle"}
          color={view.key === current ? undefined : "gray"}
          leftSection={view.icon}
          aria-current={view.key === current ? "page" : undefined}
          data-testid={`my-tasks-view-${view.key}`}
        >
          {view.label}
        </Button>
      ))}
    </Group>
  );
}
