import { Badge, ColorSwatch, Group, Text } from "@mantine/core";
import type { Sprint, SprintProject } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { formatDate, formatDayRange, todayString } from "../../../lib/dates.js";
import { sprintTiming } from "../lib/sprint-figures.js";

/** Green for completed: the theme darkens its light badge text to keep 4.5:1 (theme.tsx). */
const STATUS_COLORS: Record<Sprint["status"], string> = { planned: "gray", active: "blue", completed: "green" };

/** The sprint's status as a small badge. */
export function SprintStatusBadge({ status }: { status: Sprint["status"] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {t(`sprints.status_${status}`)}
    </Badge>
  );
}

/** "Nov 23 – Dec 4, 2026", the sprint's planned days. */
export function sprintDates(sprint: Pick<Sprint, "start_at" | "due_date">): string {
  return formatDayRange(sprint.start_at.date.slice(0, 10), sprint.due_date.date.slice(0, 10));
}

/** Where the sprint stands against its dates: "4 days left", "Starts in 2 days", "2 days over", "Completed 11/30/2026". */
export function SprintTimingText({ sprint }: { sprint: Pick<Sprint, "status" | "start_at" | "due_date" | "completed_at"> }) {
  const { t } = useTranslation();
  const timing = sprintTiming(sprint, todayString());
  let text: string;
  switch (timing.kind) {
    case "starts_in":
      text = t("sprints.starts_in", { count: timing.days });
      break;
    case "starts_today":
      text = t("sprints.starts_today");
      break;
    case "late_start":
      text = t("sprints.late_start", { count: timing.days });
      break;
    case "days_left":
      text = t("sprints.days_left", { count: timing.days });
      break;
    case "last_day":
      text = t("sprints.last_day");
      break;
    case "overdue":
      text = t("sprints.overdue", { count: timing.days });
      break;
    case "ended":
      text = t("sprints.ended", { day: formatDate(timing.day) });
      break;
  }
  const isLate = timing.kind === "overdue" || timing.kind === "late_start";
  return (
    <Text size="sm" c={isLate ? "red" : "dimmed"} fw={isLate ? 600 : undefined}>
      {text}
    </Text>
  );
}

/** The projects a sprint spans, each with its colour. */
export function ProjectBadges({ projects }: { projects: readonly SprintProject[] }) {
  const { t } = useTranslation();
  if (projects.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" aria-label={t("sprints.projects_label")} role="list">
      {projects.map((project) => (
        <Badge
          key={project.id}
          role="listitem"
          variant="outline"
          color="gray"
          radius="sm"
          tt="none"
          fw={500}
          leftSection={<ColorSwatch color={project.color ?? "var(--mantine-color-gray-5)"} size={8} withShadow={false} />}
        >
          {project.title}
        </Badge>
      ))}
    </Group>
  );
}
