import { Button, Group } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconClockHour4, IconListCheck, IconReportAnalytics } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useTimeTrackerOn } from "../hooks/use-time-tracker.js";

/**
 * "Tasks | Timesheet | Reports": the views of My Tasks, as links (each has its own address). Timesheet goes
 * with the time tracker, Reports (the personal estimate report) with the reports module; nothing while
 * My Tasks has one view only.
 */
export function MyTasksTabs({ current }: { current: "tasks" | "timesheet" | "reports" }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const timeTrackerOn = useTimeTrackerOn();
  const reportsOn = me.active_modules.includes("reports");
  const views = [
    { key: "tasks", to: routePath("my_tasks"), label: t("timesheet.tab_tasks"), icon: <IconListCheck size={16} />, shown: true },
    { key: "timesheet", to: routePath("timesheet"), label: t("timesheet.tab_timesheet"), icon: <IconClockHour4 size={16} />, shown: timeTrackerOn },
    { key: "reports", to: routePath("mytask-reports", { user_id: me.user.id }), label: t("menu.reports"), icon: <IconReportAnalytics size={16} />, shown: reportsOn },
  ].filter((view) => view.shown);
  if (views.length < 2) return null;
  return (
    <Group component="nav" aria-label={t("timesheet.tabs_label")} gap={4} wrap="nowrap">
      {views.map((view) => (
        <Button
          key={view.key}
          component={Link}
          to={view.to}
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
