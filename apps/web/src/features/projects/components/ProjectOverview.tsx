import { Badge, Card, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Project } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../../../i18n/keys.js";
import { ActivityFeed } from "../../activities/components/ActivityFeed.js";
import { ActivityGraph } from "../../activities/components/ActivityGraph.js";
import { RichTextView } from "../../../components/RichTextView.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useProject } from "../hooks/use-projects.js";

type Counts = NonNullable<Project["meta"]>["data"];

const COUNTS: ReadonlyArray<{ key: keyof Counts; label: TranslationKey }> = [
  { key: "total_task_lists", label: "overview.counts.lists" },
  { key: "total_complete_tasks", label: "overview.counts.tasks_done" },
  { key: "total_incomplete_tasks", label: "overview.counts.tasks_open" },
  { key: "total_discussion_boards", label: "overview.counts.discussions" },
  { key: "total_milestones", label: "overview.counts.milestones" },
  { key: "total_comments", label: "overview.counts.comments" },
  { key: "total_files", label: "overview.counts.files" },
  { key: "total_activities", label: "overview.counts.activities" },
];

/** The overview of a project. Rendered inside ProjectLayout, which has already loaded the project. */
export function ProjectOverview({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data: project } = useProject(projectId);
  if (!project) return null;
  const counts = project.meta?.data;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xs: 4, md: 8 }} spacing="sm" role="group" aria-label={t("overview.counts_label")}>
        {COUNTS.map((count) => (
          <Paper key={count.key} withBorder p="sm" radius="md">
            <Text fw={700} size="xl" lh={1.2}>
              {counts ? counts[count.key] : 0}
            </Text>
            <Text size="xs" c="dimmed">
              {t(count.label)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Card withBorder radius="md">
        <Title order={2} size="h5" mb="sm">
          {t("overview.graph_title")}
        </Title>
        <ActivityGraph projectId={projectId} />
      </Card>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" h="100%">
            <Title order={2} size="h5" mb="sm">
              {t("overview.recent")}
            </Title>
            <ActivityFeed projectId={projectId} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {project.description.html && (
              <Card withBorder radius="md">
                <Title order={2} size="h5" mb="xs">
                  {t("overview.about")}
                </Title>
                <RichTextView html={project.description.html} />
              </Card>
            )}
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="sm">
                {t("overview.members")}
              </Title>
              {project.assignees.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("overview.members_empty")}
                </Text>
              ) : (
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                  {project.assignees.data.map((member) => {
                    const role = member.roles.data[0]?.slug ?? "co_worker";
                    return (
                      <Group key={member.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
                        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                          <UserAvatar user={member} size={28} />
                          <Text size="sm" truncate>
                            {member.display_name}
                          </Text>
                        </Group>
                        <Badge variant="light" color={role === "manager" ? "blue" : role === "client" ? "grape" : "gray"} style={{ flexShrink: 0 }}>
                          {t(`projects.roles.${role}`)}
                        </Badge>
                      </Group>
                    );
                  })}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
