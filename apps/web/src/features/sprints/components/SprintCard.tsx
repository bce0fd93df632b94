import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import { routePath, type Sprint } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProjectBadges, SprintStatusBadge, SprintTimingText, sprintDates } from "./SprintBits.js";
import { SprintProgress } from "./SprintProgress.js";

/** A sprint in the list: its title (the link to its page), dates, goal, progress by count and estimation, and projects. */
export function SprintCard({ sprint }: { sprint: Sprint }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`sprint-${sprint.id}-title`} className="sprint-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={routePath("single_sprint", { sprint_id: sprint.id })}
            fw={600}
            size="lg"
            c="var(--mantine-color-text)"
            id={`sprint-${sprint.id}-title`}
            lineClamp={2}
            style={{ minWidth: 0 }}
          >
            {sprint.title}
          </Anchor>
          <SprintStatusBadge status={sprint.status} />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{sprintDates(sprint)}</Text>
          <SprintTimingText sprint={sprint} />
        </Group>
        <Text size="sm" c={sprint.goal ? undefined : "dimmed"} fs={sprint.goal ? undefined : "italic"} lineClamp={2}>
          {sprint.goal || t("sprints.no_goal")}
        </Text>
        <div style={{ marginTop: "auto" }}>
          <SprintProgress counters={sprint.counters} size="xs" />
        </div>
        <ProjectBadges projects={sprint.projects.data} />
      </Stack>
    </Card>
  );
}
